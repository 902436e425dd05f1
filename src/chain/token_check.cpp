#include "chain/token_check.h"

#include <charconv>

#include "chain/eth_call.h"

namespace payd::chain {

namespace {

constexpr std::string_view kDecimals = "0x313ce567";  // decimals()
constexpr std::string_view kSymbol = "0x95d89b41";    // symbol()

// A 32-byte word of `hex` (no 0x) as a number; none past 64 bits.
std::optional<std::uint64_t> WordAt(std::string_view hex, std::size_t word) {
  if (hex.size() < (word + 1) * 64) return std::nullopt;
  std::string_view w = hex.substr(word * 64, 64);
  if (w.substr(0, 48).find_first_not_of('0') != std::string_view::npos) return std::nullopt;
  std::uint64_t value = 0;
  auto tail = w.substr(48);
  if (std::from_chars(tail.data(), tail.data() + tail.size(), value, 16).ec != std::errc())
    return std::nullopt;
  return value;
}

std::optional<std::string> Bytes(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    unsigned byte = 0;
    if (std::from_chars(hex.data() + i, hex.data() + i + 2, byte, 16).ec != std::errc())
      return std::nullopt;
    out.push_back(static_cast<char>(byte));
  }
  return out;
}

}  // namespace

std::optional<std::string> DecodeAbiString(std::string_view hex) {
  if (hex.starts_with("0x")) hex.remove_prefix(2);
  if (hex.size() == 64) {
    // bytes32, right-padded with zeros (MKR and a few old tokens).
    auto text = Bytes(hex);
    if (!text) return std::nullopt;
    return text->substr(0, text->find('\0'));
  }
  auto offset = WordAt(hex, 0);
  if (!offset || *offset % 32 != 0) return std::nullopt;
  auto length = WordAt(hex, *offset / 32);
  std::size_t start = (*offset / 32 + 1) * 64;
  if (!length || hex.size() < start + *length * 2) return std::nullopt;
  return Bytes(hex.substr(start, *length * 2));
}

TokenCheck CheckTokens(RpcClient& rpc, const domain::ChainInfo& chain) {
  TokenCheck check;
  for (const auto& token : chain.tokens) {
    const std::string& address = *token.address;
    std::string who = token.symbol + " at " + address;
    auto decimals = EthCall(rpc, address, kDecimals);
    if (!decimals || decimals->empty()) {
      check.mismatches.push_back(who + ": no ERC-20 contract answers decimals() there");
      continue;
    }
    auto value = WordAt(*decimals, 0);
    if (!value || *value != token.decimals) {
      check.mismatches.push_back(who + ": the contract's decimals() is " +
                                 (value ? std::to_string(*value) : "not a number") +
                                 ", the configuration says " + std::to_string(token.decimals));
    }
    auto symbol_data = EthCall(rpc, address, kSymbol);
    auto symbol = symbol_data ? DecodeAbiString(*symbol_data) : std::nullopt;
    const std::string& expected = token.contract_symbol.value_or(token.symbol);
    if (symbol && *symbol == expected) continue;
    std::string seen = symbol ? "\"" + *symbol + "\"" : "no readable symbol()";
    std::string line =
        who + ": the contract's symbol() is " + seen + ", expected \"" + expected + "\"";
    (token.contract_symbol ? check.mismatches : check.notes).push_back(line);
  }
  return check;
}

}  // namespace payd::chain
