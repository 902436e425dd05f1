#include "domain/intents/intent_rules.h"

#include <gtest/gtest.h>

#include <sstream>

#include "domain/error.h"
#include "domain/money/pricing.h"
#include "test_data.h"

namespace payd::domain {
namespace {

std::vector<MatchedTransfer> ParseTransfers(const std::string& text) {
  std::vector<MatchedTransfer> out;
  if (text == "-") return out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    MatchedTransfer t;
    t.confirmed = item.ends_with(":c");
    if (t.confirmed) item.resize(item.size() - 2);
    auto at = item.find('@');
    t.amount = Uint256(item.substr(0, at));
    t.block_time = std::stoll(item.substr(at + 1));
    t.tx_hash = "0x" + item;
    out.push_back(t);
  }
  return out;
}

TEST(IntentRules, LifecycleTable) {
  auto cases = testing::ReadCases("intent_lifecycle.tsv");
  ASSERT_GT(cases.size(), 15u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 7u) << "intent_lifecycle.tsv line " << c.line;
    PaymentIntent intent;
    intent.amount = Uint256(c.columns[0]);
    intent.requested_amount = intent.amount;
    intent.expires_at = std::stoll(c.columns[1]);
    std::string prior = c.columns[2];
    if (auto at = prior.find('@'); at != std::string::npos) {
      intent.status_at_expiry = ParseIntentStatus(prior.substr(at + 1));
      ASSERT_TRUE(intent.status_at_expiry) << "intent_lifecycle.tsv line " << c.line;
      prior.resize(at);
    }
    if (auto slash = prior.find('/'); slash != std::string::npos) {
      intent.exception = ParseIntentException(prior.substr(slash + 1));
      prior.resize(slash);
    }
    ASSERT_TRUE(ParseIntentStatus(prior)) << "intent_lifecycle.tsv line " << c.line;
    intent.status = *ParseIntentStatus(prior);
    auto outcome = EvaluateIntent(intent, ParseTransfers(c.columns[3]), std::stoll(c.columns[4]));
    std::string where =
        "line " + std::to_string(c.line) + " (" + (c.columns.size() > 7 ? c.columns[7] : "") + ")";
    EXPECT_EQ(IntentStatusName(outcome.status), c.columns[5]) << where;
    std::string exception(IntentExceptionName(outcome.exception));
    EXPECT_EQ(exception.empty() ? "-" : exception, c.columns[6]) << where;
  }
}

TEST(IntentRules, TheRequestedAmountCompletesAnIntentWithAnOffset) {
  PaymentIntent intent;
  intent.requested_amount = 100;
  intent.amount = 102;  // two earlier intents hold 100 and 101
  intent.expires_at = 1000;
  auto exact = EvaluateIntent(intent, ParseTransfers("100@400:c"), 500);
  EXPECT_EQ(exact.status, IntentStatus::kPaid);
  EXPECT_EQ(exact.exception, IntentException::kNone);
  EXPECT_EQ(EvaluateIntent(intent, ParseTransfers("102@400:c"), 500).exception,
            IntentException::kNone);
  EXPECT_EQ(EvaluateIntent(intent, ParseTransfers("103@400:c"), 500).exception,
            IntentException::kOverpaid);
  EXPECT_EQ(EvaluateIntent(intent, ParseTransfers("99@400:c"), 500).exception,
            IntentException::kUnderpaid);
}

// A reorganisation can take the chain clock back before expiresAt (the new
// branch starts at an older block): the expiry it had seen is then undone, and
// when expiresAt passes again with nothing seen the intent is EXPIRED, never
// FAILED from CREATED (harness seed 200: CREATED, PENDING, REVERSED, FAILED).
TEST(IntentRules, AnExpiryUndoneByAReorgIsForgotten) {
  PaymentIntent intent;
  intent.requested_amount = 100;
  intent.amount = 100;
  intent.expires_at = 1000;
  intent.status = IntentStatus::kPending;
  auto at_expiry = EvaluateIntent(intent, ParseTransfers("100@900"), 1100);
  ASSERT_EQ(at_expiry.status, IntentStatus::kPending);
  ASSERT_EQ(at_expiry.status_at_expiry, IntentStatus::kPending);

  intent.status_at_expiry = at_expiry.status_at_expiry;
  auto rewound = EvaluateIntent(intent, {}, 950);  // the payment's block and the clock gone
  EXPECT_EQ(rewound.status, IntentStatus::kCreated);
  EXPECT_FALSE(rewound.status_at_expiry.has_value());

  intent.status = rewound.status;
  intent.status_at_expiry = rewound.status_at_expiry;
  EXPECT_EQ(EvaluateIntent(intent, {}, 1100).status, IntentStatus::kExpired);
}

