// A commit under synchronous=FULL is on disk when it returns, and must stay
// there: whichever connection checkpoints the WAL into payd.sqlite3 must sync
// like FULL, or a power cut after a checkpoint made without fsync could lose
// it. This inspects every connection the store opens on the main database.
#include <gtest/gtest.h>

#include <filesystem>

#include "domain/webhooks/event.h"
#include "store_fixture.h"

namespace payd {
namespace {

using store::sqlite::Connection;
constexpr int kSynchronousFull = 2;

class DurabilityTest : public testing::SqliteStoreTest {};

TEST_F(DurabilityTest, NoConnectionOnTheMainDatabaseCheckpointsWithoutFullSync) {
  // Use every kind of connection: readers, the durable writer, the lease
  // writer, the usage database.
  store_->InsertEvent(
      domain::NewEvent(tenant_.id, domain::event_type::kPaymentLinkCreated, "{}", base::NowMs()));
  store_->ClaimDueDelivery(base::NowMs(), 60'000, {2, 2});
  store_->CountRequest("key_x", base::NowMs(), 60'000);
  ASSERT_TRUE(store_->FindTenant(tenant_.id));

  int on_main = 0;
  int checkpointers = 0;
  for (const auto& c : Connection::OpenConnections()) {
    std::error_code ec;
    if (!std::filesystem::equivalent(c.file, sqlite().path(), ec)) continue;
    ++on_main;
    bool checkpoints = c.wal_autocheckpoint > 0 || c.checkpoint_on_close;
    if (checkpoints) ++checkpointers;
    EXPECT_TRUE(c.synchronous >= kSynchronousFull || !checkpoints)
        << "a connection with synchronous=" << c.synchronous
        << " checkpoints the main database (wal_autocheckpoint=" << c.wal_autocheckpoint
        << ", checkpoint at close: " << c.checkpoint_on_close << ")";
  }
  EXPECT_GE(on_main, 3) << "the writer, the lease writer and a reader at least";
  EXPECT_GE(checkpointers, 1) << "someone must checkpoint, or the WAL grows for ever";
}

}  // namespace
}  // namespace payd
