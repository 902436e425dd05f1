// A payout's lines from CSV (domain/payouts/payout_csv.h): the cases are
// tests/unit/data/payout_csv.tsv, one per line; add a line to add a case.
#include "domain/payouts/payout_csv.h"

#include <gtest/gtest.h>

#include "domain/error.h"
#include "test_data.h"

namespace payd {
namespace {

TEST(PayoutCsv, ReadAsTheTableSays) {
  auto cases = testing::ReadCases("payout_csv.tsv");
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE("payout_csv.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 2u);
    std::string expected = testing::Unescape(c.columns[1]);
    try {
      auto csv = domain::PayoutLinesFromCsv(testing::Unescape(c.columns[0]), "csv");
      std::string got;
      for (const auto& line : csv.lines) {
        got += (got.empty() ? "" : " ; ") + line.to + "|" + line.amount + "|" +
               line.reference.value_or("");
      }
      EXPECT_EQ(got, expected);
      EXPECT_EQ(csv.rows.size(), csv.lines.size());
    } catch (const domain::Error& e) {
      ASSERT_TRUE(expected.starts_with("error: ")) << e.what();
      EXPECT_EQ(e.param(), "csv");
      EXPECT_NE(std::string(e.what()).find(expected.substr(7)), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace payd
