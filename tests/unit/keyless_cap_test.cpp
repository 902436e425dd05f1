// The key-less cap (Store::IntentLimits::max_open_keyless): an integration
// holds at most so many key-less intents that are CREATED and not expired,
// counted exactly whatever took the others out of that state (payment,
// expiry, deletion), on both stores. The count is kept by triggers
// (keyless_open_counts), so these changes are made as any writer would.
#include <gtest/gtest.h>

#include "store_fixture.h"

namespace payd {
namespace {

using domain::CreateOutcome;

using testing::kMinute;
// 10 s into a minute: what expires 30 s later does so within the next one.
constexpr base::TimeMs kNow = 1'800'000'000'000 / kMinute * kMinute + 10'000;

class KeylessCapTest : public testing::StoreTest {
 protected:
  CreateOutcome Create(base::TimeMs now, base::TimeMs expires, bool keyless = true,
                       std::string* id = nullptr) {
    auto intent = UsdcIntent(domain::Uint256(1'000'000 + ++n_), now, expires);
    intent.keyless = keyless;
    if (id) *id = intent.id;
    return store_
        ->InsertIntent(
            intent, nullptr, {kCap},
            [&](const domain::PaymentIntent& i) {
              return domain::Store::IntentCreated{
                  {201, "{}"}, domain::NewEvent(i.tenant_id, "PAYMENT_CREATED", "{}", now)};
            },
            now)
        .outcome;
  }
  static constexpr int kCap = 3;
  int n_ = 0;
};

TEST_P(KeylessCapTest, CountsOpenKeylessIntentsExactlyAsTheyArePaidExpireOrGo) {
  std::string paid;
  std::string deleted;
  ASSERT_EQ(Create(kNow, kNow + 10 * kMinute, true, &paid), CreateOutcome::kCreated);
  ASSERT_EQ(Create(kNow, kNow + 30'000), CreateOutcome::kCreated);  // expires this minute
  ASSERT_EQ(Create(kNow, kNow + 120 * kMinute, true, &deleted), CreateOutcome::kCreated);
  EXPECT_EQ(Create(kNow, kNow + kMinute), CreateOutcome::kLimitReached);
  EXPECT_EQ(Create(kNow, kNow + kMinute, false), CreateOutcome::kCreated)
      << "an intent created with a key is not capped";

  // 31 s later the second has expired: one place is free, then none.
  EXPECT_EQ(Create(kNow + 31'000, kNow + 5 * kMinute), CreateOutcome::kCreated);
  EXPECT_EQ(Create(kNow + 31'000, kNow + 5 * kMinute), CreateOutcome::kLimitReached);

  RunSql("UPDATE payment_intents SET status = 'PAID' WHERE id = '" + paid + "'");
  EXPECT_EQ(Create(kNow + 32'000, kNow + 5 * kMinute), CreateOutcome::kCreated)
      << "a paid intent is no longer open";
  EXPECT_EQ(Create(kNow + 32'000, kNow + 5 * kMinute), CreateOutcome::kLimitReached);

  RunSql("DELETE FROM payment_intents WHERE id = '" + deleted + "'");
  EXPECT_EQ(Create(kNow + 33'000, kNow + 5 * kMinute), CreateOutcome::kCreated);
  EXPECT_EQ(Create(kNow + 33'000, kNow + 5 * kMinute), CreateOutcome::kLimitReached);

  // Six minutes on, every one created so far has expired; the purge of
  // minutes gone by changes nothing of that.
  store_->PurgeExpired(kNow + 6 * kMinute);
  for (int i = 0; i < kCap; ++i) {
    EXPECT_EQ(Create(kNow + 6 * kMinute, kNow + 20 * kMinute), CreateOutcome::kCreated) << i;
  }
  EXPECT_EQ(Create(kNow + 6 * kMinute, kNow + 20 * kMinute), CreateOutcome::kLimitReached);
}

PAYD_ON_BOTH_STORES(KeylessCapTest);

}  // namespace
}  // namespace payd
