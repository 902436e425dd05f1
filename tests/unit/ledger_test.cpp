// The ledger against a real SQLite store, fed chain updates by hand: what
// reorganisations, flip-backs and late logs do to payments, intents and events.
#include "domain/ledger/ledger.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "base/ids.h"
#include "chain_blocks.h"
#include "domain/intents/asked_intent.h"
#include "domain/management/payment_exceptions.h"
#include "domain/store.h"
#include "ledger_fixture.h"
#include "store_fixture.h"

namespace payd {
namespace {

using testing::Block;
using testing::Hash;
using testing::kPayer;
using testing::kUsdc;
using testing::LedgerTest;

// Issue 19: a process that lost the chain to another (its lock session ended
// mid-pass) must not apply a pass computed from the cursor it read before:
// the save is a compare-and-set, the whole pass rolls back, and the cursor
// never goes backwards.
TEST_P(LedgerTest, APassFromACursorAnotherProcessMovedRollsBackWhole) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  Advance({Block(0, "a", 1500), Block(1, "a", 2000)}, {});
  const auto seen_by_old_leader = store_->LoadCursor(31337);
  ASSERT_TRUE(seen_by_old_leader);
  // The new leader goes on to block 3.
  Advance({Block(2, "a", 2500), Block(3, "a", 3000)}, {});
  // The old leader's pass, from block 1, with a transfer in block 2.
  auto b2 = Block(2, "a", 2500);
  domain::ChainUpdate stale;
  stale.chain_id = 31337;
  stale.blocks = {b2};
  stale.cursor = b2;
  stale.cursor_before = seen_by_old_leader;
  stale.head = {2, std::nullopt, std::nullopt, 2500};
  stale.transfers = {Transfer(5000001, "t1", b2)};
  stale.watched = store_->WatchedAddresses(31337, base::NowMs());
  EXPECT_THROW(ledger_->Advance(stale, base::NowMs()), domain::CursorMoved);
  EXPECT_EQ(store_->LoadCursor(31337)->number, 3) << "the cursor never goes backwards";
  EXPECT_TRUE(Payments().empty()) << "nothing of the stale pass is counted";
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  // No cursor expected where one exists: refused the same way.
  stale.cursor_before.reset();
  EXPECT_THROW(ledger_->Advance(stale, base::NowMs()), domain::CursorMoved);
  EXPECT_TRUE(Payments().empty());
}

TEST_P(LedgerTest, ATransferBackAfterAFlipBackIsRecordedAgain) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "t1", a1)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  std::string payment_id = Payments().at(0).id;

  Advance({Block(1, "b", 2000, "a")}, {}, 0);  // branch b replaces block 1
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(Payments().at(0).status, domain::PaymentStatus::kReorged);

  Advance({a1}, {Transfer(5000001, "t1", a1)}, 0);  // and branch a comes back
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_EQ(Payments()[0].id, payment_id);
  EXPECT_EQ(Payments()[0].status, domain::PaymentStatus::kPending);

  Advance({Block(2, "a", 3000), Block(3, "a", 4000)}, {});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_REVERSED",
                                      "PAYMENT_PENDING", "PAYMENT_CONFIRMED"}));
}

TEST_P(LedgerTest, ATransferBackAfterAFlipBackToAnIntentPaidMeanwhileIsAnnouncedUnmatched) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000), a2 = Block(2, "a", 3000);
  Advance({Block(0, "a", 1500), a1, a2}, {Transfer(5000001, "first", a2)});
  Advance({Block(2, "b", 3000, "a")}, {}, 1);  // branch b replaces block 2
  // Block 1's logs, indexed late, hold the payer paying again: it pays the intent.
  Advance({Block(3, "b", 4000)}, {Transfer(5000001, "second", a1)});
  ASSERT_EQ(Intent(id).tx_hash, Hash("second"));

  Advance({a2, Block(3, "a", 4000)}, {Transfer(5000001, "first", a2)}, 1);  // branch a is back
  EXPECT_EQ(Intent(id).tx_hash, Hash("second"));
  auto payments = Payments();
  auto first = std::find_if(payments.begin(), payments.end(),
                            [](const auto& p) { return p.transfer.tx_hash == Hash("first"); });
  ASSERT_NE(first, payments.end());
  EXPECT_EQ(first->status, domain::PaymentStatus::kPending);
  EXPECT_FALSE(first->intent_id) << "the intent is paid by the other transfer";
  EXPECT_EQ(EventTypes().back(), "PAYMENT_UNMATCHED")
      << "it was announced as the intent's payment, not as unmatched";
}

