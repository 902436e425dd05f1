// Which intent a hinted transfer may pay (DECISIONS §5 rule 2, the store's
// IntentBySenderHint) and when a hint may be set (Store::SetSenderHint): only
// trusted hints, only intents still waiting at the transfer's block time, the
// oldest first.
#include <gtest/gtest.h>

#include "base/ids.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/store.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr const char* kSender = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

class SenderHintTest : public testing::StoreTest {
 protected:
  // An intent created at `created`, expiring at `expires`, hinting kSender from `source`.
  domain::PaymentIntent Create(domain::HintSource source, base::TimeMs created,
                               base::TimeMs expires) {
    auto intent = UsdcIntent(5000000, created, expires);
    if (source != domain::HintSource::kNone) {
      intent.sender_hint = kSender;
      intent.sender_hint_source = source;
    }
    StoreIntent(intent);
    return intent;
  }

  void SetState(domain::PaymentIntent intent, domain::IntentStatus status,
                domain::IntentException exception = domain::IntentException::kNone) {
    intent.status = status;
    intent.exception = exception;
    store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdateIntent(intent); });
  }

  // The id of the intent a transfer from kSender in a block of time `at` pays, or "".
  std::string HintedAt(base::TimeMs at) {
    std::string id;
    store_->WithLedger([&](domain::LedgerTx& tx) {
      auto found = tx.IntentBySenderHint(31337, "0x5fbdb2315678afecb367f032d93f642f64180aa3",
                                         integration_.payout_address, kSender, at);
      if (found) id = found->id;
    });
    return id;
  }
};

TEST_P(SenderHintTest, AnUnprovenHintNeverTakesATransfer) {
  Create(domain::HintSource::kPayer, 100, 10'000);
  EXPECT_EQ(HintedAt(200), "");
}

TEST_P(SenderHintTest, WalletAndMerchantHintsDo) {
  auto wallet = Create(domain::HintSource::kWallet, 100, 10'000);
  EXPECT_EQ(HintedAt(200), wallet.id);
  SetState(wallet, domain::IntentStatus::kPending);  // paid in full, awaiting confirmations
  auto merchant = Create(domain::HintSource::kMerchant, 150, 10'000);
  EXPECT_EQ(HintedAt(200), merchant.id);
}

TEST_P(SenderHintTest, OnlyIntentsStillWaitingAtTheBlockTime) {
  auto pi = Create(domain::HintSource::kWallet, 100, 10'000);
  EXPECT_EQ(HintedAt(9'999), pi.id);
  // expiresAt is the last moment on time (DECISIONS §5 "expiresAt passes"),
  // as for an exact amount: a transfer stamped exactly then still counts.
  EXPECT_EQ(HintedAt(10'000), pi.id) << "stamped exactly expiresAt";
  EXPECT_EQ(HintedAt(10'001), "") << "expired at the transfer's block time";
  SetState(pi, domain::IntentStatus::kPending, domain::IntentException::kUnderpaid);
  EXPECT_EQ(HintedAt(5'000), pi.id) << "short: still waiting";
  for (auto [status, exception] :
       {std::pair{domain::IntentStatus::kPending, domain::IntentException::kNone},
        std::pair{domain::IntentStatus::kPending, domain::IntentException::kOverpaid},
        std::pair{domain::IntentStatus::kPaid, domain::IntentException::kNone}}) {
    SetState(pi, status, exception);
    EXPECT_EQ(HintedAt(5'000), "")
        << domain::IntentStatusName(status) << " " << domain::IntentExceptionName(exception);
  }
  // Expired by a later block's time (the next transfer of the same block, a
  // chain read late), but waiting at this transfer's.
  for (auto [status, exception] :
       {std::pair{domain::IntentStatus::kExpired, domain::IntentException::kNone},
        std::pair{domain::IntentStatus::kFailed, domain::IntentException::kUnderpaid}}) {
    SetState(pi, status, exception);
    EXPECT_EQ(HintedAt(5'000), pi.id)
        << domain::IntentStatusName(status) << " " << domain::IntentExceptionName(exception);
    EXPECT_EQ(HintedAt(10'000), pi.id) << "stamped exactly expiresAt";
    EXPECT_EQ(HintedAt(10'001), "") << "expired at the transfer's block time";
  }
}

TEST_P(SenderHintTest, TheOldestWaitingIntentFirst) {
  auto older = Create(domain::HintSource::kWallet, 100, 10'000);
  auto newer = Create(domain::HintSource::kWallet, 200, 10'000);
  EXPECT_EQ(HintedAt(300), older.id);
  SetState(older, domain::IntentStatus::kPending);  // paid in full, awaiting confirmations
  EXPECT_EQ(HintedAt(300), newer.id);
}

TEST_P(SenderHintTest, NeverAnIntentCreatedAfterTheTransfer) {
  Create(domain::HintSource::kWallet, 1'000'000, 2'000'000);
  EXPECT_EQ(HintedAt(1'000'000 - domain::kChainClockSkewMs - 1), "");
}

TEST_P(SenderHintTest, AHintIsSetOnlyWhileTheIntentWaits) {
  auto pi = Create(domain::HintSource::kPayer, 100, 10'000);
  auto set = store_->SetSenderHint(pi.id, kSender, domain::HintSource::kWallet, 9'999);
  ASSERT_TRUE(set);
  EXPECT_EQ(set->sender_hint, kSender);
  EXPECT_EQ(set->sender_hint_source, domain::HintSource::kWallet);
  EXPECT_EQ(HintedAt(500), pi.id);
  EXPECT_FALSE(store_->SetSenderHint(pi.id, kSender, domain::HintSource::kWallet, 10'001))
      << "expired";
  EXPECT_TRUE(store_->SetSenderHint(pi.id, kSender, domain::HintSource::kWallet, 10'000))
      << "expiresAt itself is still on time";
  SetState(pi, domain::IntentStatus::kPaid);
  EXPECT_FALSE(store_->SetSenderHint(pi.id, kSender, domain::HintSource::kWallet, 500));
  EXPECT_FALSE(store_->SetSenderHint("pi_nope", kSender, domain::HintSource::kWallet, 500));
}

PAYD_ON_BOTH_STORES(SenderHintTest);

}  // namespace
}  // namespace payd
