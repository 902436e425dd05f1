// Deep offset pages (store/sql/deep_pages.h) answer exactly what OFFSET
// would: every page of a list, newest first by creation and then by
// insertion (DECISIONS §4 "Lists: newest first"), whatever the offset and
// the limit, before and after more rows arrive. A stride of 10 stands for
// the 1,000 of production, so that a few hundred rows hold many marks.
#include <gtest/gtest.h>

#include <algorithm>

#include "domain/ledger/ledger_tx.h"
#include "store/sql/sql_store.h"
#include "store_fixture.h"

namespace payd {
namespace {

using testing::kMinute;

class DeepPagesTest : public testing::StoreTest {
 protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped()) return;
    static_cast<store::sql::SqlStore&>(*store_).SetDeepPageStride(10);
  }

  // `n` intents a minute apart, two at each minute (the second one
  // inserted later sorts first); their ids in insertion order go to `ids_`.
  void AddIntents(int n) {
    for (int i = 0; i < n; ++i) {
      auto at = base_ + static_cast<base::TimeMs>(ids_.size() / 2) * kMinute;
      auto intent =
          UsdcIntent(1'000'000 + static_cast<std::int64_t>(ids_.size()), at, at + kMinute);
      StoreIntent(intent);
      ids_.push_back(intent.id);
    }
  }

  // `n` transfers to the tenant, spaced as AddIntents spaces intents.
  void AddPayments(int n) {
    for (int i = 0; i < n; ++i) {
      domain::Payment p;
      p.id = base::NewId("pay_");
      p.tenant_id = tenant_.id;
      p.transfer.chain_id = 31337;
      p.transfer.token_symbol = "USDC";
      p.transfer.decimals = 6;
      p.transfer.amount = 1'000'000;
      p.transfer.tx_hash = "0x" + base::NewId("tx");
      p.transfer.position = "tx";
      p.transfer.block_number = 100;
      p.transfer.block_hash = "0xb100";
      p.transfer.sender = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
      p.transfer.recipient = integration_.payout_address;
      p.status = domain::PaymentStatus::kConfirmed;
      p.created_at = base_ + static_cast<base::TimeMs>(ids_.size() / 2) * kMinute;
      store_->WithLedger([&](domain::LedgerTx& tx) { tx.InsertPayment(p); });
      ids_.push_back(p.id);
    }
  }

  // Checks every page of `limit` against the list's definition: the
  // intents' list (its length kept by a trigger) or the payments' (whose
  // newest rows are counted).
  enum class List { kIntents, kPayments };
  void ExpectEveryPage(int limit, List list = List::kIntents) {
    std::vector<std::string> newest_first(ids_.rbegin(), ids_.rend());
    const int total = static_cast<int>(newest_first.size());
    for (int offset = 0; offset <= total + limit; ++offset) {
      std::vector<std::string> expected;
      for (int i = offset; i < std::min(total, offset + limit); ++i)
        expected.push_back(newest_first[i]);
      std::vector<std::string> got;
      if (list == List::kIntents) {
        for (const auto& intent : store_->ListIntents(tenant_.id, std::nullopt, limit, offset))
          got.push_back(intent.id);
      } else {
        for (const auto& payment : store_->ListPayments(tenant_.id, std::nullopt, limit, offset))
          got.push_back(payment.id);
      }
      ASSERT_EQ(got, expected) << "limit " << limit << ", offset " << offset << " of " << total;
    }
  }

  base::TimeMs base_ = 1'700'000'000'000;
  std::vector<std::string> ids_;
};

TEST_P(DeepPagesTest, EveryPageIsWhatOffsetMeans) {
  AddIntents(301);  // 150 minutes: all but the last ten minutes' rows lie below the horizon
  for (int limit : {1, 7, 10, 51}) ExpectEveryPage(limit);
}

TEST_P(DeepPagesTest, PagesStayExactAsNewRowsArrive) {
  AddIntents(240);
  ExpectEveryPage(13);
  AddIntents(5);  // within the minute the marks stay as they are: the new rows are counted
  ExpectEveryPage(13);
  AddIntents(60);  // half an hour on: the marks reach further
  ExpectEveryPage(13);
}

TEST_P(DeepPagesTest, PaymentPagesStayExactAsNewRowsArrive) {
  AddPayments(240);
  ExpectEveryPage(13, List::kPayments);
  AddPayments(5);
  ExpectEveryPage(13, List::kPayments);
  AddPayments(60);
  ExpectEveryPage(13, List::kPayments);
}

// A filtered list pages by OFFSET (its rows change status), and agrees.
TEST_P(DeepPagesTest, FilteredListsAgreeWithTheWholeList) {
  AddIntents(120);
  auto all = store_->ListIntents(tenant_.id, std::nullopt, 10, 100);
  auto created = store_->ListIntents(tenant_.id, domain::IntentStatus::kCreated, 10, 100);
  ASSERT_EQ(all.size(), 10u);
  ASSERT_EQ(created.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(created[i].id, all[i].id);
}

PAYD_ON_BOTH_STORES(DeepPagesTest);

}  // namespace
}  // namespace payd
