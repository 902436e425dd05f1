// USD prices for tokens that are neither pegged nor fixed in config: read
// from Chainlink-style aggregators by the chain watchers (RefreshPrices) and
// served to request handlers from memory, so that creating an intent never
// waits on a node. A price older than the token's price_max_age_s is refused.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "base/time.h"
#include "chain/rpc_client.h"
#include "domain/pricing.h"

namespace payd::chain {

class PriceBook final : public domain::PriceSource {
 public:
  void Set(std::int64_t chain_id, const std::string& symbol, domain::UsdPrice price,
           base::TimeMs updated_at);
  domain::UsdPrice Price(const domain::ChainInfo& chain, const domain::TokenInfo& token) override;

 private:
  struct Entry {
    domain::UsdPrice price;
    base::TimeMs updated_at = 0;
  };
  std::mutex mu_;
  std::map<std::pair<std::int64_t, std::string>, Entry> entries_;
};

// Reads every price feed of `chain` (decimals() and latestRoundData()) into
// `book`. Throws RpcError; a feed answering nonsense is skipped with a log line.
void RefreshPrices(RpcClient& rpc, const domain::ChainInfo& chain, PriceBook& book);

}  // namespace payd::chain