// DECISIONS §5 "the merchant decides": once resolved, an intent's status is
// the merchant's. A reorg that takes its payment leaves it as decided (no
// PAYMENT_REVERSED), and a transfer that would have matched it is kept
// unmatched, to be seen.
TEST_P(LedgerTest, AResolvedIntentKeepsItsStatusAndTakesNoNewTransfer) {
  auto id = CreateIntent(5000000, 1000, 1000000, /*hinted=*/true);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(4000000, "short", a1)});
  ASSERT_EQ(Intent(id).exception, domain::IntentException::kUnderpaid);
  domain::Representation representation{ledger_catalog_, "http://payd.test"};
  domain::Change change{*store_, domain::Actor::Key("key_test", domain::KeyRights::Account()),
                        tenant_.id, base::NowMs(), std::nullopt};
  auto resolved = domain::ResolveIntent(change, representation, id, true, "cash for the rest");
  ASSERT_TRUE(resolved);
  EXPECT_EQ(resolved->status, domain::IntentStatus::kPaid);

  Advance({Block(1, "b", 2000, "a"), Block(2, "b", 3000)}, {}, 0);  // the payment is gone
  EXPECT_EQ(Payments().at(0).status, domain::PaymentStatus::kReorged);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(Intent(id).received, 0);
  auto b3 = Block(3, "b", 4000);
  Advance({b3}, {Transfer(5000001, "again", b3)});  // its exact amount, from its hinted payer
  auto payments = Payments();
  auto again = std::find_if(payments.begin(), payments.end(),
                            [](const auto& p) { return p.transfer.tx_hash == Hash("again"); });
  ASSERT_NE(again, payments.end());
  EXPECT_FALSE(again->intent_id) << "a resolved intent takes no new transfer";
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_CONFIRMED",
                                      "PAYMENT_RESOLVED", "PAYMENT_UNMATCHED"}));
}

TEST_P(LedgerTest, TheMomentAChainWasFirstWatchedIsKeptAcrossRestarts) {
  // A first start killed before its first pass must scan back to the first
  // attempt, not to the restart.
  EXPECT_EQ(store_->WatchStartedAt(31337, 1000), 1000);
  EXPECT_EQ(store_->WatchStartedAt(31337, 5000), 1000);
  EXPECT_EQ(store_->WatchStartedAt(1, 7000), 7000) << "each chain has its own";
}

TEST_P(LedgerTest, SeeingATransferAgainRecordsNothingNew) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "t1", a1)});
  Advance({Block(2, "a", 3000)}, {Transfer(5000001, "t1", a1)});  // logs read again
  EXPECT_EQ(Payments().size(), 1u);
  EXPECT_EQ(Intent(id).received, 5000001);
  EXPECT_EQ(EventTypes(), (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING"}));
}

// A catch-up sees transfers already past their depth: each is written once,
// CONFIRMED at once with its confirmation time, and the merchant is told
// PENDING then CONFIRMED all the same (DECISIONS §5).
TEST_P(LedgerTest, ATransferPastItsDepthWhenFirstSeenIsRecordedConfirmed) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1, Block(2, "a", 2500), Block(3, "a", 3000)},
          {Transfer(5000001, "paying", a1), Transfer(7000000, "stray", a1)});
  auto payments = Payments();
  ASSERT_EQ(payments.size(), 2u);
  for (const auto& p : payments) {
    EXPECT_EQ(p.status, domain::PaymentStatus::kConfirmed) << p.transfer.amount;
    EXPECT_EQ(p.confirmations, 3);
    EXPECT_TRUE(p.confirmed_at.has_value());
  }
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  auto events = EventTypes();
  EXPECT_EQ(std::count(events.begin(), events.end(), "PAYMENT_UNMATCHED"), 1);
  events.erase(std::remove(events.begin(), events.end(), "PAYMENT_UNMATCHED"), events.end());
  EXPECT_EQ(events,
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_CONFIRMED"}));
}

