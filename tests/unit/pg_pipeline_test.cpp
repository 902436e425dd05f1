// Held-back statements in a PostgreSQL transaction (pg_pipeline.cpp): a
// read sees every write before it, Changes() counts a held-back write, an
// error of a held-back write fails the transaction and leaves nothing, a
// lost race is still retried, and a pooled session the server dropped is
// still replaced before anything was done.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "domain/store.h"
#include "pg_fixture.h"
#include "store/postgres/pg_db.h"

namespace payd::store::postgres {
namespace {

using PgPipelineTest = testing::ScratchDatabaseTest;

void CreateTable(const std::string& url) {
  Connection setup(url);
  setup.Exec("CREATE TABLE t (id BIGINT PRIMARY KEY, body TEXT NOT NULL)");
}

std::int64_t Count(const std::string& url) {
  Connection check(url);
  return check.Run("SELECT count(*) FROM t").Int(0, 0);
}

TEST_F(PgPipelineTest, AReadSeesTheWritesBeforeItAndChangesCountsAHeldBackWrite) {
  CreateTable(db_->url());
  Pool pool(db_->url(), 1);
  Transact(pool, Isolation::kReadCommitted, [](Connection& c) {
    c.Prepare("INSERT INTO t (id, body) VALUES (?, ?)").Bind(1, 1).Bind(2, "a").Run();
    c.Prepare("INSERT INTO t (id, body) VALUES (?, ?)").Bind(1, 2).Bind(2, "b").Run();
    c.LockUntilCommit("some key");
    auto q = c.Prepare("SELECT string_agg(body, ',' ORDER BY id) FROM t");
    ASSERT_TRUE(q.Step());
    EXPECT_EQ(q.Text(0), "a,b");
    c.Prepare("UPDATE t SET body = body || '!'").Run();
    EXPECT_EQ(c.Changes(), 2);
    c.Prepare("DELETE FROM t WHERE id = ?").Bind(1, 2).Run();
  });
  EXPECT_EQ(Count(db_->url()), 1) << "the last write went with the COMMIT";
}

TEST_F(PgPipelineTest, AHeldBackWritesErrorFailsTheTransactionAndLeavesNothing) {
  CreateTable(db_->url());
  Pool pool(db_->url(), 1);
  try {
    Transact(pool, Isolation::kReadCommitted, [](Connection& c) {
      c.Prepare("INSERT INTO t (id, body) VALUES (?, ?)").Bind(1, 1).Bind(2, "a").Run();
      c.Prepare("INSERT INTO t (id, body) VALUES (?, ?)").Bind(1, 2).BindNull(2).Run();
      c.Prepare("SELECT count(*) FROM t").Run();
    });
    FAIL() << "a NOT NULL column took NULL";
  } catch (const std::runtime_error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("INSERT INTO t"), std::string::npos) << "names the write: " << what;
    EXPECT_NE(what.find("23502"), std::string::npos) << what;
  }
  EXPECT_EQ(Count(db_->url()), 0);
  auto conn = pool.Acquire();
  EXPECT_EQ(conn->Run("SELECT 1").Int(0, 0), 1) << "the connection is ready for the next one";
}

TEST_F(PgPipelineTest, AUniqueKeyTakenByAHeldBackWriteIsStillALostRaceRetried) {
  CreateTable(db_->url());
  Connection(db_->url()).Run("INSERT INTO t VALUES (1, 'taken')");
  Pool pool(db_->url(), 1);
  int attempts = 0;
  Transact(pool, Isolation::kReadCommitted, [&](Connection& c) {
    ++attempts;
    c.Prepare("INSERT INTO t (id, body) VALUES (?, 'mine')").Bind(1, attempts).Run();
  });
  EXPECT_EQ(attempts, 2);
  EXPECT_EQ(Count(db_->url()), 2);
}

TEST_F(PgPipelineTest, APooledSessionTheServerDroppedIsReplacedBeforeAnythingIsDone) {
  CreateTable(db_->url());
  Pool pool(db_->url(), 1);
  {
    auto conn = pool.Acquire();
    std::int64_t pid = conn->Run("SELECT pg_backend_pid()").Int(0, 0);
    Connection(db_->url()).Run("SELECT pg_terminate_backend($1::int)", Params(pid));
  }
  int attempts = 0;
  Transact(pool, Isolation::kReadCommitted, [&](Connection& c) {
    ++attempts;
    c.Prepare("INSERT INTO t (id, body) VALUES (1, 'after the restart')").Run();
    c.Prepare("SELECT 1").Run();
  });
  EXPECT_EQ(attempts, 2);
  EXPECT_EQ(Count(db_->url()), 1);
}

TEST(PgPipeline, OnlyWritesWithoutRowsAreHeldBack) {
  EXPECT_TRUE(ReturnsNoRows("INSERT INTO t VALUES (1)"));
  EXPECT_TRUE(ReturnsNoRows("\n  update t SET n = 1"));
  EXPECT_TRUE(ReturnsNoRows("DELETE FROM t"));
  EXPECT_TRUE(ReturnsNoRows("UPDATE t SET returning_soon = 1"));
  EXPECT_FALSE(ReturnsNoRows("INSERT INTO t VALUES (1) RETURNING id"));
  EXPECT_FALSE(ReturnsNoRows("UPDATE t SET n = 1\nreturning n"));
  EXPECT_FALSE(ReturnsNoRows("SELECT inserted FROM t"));
  EXPECT_FALSE(ReturnsNoRows("INSERTED"));
  EXPECT_FALSE(ReturnsNoRows("WITH x AS (DELETE FROM t RETURNING 1) SELECT count(*) FROM x"));
}

}  // namespace
}  // namespace payd::store::postgres
