// A merchant's paid prices per asked currency and in their reporting currency
// (domain/money/reporting.h), from tests/unit/data/reporting_totals.tsv.
#include "domain/money/reporting.h"

#include <gtest/gtest.h>

#include <sstream>

#include "test_data.h"

namespace payd::domain {
namespace {

// "25.00 EUR@1.08275" -> the price and its rate.
PricedPayment PricedFrom(const std::string& text) {
  std::string amount = text.substr(0, text.find(' '));
  std::string rest = text.substr(text.find(' ') + 1);
  PricedPayment p{{amount, rest.substr(0, rest.find('@'))}, std::nullopt, 0};
  if (auto at = rest.find('@'); at != std::string::npos)
    p.rate = CurrencyRate{*ParseRate(rest.substr(at + 1)), {"test"}, 0};
  return p;
}

TEST(Reporting, TotalsAsTheCaseTableSays) {
  auto cases = testing::ReadCases("reporting_totals.tsv");
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE("reporting_totals.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 5u);
    std::vector<PricedPayment> paid;
    if (c.columns[2] != "-") {
      std::stringstream list(c.columns[2]);
      for (std::string item; std::getline(list, item, ';');) {
        if (item.starts_with(' ')) item.erase(0, 1);
        paid.push_back(PricedFrom(item));
      }
    }
    std::optional<UsdRate> today;
    if (c.columns[1] != "-") today = ParseRate(c.columns[1]);
    ReportTotals totals = TotalPaid(paid, *FindCurrency(c.columns[0]), today);
    std::string per_currency;
    for (const auto& t : totals.by_currency)
      per_currency += (per_currency.empty() ? "" : ", ") + t.currency + " " + t.amount;
    EXPECT_EQ(per_currency.empty() ? "-" : per_currency, c.columns[3]);
    EXPECT_EQ(totals.total.value_or("-"), c.columns[4]);
  }
}

}  // namespace
}  // namespace payd::domain
