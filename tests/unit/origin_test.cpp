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
