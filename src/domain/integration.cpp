#include "domain/integration.h"

#include <algorithm>

#include "base/ids.h"
#include "domain/address.h"
#include "domain/error.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

template <typename T>
bool HasDuplicates(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) != values.end();
}

}  // namespace

std::vector<OriginRule> Integration::OriginRules() const {
  std::vector<OriginRule> rules;
  for (const auto& entry : allowed_origins) {
    if (auto rule = ParseOriginRule(entry)) rules.push_back(*rule);
  }
  return rules;
}

std::vector<const TokenInfo*> Integration::TokensOn(const ChainInfo& chain) const {
  std::vector<const TokenInfo*> out;
  for (const auto& symbol : allow_tokens) {
    if (const TokenInfo* token = chain.FindToken(symbol)) out.push_back(token);
  }
  return out;
}

bool Integration::AllowsToken(const std::string& symbol) const {
  return std::find(allow_tokens.begin(), allow_tokens.end(), symbol) != allow_tokens.end();
}

Integration CreateIntegration(Store& store, const ChainCatalog& catalog,
                              const IntegrationRequest& request, base::TimeMs now) {
  if (!store.FindTenant(request.tenant_id)) {
    throw Error(ErrorKind::kNotFound, "No such tenant: " + request.tenant_id, "tenant");
  }
  if (request.name.empty() || request.name.size() > 200) {
    ThrowInvalid("name", "name must be 1 to 200 characters");
  }
  if (request.chains.empty()) ThrowInvalid("chains", "at least one chain is required");
  if (HasDuplicates(request.chains)) ThrowInvalid("chains", "chains lists a chain twice");
  std::vector<const ChainInfo*> chains;
  for (auto id : request.chains) {
    const ChainInfo* chain = catalog.FindChain(id);
    if (!chain) ThrowInvalid("chains", "chain " + std::to_string(id) + " is not configured");
    chains.push_back(chain);
  }
  if (request.tokens.empty()) ThrowInvalid("tokens", "at least one token is required");
  if (HasDuplicates(request.tokens)) ThrowInvalid("tokens", "tokens lists a token twice");
  for (const auto& symbol : request.tokens) {
    bool found = std::any_of(chains.begin(), chains.end(),
                             [&](const ChainInfo* c) { return c->FindToken(symbol) != nullptr; });
    if (!found) ThrowInvalid("tokens", "token " + symbol + " exists on none of the chains");
  }
  auto payout = ParseAddress(request.payout_address);
  if (!payout) {
    ThrowInvalid("payout",
                 "payout must be a 0x-prefixed 20-byte address with a valid EIP-55 checksum");
  }
  if (request.preferred_token && std::find(request.tokens.begin(), request.tokens.end(),
                                           *request.preferred_token) == request.tokens.end()) {
    ThrowInvalid("preferred-token", "preferred token must be one of the allowed tokens");
  }
  Integration integration;
  for (const auto& entry : request.origins) {
    auto rule = ParseOriginRule(entry);
    if (!rule) {
      ThrowInvalid("origins", "origin '" + entry +
                                  "' is neither an origin (https://shop.example) nor a "
                                  "wildcard (*.example.org)");
    }
    integration.allowed_origins.push_back(rule->ToString());
  }
  integration.id = base::NewId("int_");
  integration.tenant_id = request.tenant_id;
  integration.name = request.name;
  integration.allow_chains = request.chains;
  integration.allow_tokens = request.tokens;
  integration.payout_address = *payout;
  integration.auto_conversion = request.auto_conversion;
  integration.preferred_token = request.preferred_token;
  integration.created_at = now;
  store.InsertIntegration(integration);
  return integration;
}

}  // namespace payd::domain
