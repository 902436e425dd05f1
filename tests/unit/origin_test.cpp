#include "domain/origin.h"

#include <gtest/gtest.h>

#include "test_data.h"

namespace payd::domain {
namespace {

TEST(Origin, AllowlistTable) {
  auto cases = testing::ReadCases("origins.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 3u) << "origins.tsv line " << c.line;
    auto rule = ParseOriginRule(c.columns[0]);
    if (c.columns[2] == "badrule") {
      EXPECT_FALSE(rule) << "line " << c.line << ": '" << c.columns[0] << "' should be refused";
      continue;
    }
    ASSERT_TRUE(rule) << "line " << c.line << ": '" << c.columns[0] << "' should be accepted";
    auto origin = ParseOrigin(c.columns[1]);
    ASSERT_TRUE(origin) << "line " << c.line;
    EXPECT_EQ(rule->Matches(*origin), c.columns[2] == "match")
        << "line " << c.line << ": " << c.columns[0] << " vs " << c.columns[1];
  }
}

TEST(Origin, OriginHeaderMustNotCarryAPath) {
  EXPECT_FALSE(ParseOrigin("https://shop.example/checkout"));
  EXPECT_FALSE(ParseOrigin("null"));
  EXPECT_FALSE(ParseOrigin("file://"));
  EXPECT_FALSE(ParseOrigin(""));
}

// Found by fuzzing: a bracketed host was taken whatever it held, so an
// IPvFuture literal ("[v0.x*.]") passed as an Origin that no allowlist entry
// could ever name, and "[zz]" was accepted as an allowlist entry.
TEST(Origin, BracketsHoldOnlyAnIpv6Address) {
  EXPECT_TRUE(ParseOrigin("https://[::1]:8080"));
  EXPECT_TRUE(ParseOrigin("http://[2001:db8::7]"));
  EXPECT_FALSE(ParseOrigin("https://[v0.x*.]"));
  EXPECT_FALSE(ParseOrigin("https://[v1.x]"));
  EXPECT_FALSE(OriginOfUrl("https://[v1.x]/pay"));
}

TEST(Origin, RefererGivesItsOrigin) {
  auto origin = OriginOfUrl("https://Shop.Example:443/cart?x=1#top");
  ASSERT_TRUE(origin);
  EXPECT_EQ(origin->ToString(), "https://shop.example");
}

TEST(Origin, RulesPrintCanonically) {
  EXPECT_EQ(ParseOriginRule("*.example.org")->ToString(), "https://*.example.org");
  EXPECT_EQ(ParseOriginRule("http://localhost:3000/")->ToString(), "http://localhost:3000");
}

}  // namespace
}  // namespace payd::domain
