#include "domain/money/chain_catalog.h"

#include "base/strings.h"

namespace payd::domain {

std::string ConfirmationPolicy::ToString() const {
  switch (kind) {
    case Kind::kSafe:
      return "safe";
    case Kind::kFinalized:
      return "finalized";
    case Kind::kBlocks:
      return std::to_string(blocks);
  }
  return "";
}

const TokenInfo* ChainInfo::FindToken(const std::string& symbol) const {
  if (native.symbol == symbol) return &native;
  for (const auto& token : tokens) {
    if (token.symbol == symbol) return &token;
  }
  return nullptr;
}

std::string ChainCatalog::NameOf(std::int64_t id) const {
  const ChainInfo* chain = FindChain(id);
  return chain ? chain->name : std::to_string(id);
}

const TokenInfo* ChainInfo::FindTokenByAddress(const std::string& address) const {
  for (const auto& token : tokens) {
    if (token.address && base::EqualsIgnoreCase(*token.address, address)) return &token;
  }
  return nullptr;
}

std::vector<const TokenInfo*> ChainInfo::AllTokens() const {
  std::vector<const TokenInfo*> out{&native};
  for (const auto& token : tokens) out.push_back(&token);
  return out;
}

const ChainInfo* ChainCatalog::FindChain(std::int64_t id) const {
  for (const auto& chain : chains_) {
    if (chain.id == id) return &chain;
  }
  return nullptr;
}

}  // namespace payd::domain