TEST(IntentRules, TheCompletingTransferIsNamed) {
  PaymentIntent intent;
  intent.requested_amount = 100;
  intent.amount = 100;
  intent.expires_at = 1000;
  auto outcome = EvaluateIntent(intent, ParseTransfers("60@400:c,40@500:c,10@600:c"), 700);
  EXPECT_EQ(outcome.tx_hash, "0x40@500");
  EXPECT_EQ(outcome.received, 110);
}

// A canceled intent (DECISIONS §12) is expired whatever the chain's clock
// says: blocks stamped before the cancel (a chain's clock lags payd's) still
// pay it late, a short transfer fails it, and without transfers it is EXPIRED.
TEST(IntentRules, ACanceledIntentIsPaidOnlyLate) {
  PaymentIntent intent;
  intent.requested_amount = 100;
  intent.amount = 100;
  intent.expires_at = 1000;  // the cancel's moment
  intent.canceled_at = 1000;
  intent.status = IntentStatus::kExpired;
  intent.status_at_expiry = IntentStatus::kExpired;
  auto paid = EvaluateIntent(intent, ParseTransfers("100@900:c"), 950);
  EXPECT_EQ(paid.status, IntentStatus::kPaid);
  EXPECT_EQ(paid.exception, IntentException::kPaidLate);
  EXPECT_EQ(paid.status_at_expiry, IntentStatus::kExpired);
  auto short_paid = EvaluateIntent(intent, ParseTransfers("60@900:c"), 950);
  EXPECT_EQ(short_paid.status, IntentStatus::kFailed);
  EXPECT_EQ(short_paid.exception, IntentException::kUnderpaid);
  EXPECT_EQ(EvaluateIntent(intent, {}, 950).status, IntentStatus::kExpired);
  // The same intent not canceled: on time, before its expiresAt.
  intent.canceled_at.reset();
  intent.status = IntentStatus::kCreated;
  intent.status_at_expiry.reset();
  EXPECT_EQ(EvaluateIntent(intent, ParseTransfers("100@900:c"), 950).exception,
            IntentException::kNone);
}

TokenInfo Token(unsigned decimals, bool pegged = false) {
  TokenInfo t;
  t.symbol = "T";
  t.decimals = decimals;
  if (pegged) t.peg = "USD";
  return t;
}

TEST(Pricing, PeggedStablecoinsConvertOneToOne) {
  auto usdc = Token(6, true);
  EXPECT_EQ(UsdToUnits("12.34", usdc, *StaticPrice(usdc)), 12340000);
  EXPECT_EQ(UsdToUnits("0.01", usdc, *StaticPrice(usdc)), 10000);
}

TEST(Pricing, PricedTokensRoundUpInTheMerchantsFavour) {
  auto eth = Token(18);
  eth.price_usd = "3000";
  auto price = *StaticPrice(eth);
  EXPECT_EQ(UsdToUnits("30.00", eth, price), Uint256("10000000000000000"));
  // 0.01 / 3000 ETH = 3333333333333.33... wei, rounded up.
  EXPECT_EQ(UsdToUnits("0.01", eth, price), Uint256("3333333333334"));
  // A Chainlink answer with 8 decimals: 2500.12345678 USD per token.
  EXPECT_EQ(UsdToUnits("2500.12", eth, UsdPrice{Uint256("250012345678"), 8}),
            Uint256("999998617356278697"));
}

TEST(Pricing, NoPriceNoConversion) {
  EXPECT_FALSE(StaticPrice(Token(18)));
  EXPECT_THROW(UsdToUnits("1.00", Token(18), UsdPrice{0, 8}), Error);
  EXPECT_THROW(UsdToUnits("1.001", Token(6, true), UsdPrice{1, 0}), Error);
}

}  // namespace
}  // namespace payd::domain