// A provider may answer the same log twice in one range.
TEST_P(LedgerTest, ATransferTwiceInOneUpdateIsRecordedOnce) {
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1},
          {Transfer(7000000, "stray", a1), Transfer(7000000, "stray", a1)});
  EXPECT_EQ(Payments().size(), 1u);
  auto events = EventTypes();
  EXPECT_EQ(std::count(events.begin(), events.end(), "PAYMENT_UNMATCHED"), 1);
}

TEST_P(LedgerTest, AReorgDeeperThanTheConfirmationsKeepsPaidAndSaysSo) {
  SetConfirmations(1);
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "t1", a1)});
  ASSERT_EQ(Intent(id).status, domain::IntentStatus::kPaid);

  Advance({Block(1, "b", 2000, "a")}, {}, 0);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kReversedAfterConfirmation);
  EXPECT_EQ(Intent(id).received, 0);

  Advance({a1}, {Transfer(5000001, "t1", a1)}, 0);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kNone);
  // Seen and confirmed in one pass, it was PENDING all the same (DECISIONS §5).
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_CONFIRMED",
                                      "PAYMENT_REVERSED", "PAYMENT_CONFIRMED"}));
}

TEST_P(LedgerTest, AnIntentThatExpiredUnpaidIsExpiredAgainWhenItsLatePaymentGoes) {
  auto id = CreateIntent(5000000, 1000, 3000);
  Advance({Block(0, "a", 1500), Block(1, "a", 4000)}, {});
  ASSERT_EQ(Intent(id).status, domain::IntentStatus::kExpired);
  auto a2 = Block(2, "a", 5000);
  Advance({a2}, {Transfer(5000001, "late", a2)});
  ASSERT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kPaidLate);

  Advance({Block(2, "b", 5000, "a")}, {}, 1);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kExpired);
}

TEST_P(LedgerTest, APendingIntentWhosePaymentGoesAfterExpiryFails) {
  auto id = CreateIntent(5000000, 1000, 3000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "t1", a1)});
  Advance({Block(2, "a", 4000)}, {});  // expiry passes while it waits for confirmations
  ASSERT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  Advance({Block(1, "b", 2000, "a"), Block(2, "b", 4000)}, {}, 0);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kFailed);
}

TEST_P(LedgerTest, AnUnmatchedDuplicatePaysWhenAReorgTakesThePayment) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000), a2 = Block(2, "a", 3000);
  // The logs of block 1 were indexed late: block 2's copy was matched first.
  Advance({Block(0, "a", 1500), a1, a2}, {Transfer(5000001, "second", a2)});
  Advance({Block(3, "a", 4000)}, {Transfer(5000001, "first", a1)});
  ASSERT_EQ(Intent(id).tx_hash, Hash("second"));
  ASSERT_EQ(Payments().size(), 2u);

  Advance({Block(2, "b", 3000, "a")}, {}, 1);  // block 2 and its transfer are gone
  // The first transfer, three blocks deep before the reorg, was confirmed already.
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(Intent(id).tx_hash, Hash("first"));
  EXPECT_EQ(Intent(id).received, 5000001);
}

