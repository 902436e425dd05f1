// What POST /v1/payment_intents may ask (domain/intents/v1_intent_terms.h), one case
// per line of data/v1_intent_terms.tsv.
#include "domain/intents/v1_intent_terms.h"

#include <gtest/gtest.h>

#include <sstream>

#include "domain/error.h"
#include "test_data.h"
#include "v1_intent_terms_fixture.h"

namespace payd {
namespace {

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> out;
  if (text == "-") return out;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, sep);) out.push_back(part);
  return out;
}

using testing::v1_terms::Catalog;
using testing::v1_terms::TheIntegration;

// "31337:USDC 56:USDC", or "error <param>".
std::string Result(const std::vector<std::string>& c) {
  domain::V1IntentAsk ask{c[0], c[1], Split(c[2], ','), Split(c[3], ',')};
  try {
    auto terms = domain::CheckV1IntentAsk(ask, TheIntegration(), Catalog());
    EXPECT_EQ(terms.amount, c[0]);
    EXPECT_EQ(terms.currency, c[1]);
    std::string out;
    for (const auto& o : terms.options)
      out += (out.empty() ? "" : " ") + std::to_string(o.chain_id) + ":" + o.token;
    return out;
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
    return "error " + e.param();
  }
}

TEST(V1IntentTerms, Table) {
  auto cases = testing::ReadCases("v1_intent_terms.tsv");
  ASSERT_GT(cases.size(), 30u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 6u) << "v1_intent_terms.tsv line " << c.line;
    EXPECT_EQ(Result(c.columns), c.columns[4])
        << "v1_intent_terms.tsv line " << c.line << ": " << c.columns[5];
  }
}

}  // namespace
}  // namespace payd
