#include "domain/money/pricing.h"

#include "domain/error.h"

namespace payd::domain {

namespace {

using boost::multiprecision::cpp_int;

cpp_int Pow10(unsigned n) {
  cpp_int v = 1;
  for (unsigned i = 0; i < n; ++i) v *= 10;
  return v;
}

constexpr unsigned kStaticPriceDecimals = 8;

}  // namespace

Uint256 UsdToUnits(const std::string& usd, const TokenInfo& token, const UsdPrice& price) {
  auto cents = DecimalToUnits(usd, 2);
  if (!cents)
    ThrowInvalid("amount_usd",
                 "amount_usd must be a decimal string with at most 2 fraction digits");
  if (price.answer == 0) throw PriceUnavailable("No usable USD price for " + token.symbol);
  // units = ceil(cents/100 * 10^decimals / (answer / 10^price_decimals)), in unbounded integers.
  cpp_int numerator = cpp_int(*cents) * Pow10(token.decimals) * Pow10(price.decimals);
  cpp_int denominator = cpp_int(price.answer) * 100;
  cpp_int units = (numerator + denominator - 1) / denominator;
  if (units > MaxUint256()) ThrowInvalid("amount_usd", "amount_usd is too large");
  return Uint256(units);
}

std::optional<UsdPrice> StaticPrice(const TokenInfo& token) {
  if (token.usd_pegged) return UsdPrice{1, 0};
  if (token.price_usd) {
    if (auto answer = DecimalToUnits(*token.price_usd, kStaticPriceDecimals);
        answer && *answer > 0) {
      return UsdPrice{*answer, kStaticPriceDecimals};
    }
  }
  return std::nullopt;
}

}  // namespace payd::domain
