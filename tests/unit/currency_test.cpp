// Prices in any currency (issue 36): ISO 4217's minor units, the conversion
// into token units through US dollars (rounded up, exact), and the median of
// rate sources that check each other. Cases: tests/unit/data/price_conversions.tsv
// and rate_medians.tsv, every expected value worked out by hand.
#include "domain/money/currency.h"

#include <gtest/gtest.h>

#include <sstream>

#include "test_data.h"

namespace payd::domain {
namespace {

UsdRate RateOf(const std::string& decimal) {
  unsigned digits = static_cast<unsigned>(FractionDigits(decimal));
  auto value = DecimalToUnits(decimal, digits);
  EXPECT_TRUE(value) << decimal;
  return UsdRate{value.value_or(0), digits};
}

TEST(Currency, MinorUnitsAsIso4217Gives) {
  EXPECT_EQ(FindCurrency("EUR")->minor_units, 2u);
  EXPECT_EQ(FindCurrency("JPY")->minor_units, 0u);
  EXPECT_EQ(FindCurrency("BHD")->minor_units, 3u);
  EXPECT_EQ(FindCurrency("USD")->minor_units, 2u);
  EXPECT_FALSE(FindCurrency("eur")) << "codes are upper case";
  EXPECT_FALSE(FindCurrency("XYZ"));
  EXPECT_FALSE(FindCurrency("USDC")) << "a token is no currency";
  for (const Currency& c : KnownCurrencies()) {
    EXPECT_EQ(c.code.size(), 3u) << c.code;
    EXPECT_LE(c.minor_units, 3u) << c.code;
  }
}

TEST(Currency, PriceToUnitsTable) {
  auto cases = testing::ReadCases("price_conversions.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE("price_conversions.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 6u);
    auto currency = FindCurrency(c.columns[1]);
    ASSERT_TRUE(currency);
    TokenInfo token;
    token.symbol = "TOKEN";
    token.decimals = static_cast<unsigned>(std::stoi(c.columns[3]));
    const std::string& expected = c.columns[5];
    if (expected == "INVALID") {
      EXPECT_THROW(
          PriceToUnits(c.columns[0], *currency, RateOf(c.columns[2]), token, RateOf(c.columns[4])),
          Error);
      continue;
    }
    EXPECT_EQ(FormatUnits(PriceToUnits(c.columns[0], *currency, RateOf(c.columns[2]), token,
                                       RateOf(c.columns[4]))),
              expected);
  }
}

TEST(Currency, CombineRatesTable) {
  constexpr base::TimeMs kNowForRates = 1'700'000'000'000;
  constexpr base::TimeMs kHour = 3'600'000;
  auto cases = testing::ReadCases("rate_medians.tsv");
  ASSERT_GT(cases.size(), 8u);
  for (const auto& c : cases) {
    SCOPED_TRACE("rate_medians.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 4u);
    std::vector<SourcedRate> sources;
    std::stringstream list(c.columns[0]);
    int index = 0;
    for (std::string rate; std::getline(list, rate, ','); ++index) {
      bool stale = c.columns[1] == std::to_string(index);
      sources.push_back({"source" + std::to_string(index), RateOf(rate),
                         stale ? kNowForRates - 2 * kHour : kNowForRates - 60'000, kHour});
    }
    unsigned bound = static_cast<unsigned>(std::stoi(c.columns[2]));
    if (c.columns[3] == "UNAVAILABLE") {
      EXPECT_THROW(CombineRates(sources, kNowForRates, bound), PriceUnavailable);
      continue;
    }
    UsdRate combined = CombineRates(sources, kNowForRates, bound);
    EXPECT_EQ(UnitsToDecimal(combined.answer, combined.decimals), c.columns[3]);
  }
}

}  // namespace
}  // namespace payd::domain
