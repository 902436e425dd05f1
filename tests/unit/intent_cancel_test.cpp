// The merchant's cancel of an intent (DECISIONS §12, domain/management/
// payment_intents.h) on both stores, with the ledger fed by hand: a CREATED
// intent is EXPIRED at once with canceledAt, its exact amount stays reserved
// for the 24 h from the cancel, and whatever pays it afterwards is a late
// payment even in a block the chain stamped before the cancel (block times
// lag payd's clock); money seen, or an expiry, refuses the cancel.
#include <gtest/gtest.h>

#include "chain_blocks.h"
#include "domain/error.h"
#include "domain/intents/asked_intent.h"
#include "domain/ledger/ledger.h"
#include "domain/management/payment_intents.h"
#include "store_fixture.h"

namespace payd {
namespace {

using testing::kMinute;

using testing::Block;
using testing::Hash;

class IntentCancelTest : public testing::StoreTest {
 protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped()) return;
    domain::ChainInfo chain = catalog_.chains().front();
    chain.confirmations = {domain::ConfirmationPolicy::Kind::kBlocks, 2};
    ledger_catalog_ = domain::ChainCatalog({chain});
    ledger_ = std::make_unique<domain::Ledger>(*store_, ledger_catalog_, Representation());
  }

  domain::Representation Representation() const { return {ledger_catalog_, "http://payd.test"}; }
  domain::Change At(base::TimeMs now, const std::string& tenant = "") {
    return {*store_, domain::Actor::Key("key_test", domain::KeyRights::Account()),
            tenant.empty() ? tenant_.id : tenant, now, std::nullopt};
  }
  std::optional<domain::PaymentIntent> Cancel(const std::string& id, base::TimeMs now,
                                              const std::string& tenant = "") {
    return domain::CancelIntent(At(now, tenant), Representation(), id);
  }
  // The refusal's message (none when the cancel went through).
  std::string Refusal(const std::string& id, base::TimeMs now) {
    try {
      Cancel(id, now);
    } catch (const domain::Error& e) {
      EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
      EXPECT_EQ(e.param(), "id");
      return e.what();
    }
    return "";
  }

  domain::PaymentIntent Stored(base::TimeMs created, base::TimeMs expires) {
    auto intent = UsdcIntent(5'000'000, created, expires);
    StoreIntent(intent);
    return intent;
  }
  domain::PaymentIntent Intent(const std::string& id) {
    return *store_->FindIntent(tenant_.id, id);
  }
  std::vector<std::string> EventTypes() {
    std::vector<std::string> out;
    auto events = store_->RecentEvents(tenant_.id, 100);
    for (auto it = events.rbegin(); it != events.rend(); ++it) out.push_back(it->type);
    return out;
  }

  domain::ObservedTransfer Transfer(const domain::PaymentIntent& to, const std::string& tx,
                                    const domain::BlockHeader& block) {
    domain::ObservedTransfer t;
    t.chain_id = 31337;
    t.token_symbol = "USDC";
    t.token_address = to.token_address;
    t.decimals = 6;
    t.amount = to.amount;
    t.tx_hash = Hash(tx);
    t.position = "log:0";
    t.log_index = 0;
    t.block_number = block.number;
    t.block_hash = block.hash;
    t.block_time = block.time;
    t.sender = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    t.recipient = integration_.payout_address;
    return t;
  }
  void Advance(std::vector<domain::BlockHeader> blocks,
               std::vector<domain::ObservedTransfer> transfers,
               std::optional<std::int64_t> rewind_to = std::nullopt) {
    domain::ChainUpdate u;
    u.chain_id = 31337;
    u.rewind_to = rewind_to;
    u.blocks = blocks;
    u.cursor = blocks.back();
    u.cursor_before = store_->LoadCursor(31337);
    u.head = {blocks.back().number, std::nullopt, std::nullopt, blocks.back().time};
    u.transfers = std::move(transfers);
    u.watched = store_->WatchedAddresses(31337, base::NowMs());
    ledger_->Advance(u, base::NowMs());
  }

  domain::ChainCatalog ledger_catalog_;
  std::unique_ptr<domain::Ledger> ledger_;
};

