// Matching beyond the exact amount through the ledger (DECISIONS §17): a
// transfer of the intent's price as typed ("25" for 25.000001), or short of
// it within the integration's tolerance, is kept unmatched with its one
// candidate, or pays it at once when the integration opted in; never a guess
// between two. The fits themselves are near_amount_test.cpp's table.
#include <gtest/gtest.h>

#include "domain/management/change.h"
#include "domain/management/integrations.h"
#include "domain/management/payment_exceptions.h"
#include "ledger_fixture.h"

namespace payd {
namespace {

using testing::Block;

constexpr domain::Uint256 kPrice = 25000000;  // 25 USDC asked; the exact amount is 25.000001

class LedgerNearAmountTest : public testing::LedgerTest {
 protected:
  // The integration's terms, as the account key would set them.
  void SetTerms(bool match, const std::string& tolerance = "") {
    domain::IntegrationPatch patch;
    patch.match_near_amounts = match;
    patch.underpayment_tolerance = domain::ParseToleranceInput(tolerance, "tolerance");
    domain::Change change{*store_, domain::Actor::Cli(), tenant_.id, base::NowMs(), std::nullopt};
    ASSERT_TRUE(domain::UpdateIntegration(change, catalog_, integration_.id, patch));
  }
  // The first block, a transfer of `amount` in the second, and two more to confirm it.
  void Pay(domain::Uint256 amount) {
    auto b1 = Block(1, "a", 2000);
    Advance({Block(0, "a", 1500), b1}, {Transfer(amount, "t1", b1)});
    Advance({Block(2, "a", 2500), Block(3, "a", 3000)}, {});
  }
  domain::Payment OnlyPayment() {
    auto all = Payments();
    EXPECT_EQ(all.size(), 1u);
    return all.at(0);
  }
};

TEST_P(LedgerNearAmountTest, ATypedPriceIsKeptWithItsOneCandidate) {
  auto id = CreateIntent(kPrice, 1000, 1000000);
  Pay(kPrice);
  auto p = OnlyPayment();
  EXPECT_FALSE(p.intent_id) << "weaker evidence than an exact amount: not matched by default";
  EXPECT_EQ(p.candidate_intent_id, id);
  EXPECT_FALSE(p.near_amount_shortfall);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(EventTypes().back(), "PAYMENT_UNMATCHED");
}

TEST_P(LedgerNearAmountTest, OptedInATypedPricePaysItsIntentMarkedForReview) {
  SetTerms(true);
  auto id = CreateIntent(kPrice, 1000, 1000000);
  Pay(kPrice);
  auto p = OnlyPayment();
  EXPECT_EQ(p.intent_id, id);
  EXPECT_EQ(p.near_amount_shortfall, domain::Uint256(0));
  auto intent = Intent(id);
  EXPECT_EQ(intent.status, domain::IntentStatus::kPaid);
  EXPECT_EQ(intent.exception, domain::IntentException::kNone);
  EXPECT_EQ(intent.near_amount_shortfall, domain::Uint256(0));
  EXPECT_EQ(intent.received, kPrice);
}

TEST_P(LedgerNearAmountTest, TwoIntentsThatFitLeaveItUnmatchedWithoutCandidate) {
  SetTerms(true);
  auto first = CreateIntent(kPrice, 1000, 1000000);
  auto second = CreateIntent(kPrice, 1001, 1000000);
  Pay(kPrice);
  auto p = OnlyPayment();
  EXPECT_FALSE(p.intent_id);
  EXPECT_FALSE(p.candidate_intent_id) << "never a guess between two";
  EXPECT_EQ(Intent(first).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(Intent(second).status, domain::IntentStatus::kCreated);
}

TEST_P(LedgerNearAmountTest, AShortfallWithinTheTolerancePaysWithUnderpaidBy) {
  SetTerms(true, "1%");
  auto id = CreateIntent(kPrice, 1000, 1000000);
  Pay(kPrice - 200000);  // an exchange kept 0.20 of 25: within 1% (0.25)
  auto intent = Intent(id);
  EXPECT_EQ(intent.status, domain::IntentStatus::kPaid);
  EXPECT_EQ(intent.exception, domain::IntentException::kNone);
  EXPECT_EQ(intent.near_amount_shortfall, domain::Uint256(200000));
  EXPECT_EQ(intent.received, kPrice - 200000);
  auto view = domain::Representation{ledger_catalog_, "http://payd.test"}.Intent(intent);
  EXPECT_EQ(view.at("matchedBy"), "near_amount");
  EXPECT_EQ(view.at("underpaidBy"), "0.2");
}

TEST_P(LedgerNearAmountTest, AShortfallBeyondTheToleranceIsNoCandidate) {
  SetTerms(true, "1%");
  auto id = CreateIntent(kPrice, 1000, 1000000);
  Pay(kPrice - 250001);
  auto p = OnlyPayment();
  EXPECT_FALSE(p.intent_id);
  EXPECT_FALSE(p.candidate_intent_id);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
}

TEST_P(LedgerNearAmountTest, AttachingTheCandidateAcceptsItsShortfall) {
  SetTerms(false, "0.30");
  auto id = CreateIntent(kPrice, 1000, 1000000);
  Pay(kPrice - 300000);
  auto p = OnlyPayment();
  ASSERT_EQ(p.candidate_intent_id, id);
  domain::Change change{*store_, domain::Actor::Cli(), tenant_.id, base::NowMs(), std::nullopt};
  ASSERT_TRUE(domain::AttachPayment(change, {ledger_catalog_, "http://payd.test"}, p.id, id));
  auto intent = Intent(id);
  EXPECT_EQ(intent.status, domain::IntentStatus::kPaid) << "the merchant accepted the near amount";
  EXPECT_EQ(intent.near_amount_shortfall, domain::Uint256(300000));
  EXPECT_FALSE(OnlyPayment().candidate_intent_id) << "matched now";
}

TEST_P(LedgerNearAmountTest, AReorgThatTakesTheNearAmountTakesItsMark) {
  SetTerms(true, "1%");
  auto id = CreateIntent(kPrice, 1000, 1000000);
  auto b1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), b1}, {Transfer(kPrice - 100000, "t1", b1)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(id).near_amount_shortfall, domain::Uint256(100000));
  Advance({Block(1, "b", 2000, "a")}, {}, 0);
  auto intent = Intent(id);
  EXPECT_EQ(intent.status, domain::IntentStatus::kCreated);
  EXPECT_FALSE(intent.near_amount_shortfall);
}

TEST_P(LedgerNearAmountTest, TheExactAmountStillComesFirst) {
  SetTerms(true, "1%");
  auto typed = CreateIntent(kPrice, 1000, 1000000);
  auto exact = CreateIntent(kPrice - 100000, 1001, 1000000);
  // 24.900001 is the second intent's exact amount; it is within 1% of the first's price too.
  Pay(Intent(exact).amount);
  EXPECT_EQ(OnlyPayment().intent_id, exact);
  EXPECT_FALSE(OnlyPayment().near_amount_shortfall);
  EXPECT_EQ(Intent(typed).status, domain::IntentStatus::kCreated);
}

PAYD_ON_BOTH_STORES(LedgerNearAmountTest);

}  // namespace
}  // namespace payd
