#include "domain/money/amount.h"

#include <gtest/gtest.h>

#include "test_data.h"

namespace payd::domain {
namespace {

TEST(Amount, DecimalToUnitsTable) {
  auto cases = testing::ReadCases("decimal_to_units.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 3u) << "decimal_to_units.tsv line " << c.line;
    auto units = DecimalToUnits(c.columns[0], static_cast<unsigned>(std::stoi(c.columns[1])));
    if (c.columns[2] == "INVALID") {
      EXPECT_FALSE(units) << "line " << c.line << ": '" << c.columns[0] << "' should be refused";
    } else {
      ASSERT_TRUE(units) << "line " << c.line << ": '" << c.columns[0] << "' should parse";
      EXPECT_EQ(FormatUnits(*units), c.columns[2]) << "line " << c.line;
    }
  }
}

TEST(Amount, UnitsToDecimalDropsTrailingZeros) {
  EXPECT_EQ(UnitsToDecimal(12500000, 6), "12.5");
  EXPECT_EQ(UnitsToDecimal(1, 6), "0.000001");
  EXPECT_EQ(UnitsToDecimal(0, 6), "0");
  EXPECT_EQ(UnitsToDecimal(1000000, 6), "1");
  EXPECT_EQ(UnitsToDecimal(42, 0), "42");
}

TEST(Amount, RoundTripsEveryDecimalsSetting) {
  for (unsigned decimals : {0u, 2u, 6u, 8u, 18u}) {
    Uint256 units("123456789012345678901234567890");
    auto back = DecimalToUnits(UnitsToDecimal(units, decimals), decimals);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, units) << decimals;
  }
}

TEST(Amount, ParseUnitsRejectsSignsLeadingZerosAndOverflow) {
  EXPECT_FALSE(ParseUnits(""));
  EXPECT_FALSE(ParseUnits("-1"));
  EXPECT_FALSE(ParseUnits("007"));
  EXPECT_FALSE(ParseUnits("1.0"));
  EXPECT_TRUE(ParseUnits("0"));
  EXPECT_FALSE(
      ParseUnits("115792089237316195423570985008687907853269984665640564039457584007913129639936"));
}

TEST(Amount, CompareDecimalsByValue) {
  EXPECT_EQ(CompareDecimals("10", "9.99"), 1);
  EXPECT_EQ(CompareDecimals("1.50", "1.5"), 0);
  EXPECT_EQ(CompareDecimals("0.1", "0.10001"), -1);
  EXPECT_EQ(CompareDecimals("100", "100"), 0);
}

}  // namespace
}  // namespace payd::domain
