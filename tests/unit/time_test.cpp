#include "base/time.h"

#include <gtest/gtest.h>

namespace payd::base {
namespace {

TEST(Time, FormatsIso8601WithMilliseconds) {
  EXPECT_EQ(FormatTimestamp(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(FormatTimestamp(1795348800123), "2026-11-22T12:00:00.123Z");
}

TEST(Time, ParsesRfc3339) {
  EXPECT_EQ(ParseRfc3339("2026-11-22T12:00:00Z"), 1795348800000);
  EXPECT_EQ(ParseRfc3339("2026-11-22T12:00:00.123Z"), 1795348800123);
  EXPECT_EQ(ParseRfc3339("2026-11-22T13:30:00+01:30"), 1795348800000);
  EXPECT_EQ(ParseRfc3339("2026-11-22T12:00:00.5Z"), 1795348800500);
  EXPECT_FALSE(ParseRfc3339("2026-11-22"));
  EXPECT_FALSE(ParseRfc3339("2026-02-30T00:00:00Z"));
  EXPECT_FALSE(ParseRfc3339("2026-11-22T12:00:00"));
  EXPECT_FALSE(ParseRfc3339("2026-11-22T25:00:00Z"));
  EXPECT_FALSE(ParseRfc3339("2026-11-22T12:00:00Zjunk"));
}

TEST(Time, RoundTrips) {
  for (TimeMs t : {0LL, 1LL, 1795348800123LL, 4102444799999LL}) {
    EXPECT_EQ(ParseRfc3339(FormatTimestamp(t)), t);
  }
}

}  // namespace
}  // namespace payd::base
