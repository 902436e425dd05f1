// Payments seen while a chain's providers disagree (ChainUpdate::provisional,
// issue 41): recorded as pending and nothing more, never confirmed until a
// verified pass covers their block, and reversed if that pass does not hold them.
#include <gtest/gtest.h>

#include "chain_blocks.h"
#include "domain/ledger/ledger.h"
#include "ledger_fixture.h"

namespace payd {
namespace {

using testing::Block;
using testing::LedgerTest;

class LedgerProvisionalTest : public LedgerTest {
 protected:
  // What the watcher records while no quorum agrees: the reader's proven
  // transfers above the stored cursor, the chain as last verified.
  void AdvanceProvisional(std::vector<domain::ObservedTransfer> transfers) {
    domain::ChainUpdate u;
    u.chain_id = 31337;
    u.provisional = true;
    u.cursor_before = store_->LoadCursor(31337);
    // A head far above the transfers: a provisional pass confirms nothing whatever it says.
    u.head = {100, 100, 100, u.cursor_before->time};
    u.transfers = std::move(transfers);
    u.watched = store_->WatchedAddresses(31337, base::NowMs());
    ledger_->Advance(u, base::NowMs());
  }
  // A verified pass covering `blocks` with the chain's head at `head`.
  void AdvanceTo(std::vector<domain::BlockHeader> blocks,
                 std::vector<domain::ObservedTransfer> transfers, std::int64_t head) {
    domain::ChainUpdate u;
    u.chain_id = 31337;
    u.blocks = blocks;
    u.cursor = blocks.back();
    u.cursor_before = store_->LoadCursor(31337);
    u.head = {head, std::nullopt, std::nullopt, blocks.back().time};
    u.transfers = std::move(transfers);
    u.watched = store_->WatchedAddresses(31337, base::NowMs());
    ledger_->Advance(u, base::NowMs());
  }
};

TEST_P(LedgerProvisionalTest, APaymentSeenMeanwhileIsPendingUntilAVerifiedPassCoversItsBlock) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  Advance({Block(0, "a", 1500), Block(1, "a", 2000)}, {});
  auto a3 = Block(3, "a", 3000);
  AdvanceProvisional({Transfer(5000001, "t1", a3)});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_EQ(Payments()[0].confirmations, 0);
  EXPECT_EQ(store_->LoadCursor(31337)->number, 1) << "the cursor stays";
  AdvanceProvisional({Transfer(5000001, "t1", a3)});  // every paused pass sees it again
  EXPECT_EQ(Payments().size(), 1u);

  // Catching up, a verified pass that stops below its block: the head would
  // confirm it, but its block is not verified yet.
  AdvanceTo({Block(2, "a", 2500)}, {}, 10);
  EXPECT_EQ(Payments()[0].status, domain::PaymentStatus::kPending);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);

  // The verified pass that covers its block holds that block: the payment
  // stays, even when the provider read has not indexed its log yet.
  std::string payment_id = Payments()[0].id;
  AdvanceTo({a3, Block(4, "a", 3500), Block(5, "a", 4000)}, {}, 10);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_EQ(Payments()[0].id, payment_id);
  EXPECT_EQ(Payments()[0].status, domain::PaymentStatus::kConfirmed);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_CONFIRMED"}));
}

TEST_P(LedgerProvisionalTest, APaymentTheVerifiedChainDoesNotHoldIsReversed) {
  auto id = CreateIntent(5000000, 1000, 1000000);
  Advance({Block(0, "a", 1500), Block(1, "a", 2000)}, {});
  // The reader was on a fork: block 2 of branch f.
  AdvanceProvisional({Transfer(5000001, "t1", Block(2, "f", 2500, "a"))});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kPending);

  AdvanceTo({Block(2, "a", 2500), Block(3, "a", 3000), Block(4, "a", 3500)}, {}, 4);
  ASSERT_EQ(Payments().size(), 1u);
  EXPECT_EQ(Payments()[0].status, domain::PaymentStatus::kReorged);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(EventTypes(),
            (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_PENDING", "PAYMENT_REVERSED"}));
}

TEST_P(LedgerProvisionalTest, APausedPassExpiresNothing) {
  auto id = CreateIntent(5000000, 1000, 3000);
  Advance({Block(0, "a", 1500), Block(1, "a", 2000)}, {});
  // A transfer to no intent, in a block past the intent's expiry: the chain's
  // time stays as last verified, so the intent waits.
  AdvanceProvisional({Transfer(7000000, "t2", Block(2, "a", 4000))});
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kCreated);
  EXPECT_EQ(Payments().size(), 1u) << "the transfer is kept unmatched";
  AdvanceTo({Block(2, "a", 4000)}, {Transfer(7000000, "t2", Block(2, "a", 4000))}, 2);
  EXPECT_EQ(Intent(id).status, domain::IntentStatus::kExpired);
}

PAYD_ON_BOTH_STORES(LedgerProvisionalTest);

}  // namespace
}  // namespace payd
