// USD prices for tokens that are neither pegged nor fixed in config: read
// from Chainlink-style aggregators by the chain watchers (RefreshPrices) and
// served to request handlers from memory, so that creating an intent never
// waits on a node. A price older than the token's price_max_age_s is refused,
// and so is one dated ahead of this host's clock by more than a small skew
// (a feed cannot know the future: its clock or its answer is wrong).
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "base/time.h"
#include "chain/rpc_client.h"
#include "domain/money/pricing.h"
#include "domain/money/rate_book.h"

namespace payd::chain {

// How far a feed's updatedAt may be ahead of this host's clock: node and host
// clocks differ by seconds, not minutes.
inline constexpr base::TimeMs kFeedClockSkewMs = 60'000;

class PriceBook final : public domain::PriceSource {
 public:
  void Set(std::int64_t chain_id, const std::string& symbol, domain::UsdPrice price,
           base::TimeMs updated_at);
  // The feed's latest answer is no price (RefreshPrices logs why): until the
  // next good one, there is none.
  void Refuse(std::int64_t chain_id, const std::string& symbol);
  domain::UsdPrice Price(const domain::ChainInfo& chain, const domain::TokenInfo& token) override;

  // Currencies' rates, which the chain watchers' fiat feeds, the ECB's daily
  // file and config write into.
  domain::RateBook& rates() { return rates_; }
  domain::CurrencyRate Rate(const std::string& currency) override;

 private:
  domain::RateBook rates_;
  struct Entry {
    std::optional<domain::UsdPrice> price;  // none: the feed's answer was unusable
    base::TimeMs updated_at = 0;
  };
  std::mutex mu_;
  std::map<std::pair<std::int64_t, std::string>, Entry> entries_;
};

// What payd makes of one feed's answers to decimals() and latestRoundData()
// (ABI-encoded hex): a price and when it was set, or the problem with them.
// Pure, and safe for any 256-bit values.
struct FeedAnswer {
  std::optional<domain::UsdPrice> price;
  base::TimeMs updated_at = 0;  // milliseconds, within now + kFeedClockSkewMs
  std::string problem;          // when there is no price
};
FeedAnswer JudgeFeedAnswer(std::string_view decimals_data, std::string_view round_data,
                           base::TimeMs now);

// Reads every price feed of `chain` into `book`. Throws RpcError; a feed
// answering nonsense has no price until it answers sense, with a log line.
// The chain's fiat rate feeds go into book.rates(), under RateFeedSource.
void RefreshPrices(RpcClient& rpc, const domain::ChainInfo& chain, PriceBook& book);

// The name a chain's fiat feeds have among a currency's rate sources:
// "chainlink:1" for Ethereum's.
std::string RateFeedSource(std::int64_t chain_id);

}  // namespace payd::chain