// docs/api-reference.md, Matching: "A matched transfer is the matched
// intent's tenant's alone: the other tenants on the same address see nothing
// of it" -- also when a reorg makes an intent take a transfer kept unmatched
// (harness seed 230: matched for one tenant and unmatched for the other).
TEST_P(LedgerTest, ATransferAnIntentTakesAfterAReorgIsNoLongerAnotherTenantsUnmatched) {
  domain::Tenant other = OtherTenantOnTheSameAddress();
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000), a2 = Block(2, "a", 3000);
  Advance({Block(0, "a", 1500), a1, a2}, {Transfer(5000001, "second", a2)});
  Advance({Block(3, "a", 4000)}, {Transfer(5000001, "first", a1)});
  auto others = [&] { return store_->ListPayments(other.id, std::nullopt, 100, 0); };
  ASSERT_EQ(others().size(), 1u) << "the paid intent's duplicate is every watcher's unmatched";

  Advance({Block(2, "b", 3000, "a")}, {}, 1);
  ASSERT_EQ(Intent(id).tx_hash, Hash("first"));
  for (const auto& p : others()) {
    EXPECT_FALSE(p.transfer.tx_hash == Hash("first") && p.status != domain::PaymentStatus::kReorged)
        << "the other tenant still holds " << p.id << " of the transfer that pays the intent";
  }
}

// The last blocks' logs are read again on every poll: a transfer that paid
// one tenant's intent is then known, and not kept unmatched for the other
// tenant watching the same address (docs/api-reference.md, Matching 3).
TEST_P(LedgerTest, ATransferReadAgainAfterItPaidOneTenantIsNotAnotherTenantsUnmatched) {
  domain::Tenant other = OtherTenantOnTheSameAddress();
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "t1", a1)});
  ASSERT_EQ(Intent(id).received, 5000001);
  Advance({Block(2, "a", 3000)}, {Transfer(5000001, "t1", a1)});  // logs read again
  EXPECT_TRUE(store_->ListPayments(other.id, std::nullopt, 100, 0).empty());
  EXPECT_EQ(Payments().size(), 1u);
}

// An intent asked on /v1 (DECISIONS §12) gets its exact amount when the
// payer chooses: a transfer of that amount stamped before the choice (less
// the clock skew) was never meant for it, however early the intent was made.
TEST_P(LedgerTest, AnAskedIntentTakesExactTransfersOnlyFromItsChoice) {
  struct StaticPrices : domain::PriceSource {
    domain::UsdPrice Price(const domain::ChainInfo&, const domain::TokenInfo&) override {
      throw domain::PriceUnavailable("static prices only");
    }
  } prices;
  constexpr base::TimeMs kMinute = 60 * 1000;
  domain::AskedIntentRequest ask{{"5.00", "USD", {{31337, "USDC"}}}, "{}", 60 * kMinute};
  auto asked = domain::PrepareAskedIntent(integration_, ask, 1000);
  StoreIntent(asked);
  base::TimeMs chosen_at = 1000 + 20 * kMinute;
  ASSERT_TRUE(
      domain::ChooseOption(*store_, catalog_, prices, asked.id, {31337, "USDC"}, chosen_at));
  ASSERT_EQ(Intent(asked.id).amount, 5000001);

  // Stamped 6 minutes before the choice: beyond the skew, not the intent's.
  auto early = Block(1, "a", chosen_at - 6 * kMinute);
  Advance({Block(0, "a", 500), early}, {Transfer(5000001, "early", early)});
  EXPECT_EQ(Intent(asked.id).status, domain::IntentStatus::kCreated);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_FALSE(Payments().front().intent_id.has_value());

  auto after = Block(2, "a", chosen_at + kMinute);
  Advance({after}, {Transfer(5000001, "after", after)});
  EXPECT_EQ(Intent(asked.id).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(asked.id).tx_hash, Hash("after"));
}

