// Currencies a price may be asked in (DECISIONS §14, issue 36): ISO 4217
// codes with their minor units (JPY 0, EUR 2, BHD 3), and the exact
// conversion of a price into token units through US dollars. No floating
// point anywhere: rates are fractions of 256-bit integers, and a token amount
// is rounded up so the merchant never receives less than the price asked.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "domain/money/amount.h"
#include "domain/money/pricing.h"

namespace payd::domain {

struct Currency {
  std::string_view code;  // ISO 4217 alpha-3, upper case
  unsigned minor_units;   // ISO 4217's digits after the decimal point
  std::string_view name;
};

// The ISO 4217 currency `code` (exactly three upper-case letters) among those
// payd knows; none otherwise. Whether a rate source covers it is the
// configuration's to say.
std::optional<Currency> FindCurrency(std::string_view code);
// Every currency payd knows, by code.
const std::vector<Currency>& KnownCurrencies();

// How many US dollars one whole unit of a currency is worth: value / 10^decimals
// (the shape of a Chainlink answer: EUR/USD 108250000 with 8 decimals).
using UsdRate = UsdPrice;

// Smallest token units worth at least `amount` of `currency` (a decimal with
// at most the currency's minor units: 400 naming `field` otherwise), when one
// unit of the currency is worth `currency_usd` dollars and one whole token
// `token_usd` dollars. A token pegged to the currency converts 1:1 (pass the
// same rate for both: the two cancel exactly).
Uint256 PriceToUnits(const std::string& amount, const Currency& currency,
                     const UsdRate& currency_usd, const TokenInfo& token, const UsdPrice& token_usd,
                     std::string_view field = "amount");

// The rate a price was converted with, as the intent keeps it.
struct CurrencyRate {
  UsdRate value;                     // US dollars per one unit of the currency
  std::vector<std::string> sources;  // e.g. "chainlink:1", "ecb", "config"; none for USD
  base::TimeMs at = 0;               // the oldest reading combined
};

// The decimal text of a rate: 108250000 with 8 decimals is "1.0825".
std::string RateText(const UsdRate& rate);
// "1.0825" -> 1.0825 with as many decimals as written; none unless a positive decimal.
std::optional<UsdRate> ParseRate(std::string_view text);

// One source's rate for a currency and when it was true (a feed's updatedAt,
// the ECB's reference date), for CombineRates.
struct SourcedRate {
  std::string source;  // "chainlink", "ecb", "config"
  UsdRate rate;
  base::TimeMs at = 0;
  base::TimeMs max_age_ms = 0;  // the source's own heartbeat: older is stale
};

// The rate payd prices with: the median of the sources (two: their mean),
// exact. Throws PriceUnavailable when there is none, when any source is stale
// at `now`, or when the highest and the lowest differ by more than
// `bound_bp` basis points of the median (default 1%): never a wrong amount.
UsdRate CombineRates(std::vector<SourcedRate> sources, base::TimeMs now, unsigned bound_bp = 100);

// `decimal` with at least `digits` fraction digits, as prices are written:
// "8" with 2 -> "8.00", "8.5" with 3 -> "8.500"; 0 leaves it as it is.
std::string PadFraction(std::string decimal, unsigned digits);

// A price as the merchant asked it: a decimal amount in an ISO 4217 currency.
struct Price {
  std::string amount;
  std::string currency;
  bool operator==(const Price&) const = default;
};

// The currency `code` names, when a rate source covers it (USD always).
// Throws domain::Error (invalid, naming `field`) otherwise, listing the
// currencies that are covered.
Currency CoveredCurrency(std::string_view code, const ChainCatalog& catalog,
                         std::string_view field = "currency");
// Throws domain::Error (invalid, naming `field`) unless `amount` is a positive
// decimal with at most the currency's minor units.
void CheckPriceAmount(std::string_view amount, const Currency& currency,
                      std::string_view field = "amount");

// A price in token units and the rate it was converted with.
struct Quote {
  Uint256 units;
  CurrencyRate rate;
};

// What `price` comes to in `token` (on `chain`) at the rates of now: the
// currency's rate from `prices`, the token's USD value from its peg's rate
// (EURC: EUR's; so an EUR price paid in EURC is 1:1 exactly), its fixed price
// or its feed. Throws PriceUnavailable without a usable rate or price,
// domain::Error naming `field` for an amount the currency cannot have.
Quote QuotePrice(const Price& price, const ChainInfo& chain, const TokenInfo& token,
                 PriceSource& prices, std::string_view field = "amount");

}  // namespace payd::domain
