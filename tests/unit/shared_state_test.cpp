// What several payd processes on one database share through the store: who
// watches each chain, and the key-less clients' rate windows. "Another
// process" is the same database opened once more (OpenAnother).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "store_fixture.h"

namespace payd {
namespace {

constexpr std::int64_t kChain = 31337;
constexpr base::TimeMs kNow = 1'800'000'000'000;
using testing::kMinute;

class SharedStateTest : public testing::StoreTest {};

TEST_P(SharedStateTest, OneProcessLeadsAChainUntilItLetsGo) {
  auto other = OpenAnother();
  EXPECT_TRUE(store_->LeadChain(kChain));
  EXPECT_TRUE(store_->LeadChain(kChain)) << "the leader keeps it";
  EXPECT_FALSE(other->LeadChain(kChain));
  EXPECT_TRUE(other->LeadChain(kChain + 1)) << "each chain has its own lock";
  store_->StopLeadingChain(kChain);
  EXPECT_TRUE(other->LeadChain(kChain));
  EXPECT_FALSE(store_->LeadChain(kChain));
}

TEST_P(SharedStateTest, AProcessThatEndsLetsItsChainsGo) {
  auto other = OpenAnother();
  ASSERT_TRUE(other->LeadChain(kChain));
  EXPECT_FALSE(store_->LeadChain(kChain));
  other.reset();  // its descriptors or its database session close with it
  // PostgreSQL lets a closed session's locks go once its server process has
  // seen the close: a moment later, well within a poll interval.
  bool led = store_->LeadChain(kChain);
  for (int i = 0; i < 100 && !led; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // sleep-ok: polling interval
    led = store_->LeadChain(kChain);
  }
  EXPECT_TRUE(led);
}

TEST_P(SharedStateTest, ClientWindowsAreCountedByEveryProcessOnPostgres) {
  auto other = OpenAnother();
  auto first = store_->CountClientRequest("read|1.2.3.4|int_a", kNow, kMinute);
  if (GetParam() == testing::StoreKind::kSqlite) {
    EXPECT_FALSE(first) << "SQLite processes count key-less clients in memory";
    return;
  }
  ASSERT_TRUE(first);
  EXPECT_EQ(first->count, 1);
  EXPECT_EQ(other->CountClientRequest("read|1.2.3.4|int_a", kNow + 1, kMinute)->count, 2);
  EXPECT_EQ(store_->CountClientRequest("read|1.2.3.4|int_a", kNow + 2, kMinute)->count, 3);
  EXPECT_EQ(other->CountClientRequest("read|5.6.7.8|int_a", kNow + 3, kMinute)->count, 1);
  auto next = store_->CountClientRequest("read|1.2.3.4|int_a", kNow + kMinute, kMinute);
  EXPECT_EQ(next->count, 1) << "a new window once the minute ended";
  EXPECT_EQ(next->window_start, kNow + kMinute);
  store_->PurgeExpired(kNow + 2 * kMinute);
  EXPECT_EQ(CountRows("SELECT count(*) FROM client_windows"), 0) << "ended windows are forgotten";
}

PAYD_ON_BOTH_STORES(SharedStateTest);

}  // namespace
}  // namespace payd