// Chosen again, an asked intent no longer takes its old choice's exact
// amount: a transfer of it (made before the new choice) is unmatched, never
// counted in another token (docs/api-reference.md, POST /v1/payment_intents).
TEST_P(LedgerTest, AnIntentChosenAgainTakesNoTransferOfItsOldChoice) {
  struct StaticPrices : domain::PriceSource {
    domain::UsdPrice Price(const domain::ChainInfo&, const domain::TokenInfo&) override {
      throw domain::PriceUnavailable("static prices only");
    }
  } prices;
  constexpr base::TimeMs kMinute = 60 * 1000;
  domain::AskedIntentRequest ask{
      {"5.00", "USD", {{31337, "USDC"}, {31337, "ETH"}}}, "{}", 60 * kMinute};
  auto asked = domain::PrepareAskedIntent(integration_, ask, 1000);
  StoreIntent(asked);
  ASSERT_TRUE(domain::ChooseOption(*store_, catalog_, prices, asked.id, {31337, "USDC"}, 2000));
  ASSERT_TRUE(
      domain::ChooseOption(*store_, catalog_, prices, asked.id, {31337, "ETH"}, 2000 + kMinute));

  auto a1 = Block(1, "a", 2000 + kMinute / 2);  // the old choice, paid before the new one
  Advance({Block(0, "a", 1500), a1}, {Transfer(5000001, "old", a1)});
  EXPECT_EQ(Intent(asked.id).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(Intent(asked.id).received, 0);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_FALSE(Payments().front().intent_id.has_value()) << "kept as unmatched";
}

TEST_P(LedgerTest, AfterAReorgTheEarlierTransferPaysThoughTheLaterOneComesBack) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  auto a1 = Block(1, "a", 2000), a2 = Block(2, "a", 3000);
  // Block 1's logs were indexed late: block 2's copy paid the intent first.
  Advance({Block(0, "a", 1500), a1, a2}, {Transfer(5000001, "late", a2)});
  Advance({Block(3, "a", 4000)}, {Transfer(5000001, "early", a1)});
  ASSERT_EQ(Intent(id).tx_hash, Hash("late"));

  // Branch b replaces block 2 with the same transfer moved into it.
  auto b2 = Block(2, "b", 3000, "a");
  Advance({b2}, {Transfer(5000001, "late", b2)}, 1);
  EXPECT_EQ(Intent(id).tx_hash, Hash("early")) << "chain order: block 1 before block 2";
  EXPECT_EQ(Intent(id).received, 5000001);
}

TEST_P(LedgerTest, ATrustedSendersTransferKeptUnmatchedPaysWhenAReorgTakesThePayment) {
  auto id = CreateIntent(5000000, 1000, 1000000, /*hinted=*/true);
  auto a1 = Block(1, "a", 2000), a2 = Block(2, "a", 3000);
  // Block 1's logs were indexed late: the exact payment of block 2 covered the
  // intent first, so the same payer's other transfer was kept as unmatched.
  Advance({Block(0, "a", 1500), a1, a2}, {Transfer(5000001, "exact", a2)});
  Advance({Block(3, "a", 4000)}, {Transfer(3000000, "other", a1)});
  ASSERT_EQ(Intent(id).received, 5000001);

  Advance({Block(2, "b", 3000, "a")}, {}, 1);  // block 2 and the exact payment are gone
  EXPECT_EQ(Intent(id).received, 3000000);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kUnderpaid);
  EXPECT_EQ(Intent(id).tx_hash, Hash("other"));
}

