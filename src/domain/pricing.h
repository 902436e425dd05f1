// Converting a USD amount into a token amount (DECISIONS §5). USD-pegged
// stablecoins convert 1:1; other tokens need a price, from a Chainlink-style
// feed or a fixed price in config (development). Token amounts are rounded
// up, so the merchant never receives less than the USD asked.
#pragma once

#include <optional>
#include <string>

#include "domain/amount.h"
#include "domain/chain_catalog.h"

namespace payd::domain {

// A USD price as a feed reports it: `answer` / 10^`decimals` USD per whole token.
struct UsdPrice {
  Uint256 answer = 0;
  unsigned decimals = 0;
};

// Where prices come from. Throws domain::Error(kUnavailable) when there is no
// usable price (none configured, the feed stale or unreachable).
class PriceSource {
 public:
  virtual ~PriceSource() = default;
  virtual UsdPrice Price(const ChainInfo& chain, const TokenInfo& token) = 0;
};

// Smallest token units worth at least `usd` (a decimal with at most 2 fraction digits).
Uint256 UsdToUnits(const std::string& usd, const TokenInfo& token, const UsdPrice& price);

// The price that needs no network: 1 for pegged tokens, price_usd from config.
std::optional<UsdPrice> StaticPrice(const TokenInfo& token);

}  // namespace payd::domain
