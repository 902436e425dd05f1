// Converting a USD amount into a token amount (DECISIONS §5). USD-pegged
// stablecoins convert 1:1; other tokens need a price, from a Chainlink-style
// feed or a fixed price in config (development). Token amounts are rounded
// up, so the merchant never receives less than the USD asked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/error.h"
#include "domain/money/amount.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

// How often every payd process reads the price feeds (chain::ChainWatcher):
// a request refused for want of a price cannot succeed before the next read,
// so this is its Retry-After.
inline constexpr int kPriceRefreshS = 60;

// No usable USD price (none read yet, the feed's answer unusable or stale):
// kUnavailable, which the surfaces answer 503 with Retry-After: kPriceRefreshS.
class PriceUnavailable : public Error {
 public:
  explicit PriceUnavailable(std::string message)
      : Error(ErrorKind::kUnavailable, std::move(message)) {}
};

// A USD price as a feed reports it: `answer` / 10^`decimals` USD per whole token.
struct UsdPrice {
  Uint256 answer = 0;
  unsigned decimals = 0;
};

struct CurrencyRate;  // domain/money/currency.h

// Where prices come from. Throws PriceUnavailable when there is no usable
// price (none configured, the feed stale or unreachable).
class PriceSource {
 public:
  virtual ~PriceSource() = default;
  // The USD price of a token that floats (neither pegged nor fixed in config).
  virtual UsdPrice Price(const ChainInfo& chain, const TokenInfo& token) = 0;
  // The rate of an ISO 4217 currency (domain/money/rate_book.h): USD is 1;
  // by default no other currency is covered. Which ones are covered is the
  // catalog's to say (ChainCatalog::currencies, set from the rate book at start).
  virtual CurrencyRate Rate(const std::string& currency);
};

// The prices that need no network (StaticPrice) and US dollars alone: for
// callers that run no rate source and ask no price of a floating token (the
// CLI; the dashboard's refunds, in token units).
class StaticPrices : public PriceSource {
 public:
  UsdPrice Price(const ChainInfo& chain, const TokenInfo& token) override;
};

// Smallest token units worth at least `usd` (a decimal with at most 2 fraction digits).
Uint256 UsdToUnits(const std::string& usd, const TokenInfo& token, const UsdPrice& price);

// The price that needs no network: 1 for pegged tokens, price_usd from config.
std::optional<UsdPrice> StaticPrice(const TokenInfo& token);

}  // namespace payd::domain
