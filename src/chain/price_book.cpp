#include "chain/price_book.h"

#include "base/log.h"
#include "chain/evm.h"
#include "domain/error.h"

namespace payd::chain {

namespace {

constexpr std::string_view kDecimalsSelector = "0x313ce567";     // decimals()
constexpr std::string_view kLatestRoundSelector = "0xfeaf968c";  // latestRoundData()

std::string EthCall(RpcClient& rpc, const std::string& to, std::string_view data) {
  auto result = rpc.Call("eth_call", {boost::json::object{{"to", to}, {"data", data}}, "latest"});
  return result.is_string() ? std::string(result.as_string()) : std::string();
}

// The n-th 32-byte word of ABI-encoded return data.
std::string Word(const std::string& data, std::size_t n) {
  std::size_t start = 2 + 64 * n;
  if (data.size() < start + 64) return {};
  return "0x" + data.substr(start, 64);
}

}  // namespace

void PriceBook::Set(std::int64_t chain_id, const std::string& symbol, domain::UsdPrice price,
                    base::TimeMs updated_at) {
  std::lock_guard lock(mu_);
  entries_[{chain_id, symbol}] = Entry{price, updated_at};
}

domain::UsdPrice PriceBook::Price(const domain::ChainInfo& chain, const domain::TokenInfo& token) {
  std::lock_guard lock(mu_);
  auto it = entries_.find({chain.id, token.symbol});
  if (it == entries_.end()) {
    throw domain::Error(
        domain::ErrorKind::kUnavailable,
        "No USD price for " + token.symbol + " on " + chain.name + " yet; retry shortly.");
  }
  base::TimeMs age = base::NowMs() - it->second.updated_at;
  if (age > static_cast<base::TimeMs>(token.price_max_age_s) * 1000) {
    throw domain::Error(domain::ErrorKind::kUnavailable,
                        "The USD price of " + token.symbol + " is stale; retry later.");
  }
  return it->second.price;
}

void RefreshPrices(RpcClient& rpc, const domain::ChainInfo& chain, PriceBook& book) {
  for (const auto* token : chain.AllTokens()) {
    if (!token->price_feed) continue;
    auto decimals = ParseWord(Word(EthCall(rpc, *token->price_feed, kDecimalsSelector), 0));
    std::string round = EthCall(rpc, *token->price_feed, kLatestRoundSelector);
    auto answer = ParseWord(Word(round, 1));
    auto updated = ParseWord(Word(round, 3));
    // An int256 answer with the top bit set is negative: no price.
    bool negative = answer && (*answer >> 255) != 0;
    if (!decimals || *decimals > 36 || !answer || *answer == 0 || negative || !updated) {
      base::LogWarn(
          "price feed gave no usable answer",
          {{"chainId", chain.id}, {"token", token->symbol}, {"feed", *token->price_feed}});
      continue;
    }
    base::TimeMs updated_ms = static_cast<base::TimeMs>(*updated) * 1000;
    book.Set(chain.id, token->symbol,
             {*answer, static_cast<unsigned>(decimals->convert_to<unsigned>())}, updated_ms);
  }
}

}  // namespace payd::chain
