#include "domain/money/currency.h"

#include <algorithm>

namespace payd::domain {

namespace {

using boost::multiprecision::cpp_int;

// ISO 4217 (the SIX list): the currencies the ECB's reference rates and
// Chainlink's fiat feeds cover, and the common ones around them. Minor units
// as ISO 4217 gives them, not as a bank may round.
const std::vector<Currency>& Table() {
  static const std::vector<Currency> kTable = {
      {"AED", 2, "UAE Dirham"},
      {"AUD", 2, "Australian Dollar"},
      {"BGN", 2, "Bulgarian Lev"},
      {"BHD", 3, "Bahraini Dinar"},
      {"BRL", 2, "Brazilian Real"},
      {"CAD", 2, "Canadian Dollar"},
      {"CHF", 2, "Swiss Franc"},
      {"CLP", 0, "Chilean Peso"},
      {"CNY", 2, "Yuan Renminbi"},
      {"CZK", 2, "Czech Koruna"},
      {"DKK", 2, "Danish Krone"},
      {"EUR", 2, "Euro"},
      {"GBP", 2, "Pound Sterling"},
      {"HKD", 2, "Hong Kong Dollar"},
      {"HUF", 2, "Forint"},
      {"IDR", 2, "Rupiah"},
      {"ILS", 2, "New Israeli Sheqel"},
      {"INR", 2, "Indian Rupee"},
      {"ISK", 0, "Iceland Krona"},
      {"JOD", 3, "Jordanian Dinar"},
      {"JPY", 0, "Yen"},
      {"KRW", 0, "Won"},
      {"KWD", 3, "Kuwaiti Dinar"},
      {"MXN", 2, "Mexican Peso"},
      {"MYR", 2, "Malaysian Ringgit"},
      {"NOK", 2, "Norwegian Krone"},
      {"NZD", 2, "New Zealand Dollar"},
      {"OMR", 3, "Rial Omani"},
      {"PHP", 2, "Philippine Peso"},
      {"PLN", 2, "Zloty"},
      {"RON", 2, "Romanian Leu"},
      {"SAR", 2, "Saudi Riyal"},
      {"SEK", 2, "Swedish Krona"},
      {"SGD", 2, "Singapore Dollar"},
      {"THB", 2, "Baht"},
      {"TRY", 2, "Turkish Lira"},
      {"TWD", 2, "New Taiwan Dollar"},
      {"USD", 2, "US Dollar"},
      {"VND", 0, "Dong"},
      {"ZAR", 2, "Rand"},
  };
  return kTable;
}

cpp_int TenTo(unsigned n) {
  cpp_int v = 1;
  for (unsigned i = 0; i < n; ++i) v *= 10;
  return v;
}

// A rate's value on a common scale of `decimals` digits.
cpp_int Scaled(const UsdRate& rate, unsigned decimals) {
  return cpp_int(rate.answer) * TenTo(decimals - rate.decimals);
}

}  // namespace

std::optional<Currency> FindCurrency(std::string_view code) {
  for (const Currency& c : Table()) {
    if (c.code == code) return c;
  }
  return std::nullopt;
}

const std::vector<Currency>& KnownCurrencies() {
  return Table();
}

Uint256 PriceToUnits(const std::string& amount, const Currency& currency,
                     const UsdRate& currency_usd, const TokenInfo& token, const UsdPrice& token_usd,
                     std::string_view field) {
  auto minor = DecimalToUnits(amount, currency.minor_units);
  if (!minor) {
    ThrowInvalid(std::string(field),
                 "{1} must be a decimal string with at most {2} fraction digits for {3}", field,
                 std::to_string(currency.minor_units), currency.code);
  }
  if (currency_usd.answer == 0)
    throw PriceUnavailable("No usable rate for " + std::string(currency.code));
  if (token_usd.answer == 0) throw PriceUnavailable("No usable USD price for " + token.symbol);
  // units = ceil(minor / 10^m * cv / 10^cd / (tv / 10^td) * 10^T), in unbounded integers.
  cpp_int numerator = cpp_int(*minor) * cpp_int(currency_usd.answer) * TenTo(token_usd.decimals) *
                      TenTo(token.decimals);
  cpp_int denominator =
      TenTo(currency.minor_units) * TenTo(currency_usd.decimals) * cpp_int(token_usd.answer);
  cpp_int units = (numerator + denominator - 1) / denominator;
  if (units > MaxUint256()) ThrowInvalid(std::string(field), "{1} is too large", field);
  return Uint256(units);
}

Currency CoveredCurrency(std::string_view code, const ChainCatalog& catalog,
                         std::string_view field) {
  const std::vector<std::string>& covered = catalog.currencies();
  auto currency = FindCurrency(code);
  if (!currency || std::find(covered.begin(), covered.end(), code) == covered.end()) {
    std::string list;
    for (const auto& c : covered) list += (list.empty() ? "" : ", ") + c;
    ThrowInvalid(std::string(field), "{1} {2} is not a currency payd prices in; it prices in {3}.",
                 field, code, list);
  }
  return *currency;
}

void CheckPriceAmount(std::string_view amount, const Currency& currency, std::string_view field) {
  if (!IsDecimalString(amount) || FractionDigits(amount) > currency.minor_units ||
      CompareDecimals(amount, "0") == 0) {
    ThrowInvalid(std::string(field),
                 "{1} must be a positive decimal string with at most {2} fraction digits for {3}.",
                 field, std::to_string(currency.minor_units), currency.code);
  }
}

Quote QuotePrice(const Price& price, const ChainInfo& chain, const TokenInfo& token,
                 PriceSource& prices, std::string_view field) {
  auto currency = FindCurrency(price.currency);
  if (!currency) ThrowInvalid("currency", "currency {1} is not ISO 4217.", price.currency);
  Quote quote{0, prices.Rate(price.currency)};
  UsdPrice token_usd;
  if (token.peg) {
    // The same rate on both sides cancels exactly: pegged to the price's own currency is 1:1.
    token_usd = *token.peg == price.currency ? quote.rate.value : prices.Rate(*token.peg).value;
  } else if (auto fixed = StaticPrice(token)) {
    token_usd = *fixed;
  } else {
    token_usd = prices.Price(chain, token);
  }
  quote.units = PriceToUnits(price.amount, *currency, quote.rate.value, token, token_usd, field);
  return quote;
}

std::string PadFraction(std::string decimal, unsigned digits) {
  if (digits == 0) return decimal;
  auto point = decimal.find('.');
  std::size_t have = point == std::string::npos ? 0 : decimal.size() - point - 1;
  if (point == std::string::npos) decimal += '.';
  if (have < digits) decimal.append(digits - have, '0');
  return decimal;
}

std::string RateText(const UsdRate& rate) {
  return UnitsToDecimal(rate.answer, rate.decimals);
}

std::optional<UsdRate> ParseRate(std::string_view text) {
  if (!IsDecimalString(text)) return std::nullopt;
  auto decimals = static_cast<unsigned>(FractionDigits(text));
  auto answer = DecimalToUnits(text, decimals);
  if (!answer || *answer == 0) return std::nullopt;
  return UsdRate{*answer, decimals};
}

UsdRate CombineRates(std::vector<SourcedRate> sources, base::TimeMs now, unsigned bound_bp) {
  if (sources.empty()) throw PriceUnavailable("No rate source answered");
  unsigned decimals = 0;
  for (const SourcedRate& s : sources) {
    if (now - s.at > s.max_age_ms) throw PriceUnavailable("The " + s.source + " rate is stale");
    if (s.rate.answer == 0) throw PriceUnavailable("The " + s.source + " rate is zero");
    decimals = std::max(decimals, s.rate.decimals);
  }
  std::vector<cpp_int> values;
  for (const SourcedRate& s : sources) values.push_back(Scaled(s.rate, decimals));
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  // The median, doubled, so that the mean of two middle values stays an integer.
  cpp_int twice_median =
      n % 2 == 1 ? cpp_int(values[n / 2] * 2) : cpp_int(values[n / 2 - 1] + values[n / 2]);
  // (max - min) / median > bound_bp / 10000, cross-multiplied.
  if ((values.back() - values.front()) * 2 * 10000 > twice_median * bound_bp)
    throw PriceUnavailable("The rate sources disagree by more than the bound");
  if (twice_median % 2 == 0) return UsdRate{Uint256(twice_median / 2), decimals};
  // One more decimal holds the half of an odd sum exactly: 2m / 2 = 5m / 10.
  return UsdRate{Uint256(twice_median * 5), decimals + 1};
}

}  // namespace payd::domain
