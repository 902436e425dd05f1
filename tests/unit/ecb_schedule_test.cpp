// When the ECB's rates of a day are stale (rates/ecb_schedule.h): the next
// publication day by the TARGET calendar, from tests/unit/data/ecb_days.tsv.
#include "rates/ecb_schedule.h"

#include <gtest/gtest.h>

#include "rates/ecb_reference.h"
#include "test_data.h"

namespace payd::rates {
namespace {

TEST(EcbSchedule, NextPublicationDayAsTheCaseTableSays) {
  auto cases = testing::ReadCases("ecb_days.tsv");
  ASSERT_GE(cases.size(), 10u);
  for (const auto& c : cases) {
    SCOPED_TRACE("ecb_days.tsv:" + std::to_string(c.line));
    std::string expected = c.columns[1] == "-" ? "" : c.columns[1];
    EXPECT_EQ(NextEcbPublicationDay(c.columns[0]), expected);
    if (!expected.empty()) {
      EXPECT_TRUE(IsEcbPublicationDay(expected));
    }
  }
}

TEST(EcbSchedule, ADaysRatesAreStaleSixHoursAfterTheNextDaysAreDated) {
  // Friday 4 December 2026: stale at Monday's 14:00 UTC and six hours, 20:00 UTC.
  EXPECT_EQ(EcbStaleAt("2026-12-04"), EcbDayTime("2026-12-07") + 6LL * 3600 * 1000);
  EXPECT_EQ(EcbStaleAt("2026-12-04") - EcbDayTime("2026-12-04"), (3 * 24 + 6) * 3600LL * 1000);
  EXPECT_EQ(EcbStaleAt("no date"), 0);
}

}  // namespace
}  // namespace payd::rates
