#include "domain/money/pricing.h"

#include "domain/error.h"
#include "domain/money/currency.h"

namespace payd::domain {

namespace {

constexpr unsigned kStaticPriceDecimals = 8;

}  // namespace

Uint256 UsdToUnits(const std::string& usd, const TokenInfo& token, const UsdPrice& price) {
  return PriceToUnits(usd, *FindCurrency("USD"), UsdRate{1, 0}, token, price, "amount_usd");
}

CurrencyRate PriceSource::Rate(const std::string& currency) {
  if (currency == "USD") return CurrencyRate{UsdPrice{1, 0}, {}, base::NowMs()};
  throw PriceUnavailable("No rate source covers " + currency + ".");
}

UsdPrice StaticPrices::Price(const ChainInfo& chain, const TokenInfo& token) {
  if (auto price = StaticPrice(token)) return *price;
  throw PriceUnavailable("No price of " + token.symbol + " on " + chain.name +
                         " without its feed; refund an amount in token units.");
}

std::optional<UsdPrice> StaticPrice(const TokenInfo& token) {
  if (token.UsdPegged()) return UsdPrice{1, 0};
  if (token.price_usd) {
    if (auto answer = DecimalToUnits(*token.price_usd, kStaticPriceDecimals);
        answer && *answer > 0) {
      return UsdPrice{*answer, kStaticPriceDecimals};
    }
  }
  return std::nullopt;
}

}  // namespace payd::domain