TEST_P(LedgerTest, TransfersFromATrustedSenderBeforeExpiryAllCountWhenTheHeadIsPastIt) {
  auto id = CreateIntent(5000000, 1000, 5000, /*hinted=*/true);
  auto a1 = Block(1, "a", 2000);
  // One poll sees both parts (made before expiry) and a head past expiry: the
  // first part leaves the intent FAILED (short at expiry) before the second is read.
  Advance({Block(0, "a", 1500), a1, Block(2, "a", 6000)},
          {Transfer(1000000, "part1", a1), Transfer(1500000, "part2", a1)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kFailed);
  EXPECT_EQ(Intent(id).received, 2500000);
  for (const auto& p : Payments()) EXPECT_EQ(p.intent_id, id) << p.transfer.tx_hash;
}

// Harness seed 19: two transfers of a trusted sender, both made in time, read
// in the pass that also passed expiresAt. The first alone was short, but the
// intent was never short at expiresAt: it is PENDING then PAID, never FAILED.
TEST_P(LedgerTest, TransfersInTimeReadWithTheExpiryNeverFailTheIntent) {
  auto id = CreateIntent(5000000, 1000, 5000, /*hinted=*/true);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1, Block(2, "a", 6000)},
          {Transfer(1000000, "part1", a1), Transfer(4000000, "part2", a1)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  Advance({Block(3, "a", 7000)}, {});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kNone) << "paid in time";
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_CONFIRMED"}));
}

// expiresAt is the last moment on time (DECISIONS §5 "expiresAt passes";
// docs/api-reference.md, Lifecycle): a trusted sender's transfer stamped
// exactly then pays the intent, whether the store finds it on first sight or
// the rematch after a reorganisation does; a block stamped then does not
// expire it, the next one does.
TEST_P(LedgerTest, ATrustedSendersTransferStampedExactlyAtExpiryIsOnTimeEitherWay) {
  auto first_sight = CreateIntent(5000000, 1000, 5000, /*hinted=*/true);
  auto at = Block(1, "a", 5000);
  Advance({Block(0, "a", 1500), at}, {Transfer(2000000, "part", at)});
  EXPECT_EQ(Intent(first_sight).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(first_sight).received, 2000000);
  Advance({Block(2, "a", 5001)}, {});
  EXPECT_EQ(Intent(first_sight).status, domain::IntentStatus::kFailed)
      << "short once past expiresAt";

  auto rematched = CreateIntent(7000000, 1000, 9000, /*hinted=*/true);
  auto a3 = Block(3, "a", 9000), a4 = Block(4, "a", 9000);
  // Block 3's logs were indexed late: the exact payment of block 4 covered
  // the intent first, so the trusted sender's transfer of block 3 was unmatched.
  Advance({a3, a4}, {Transfer(7000001, "exact", a4)});
  Advance({Block(5, "a", 9000)}, {Transfer(1000000, "hinted", a3)});
  ASSERT_EQ(Intent(rematched).received, 7000001);
  Advance({Block(4, "b", 9000, "a")}, {}, 3);  // block 4 and the exact payment are gone
  EXPECT_EQ(Intent(rematched).received, 1000000) << "rematched at exactly expiresAt";
  EXPECT_EQ(Intent(rematched).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(rematched).exception, domain::IntentException::kUnderpaid);
}

TEST_P(LedgerTest, AnIntentExpiresOnceABlockIsPastExpiresAtNotAtIt) {
  auto id = CreateIntent(5000000, 1000, 5000);
  Advance({Block(0, "a", 1500), Block(1, "a", 5000)}, {});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  Advance({Block(2, "a", 5001)}, {});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kExpired);
  EXPECT_EQ(EventTypes(), (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_EXPIRED"}));
}

// A late payment read in the same pass as the block that passed expiresAt:
// the merchant is told the intent expired, then that a late payment came.
TEST_P(LedgerTest, ALatePaymentInThePassThatReachedExpiryIsToldAfterTheExpiry) {
  auto id = CreateIntent(5000000, 1000, 3000);
  auto a2 = Block(2, "a", 4000);
  Advance({Block(0, "a", 1500), Block(1, "a", 2000), a2}, {Transfer(5000001, "late", a2)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(id).exception, domain::IntentException::kPaidLate);
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_EXPIRED", "PAYMENT_PENDING"}));
}

PAYD_ON_BOTH_STORES(LedgerTest);

}  // namespace
}  // namespace payd
