// Payment-link terms (domain/links/link_terms.h), one case per line of
// data/link_terms.tsv, plus the link's own state.
#include "domain/links/link_terms.h"

#include <gtest/gtest.h>

#include <sstream>

#include "domain/error.h"
#include "test_data.h"

namespace payd {
namespace {

using testing::Words;

domain::PaymentLink Link(const std::vector<std::string>& c) {
  domain::PaymentLink link;
  link.id = "plink_test";
  link.integration_id = "int_a";
  auto words = Words(c[0]);
  bool in_currency = words[0] != "TOKEN";
  link.denomination_type = in_currency ? "CURRENCY" : "TOKEN";
  link.currency = in_currency ? words[0] : words[1];
  link.amount = words.back();
  link.allow_custom_amount = c[1] == "yes";
  if (c[2] != "-") link.min_amount = c[2];
  return link;
}

domain::PaymentIntent Intent(const std::string& text) {
  auto words = Words(text);
  domain::PaymentIntent intent;
  intent.token_symbol = words[2];
  intent.decimals = words[2] == "ETH" ? 18 : 6;
  if (words[0] == "usd") {
    intent.amount_usd = words[1];
    intent.price = domain::Price{words[1], "USD"};
    intent.requested_amount = *domain::DecimalToUnits(words[1], 2) * 10000;  // pegged, 6 decimals
  } else if (words[0] == "price") {
    // "price EUR 25.00 USDC": a price in another currency (the units do not matter here).
    intent.price = domain::Price{words[2], words[1]};
    intent.token_symbol = words[3];
    intent.requested_amount = 1;
  } else {
    intent.requested_amount = *domain::ParseUnits(words[1]);
  }
  return intent;
}

// The refused field, or "-".
std::string Check(const domain::PaymentLink& link, const domain::PaymentIntent& intent,
                  const std::string& integration_id = "int_a") {
  try {
    domain::EnforceLinkTerms(link, integration_id, intent);
    return "-";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
    EXPECT_NE(std::string(e.what()).find(link.id), std::string::npos) << e.what();
    return e.param();
  }
}

TEST(LinkTerms, Table) {
  auto cases = testing::ReadCases("link_terms.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 6u) << "line " << c.line;
    EXPECT_EQ(Check(Link(c.columns), Intent(c.columns[3])), c.columns[4])
        << "link_terms.tsv line " << c.line << ": " << c.columns[5];
  }
}

TEST(LinkTerms, TheLinkMustBeActiveAndOnTheIntegration) {
  domain::PaymentLink link = Link({"USD 25.00", "no", "-"});
  domain::PaymentIntent intent = Intent("usd 25.00 USDC");
  EXPECT_EQ(Check(link, intent), "-");
  try {
    domain::EnforceLinkTerms(link, "int_b", intent);
    ADD_FAILURE() << "another integration's link was accepted";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.param(), "paymentLinkId");
  }
  link.status = "archived";
  EXPECT_EQ(Check(link, intent), "paymentLinkId");
}

}  // namespace
}  // namespace payd
