#include "domain/access/origin.h"

#include <gtest/gtest.h>

#include "base/public_suffix.h"
#include "domain/error.h"
#include "domain/integration.h"
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

// The Public Suffix List's own entries, ICANN's and private ones; names it
// does not know are not suffixes (a shop on a .test or .localhost host).
TEST(Origin, PublicSuffixesAreTheListsOwn) {
  for (const char* suffix : {"com", "co.uk", "github.io", "blogspot.com", "uk", "com."}) {
    EXPECT_TRUE(base::IsPublicSuffix(suffix)) << suffix;
  }
  for (const char* name : {"example.com", "shop.example", "localhost", "shop.test", "example",
                           "pages.github.io", ""}) {
    EXPECT_FALSE(base::IsPublicSuffix(name)) << name;
  }
}

TEST(Origin, AWildcardOnAPublicSuffixIsRefusedAndIgnored) {
  ChainInfo chain;
  chain.id = 31337;
  chain.name = "Localnet";
  chain.native = {"ETH",        "Ether",      std::nullopt,       18,
                  std::nullopt, std::nullopt, std::string("3000")};
  ChainCatalog catalog({chain});
  IntegrationRequest req{
      "ten_x", "Web",        {31337}, {"ETH"}, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      {},      std::nullopt, false};
  for (const char* origin : {"*.com", "https://*.github.io", "*.co.uk"}) {
    req.origins = {"https://shop.example", origin};
    try {
      PrepareIntegration(catalog, req, 1);
      ADD_FAILURE() << origin << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.param(), "origins") << origin;
      EXPECT_NE(std::string(e.what()).find("public suffix"), std::string::npos) << e.what();
    }
  }
  req.origins = {"*.shop.example", "*.example.co.uk", "https://me.github.io"};
  EXPECT_EQ(PrepareIntegration(catalog, req, 1).OriginRules().size(), 3u);
  // One stored before the rule (straight into the row) matches nothing.
  Integration stored = PrepareIntegration(catalog, req, 1);
  stored.allowed_origins.push_back("https://*.github.io");
  ASSERT_EQ(stored.OriginRules().size(), 3u);
  EXPECT_FALSE(OriginAllowed(stored.OriginRules(), *ParseOrigin("https://evil.github.io")));
}

}  // namespace
}  // namespace payd::domain