TEST_P(IntentCancelTest, ACreatedIntentIsExpiredAtOnceAndWhatPaysItAfterIsLate) {
  auto made = Stored(1000, 60 * kMinute);
  base::TimeMs at = 10 * kMinute;
  auto canceled = Cancel(made.id, at);
  ASSERT_TRUE(canceled);
  EXPECT_EQ(canceled->status, domain::IntentStatus::kExpired);
  EXPECT_EQ(canceled->canceled_at, at);
  EXPECT_EQ(canceled->expires_at, at);
  auto stored = Intent(made.id);
  EXPECT_EQ(stored.status, domain::IntentStatus::kExpired);
  EXPECT_EQ(stored.canceled_at, at);
  EXPECT_EQ(stored.expires_at, at);
  // Its exact amount stays reserved, as after an expiry, for 24 h from the cancel.
  EXPECT_EQ(CountRows("SELECT reserved_until FROM amount_reservations"),
            at + domain::kLateWindowMs);
  EXPECT_EQ(CountRows("SELECT late_until FROM payment_intents"), at + domain::kLateWindowMs);
  EXPECT_EQ(EventTypes(), (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_EXPIRED"}));
  auto log = store_->ListAuditLog(tenant_.id, 10, 0);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].action, "payment_intent.cancel");
  EXPECT_EQ(log[0].actor, "key_test");
  EXPECT_EQ(log[0].object_id, made.id);
  EXPECT_NE(log[0].before_json->find("\"status\":\"CREATED\""), std::string::npos);
  EXPECT_NE(log[0].before_json->find("\"canceledAt\":null"), std::string::npos);
  EXPECT_NE(log[0].after_json->find("\"status\":\"EXPIRED\""), std::string::npos);
  EXPECT_NE(log[0].after_json->find("\"canceledAt\":\"1970-01-01T00:10:00.000Z\""),
            std::string::npos);

  // A retry answers it as it is: no second event, no second audit row.
  auto again = Cancel(made.id, at + 5000);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->canceled_at, at);
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 10, 0).size(), 1u);
  EXPECT_EQ(EventTypes().size(), 2u);

  // The exact amount in a block the chain stamped before the cancel (its
  // clock lags payd's): still late, never a normal PAID.
  auto a1 = Block(1, "a", at - kMinute);
  Advance({Block(0, "a", 2000), a1}, {Transfer(made, "late", a1)});
  EXPECT_EQ(Intent(made.id).status, domain::IntentStatus::kPending);
  EXPECT_EQ(Intent(made.id).exception, domain::IntentException::kPaidLate);
  Advance({Block(2, "a", at - kMinute / 2)}, {});
  EXPECT_EQ(Intent(made.id).status, domain::IntentStatus::kPaid);
  EXPECT_EQ(Intent(made.id).exception, domain::IntentException::kPaidLate);
  EXPECT_EQ(EventTypes(), (std::vector<std::string>{"PAYMENT_CREATED", "PAYMENT_EXPIRED",
                                                    "PAYMENT_PENDING", "PAYMENT_CONFIRMED"}));
}

TEST_P(IntentCancelTest, ALatePaymentAReorgTakesLeavesItExpiredNotFailed) {
  auto made = Stored(1000, 60 * kMinute);
  ASSERT_TRUE(Cancel(made.id, 10 * kMinute));
  auto a1 = Block(1, "a", 11 * kMinute);
  Advance({Block(0, "a", 2000), a1}, {Transfer(made, "late", a1)});
  ASSERT_EQ(Intent(made.id).status, domain::IntentStatus::kPending);
  Advance({Block(1, "b", 11 * kMinute, "a"), Block(2, "b", 12 * kMinute)}, {}, 0);
  EXPECT_EQ(Intent(made.id).status, domain::IntentStatus::kExpired);
  EXPECT_EQ(Intent(made.id).exception, domain::IntentException::kNone);
}

TEST_P(IntentCancelTest, MoneySeenAnExpiryOrAnotherTenantRefuseIt) {
  auto pending = Stored(1000, 60 * kMinute);
  auto a1 = Block(1, "a", 2000);
  Advance({Block(0, "a", 1500), a1}, {Transfer(pending, "paid", a1)});
  ASSERT_EQ(Intent(pending.id).status, domain::IntentStatus::kPending);
  EXPECT_NE(Refusal(pending.id, 3000).find("is PENDING"), std::string::npos);
  Advance({Block(2, "a", 2500)}, {});
  ASSERT_EQ(Intent(pending.id).status, domain::IntentStatus::kPaid);
  EXPECT_NE(Refusal(pending.id, 3000).find("is PAID"), std::string::npos);

  // Past its expiresAt on payd's clock, though the ledger has not moved it yet.
  auto old = Stored(1000, 5000);
  EXPECT_NE(Refusal(old.id, 6000).find("is EXPIRED"), std::string::npos);
  EXPECT_EQ(Intent(old.id).status, domain::IntentStatus::kCreated);
  EXPECT_FALSE(Intent(old.id).canceled_at);

  // Another tenant's intent is not there for this one.
  auto mine = Stored(1000, 60 * kMinute);
  EXPECT_FALSE(Cancel(mine.id, 3000, "ten_other"));
  EXPECT_FALSE(Cancel("pi_nosuch", 3000));
  EXPECT_EQ(Intent(mine.id).status, domain::IntentStatus::kCreated);
  EXPECT_TRUE(store_->ListAuditLog(tenant_.id, 10, 0).empty()) << "refusals record nothing";
}

TEST_P(IntentCancelTest, AnAskedIntentNotChosenYetIsCanceledAndTakesNoChoiceAfter) {
  struct NoPrices : domain::PriceSource {
    domain::UsdPrice Price(const domain::ChainInfo&, const domain::TokenInfo&) override {
      throw domain::PriceUnavailable("static prices only");
    }
  } prices;
  domain::AskedIntentRequest ask{{"5.00", "USD", {{31337, "USDC"}}}, "{}", 60 * kMinute};
  auto asked = domain::PrepareAskedIntent(integration_, ask, 1000, "https://shop.example/done");
  StoreIntent(asked);
  EXPECT_EQ(Intent(asked.id).return_url, "https://shop.example/done");
  auto canceled = Cancel(asked.id, 2000);
  ASSERT_TRUE(canceled);
  EXPECT_EQ(canceled->status, domain::IntentStatus::kExpired);
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations"), 0);
  EXPECT_FALSE(domain::ChooseOption(*store_, catalog_, prices, asked.id, {31337, "USDC"}, 3000));
  EXPECT_EQ(Intent(asked.id).chain_id, 0);
}

PAYD_ON_BOTH_STORES(IntentCancelTest);

}  // namespace
}  // namespace payd
