// Chain leadership on PostgreSQL when a leader stops running without its
// connection closing (store/postgres/chain_locks.h): its lock must still go,
// and a leader that runs must keep it however long it waits between polls.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "pg_fixture.h"
#include "store/postgres/chain_locks.h"

namespace payd::store::postgres {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

constexpr std::int64_t kChain = 31337;
constexpr milliseconds kIdle{600};

class ChainLocksTest : public testing::ScratchDatabaseTest {};

TEST_F(ChainLocksTest, ALeaderThatWaitsLongBetweenPollsKeepsItsLock) {
  ChainLocks leader(db_->url(), kIdle);
  ChainLocks other(db_->url(), kIdle);
  ASSERT_TRUE(leader.Lead(kChain));
  // The leader makes no call for four idle timeouts: its heartbeat keeps the
  // session. Checked from the other process all along.
  auto until = steady_clock::now() + 4 * kIdle;
  while (steady_clock::now() < until) {
    ASSERT_FALSE(other.Lead(kChain)) << "the lock went while its holder was running";
    std::this_thread::sleep_for(milliseconds(50));  // sleep-ok: polling interval
  }
  EXPECT_TRUE(leader.Lead(kChain));
}

TEST_F(ChainLocksTest, ALeaderThatStopsRunningLosesItsLockToTheServersIdleTimeout) {
  // A frozen process: its session holds the lock and says nothing more, its
  // connection open. (ChainLocks' own session, minus the heartbeat.)
  ConnectionLimits limits;
  limits.watched_session = true;
  limits.idle_session_timeout = kIdle;
  Connection frozen(db_->url(), limits);
  ASSERT_TRUE(frozen.Run("SELECT pg_try_advisory_lock(hashtextextended('chain-watch|31337', 0))")
                  .Bool(0, 0));
  ChainLocks other(db_->url(), kIdle);
  EXPECT_FALSE(other.Lead(kChain));
  auto start = steady_clock::now();
  bool led = false;
  while (!led && steady_clock::now() - start < milliseconds(10000)) {
    std::this_thread::sleep_for(milliseconds(50));  // sleep-ok: polling interval
    led = other.Lead(kChain);
  }
  EXPECT_TRUE(led) << "the frozen session kept the lock";
  EXPECT_GE(steady_clock::now() - start, kIdle / 2) << "let go before the idle timeout";
}

}  // namespace
}  // namespace payd::store::postgres
