// Group commit (store/sql/group_commit.h) on a real SQLite database: writes
// that arrive while another commits share the next transaction, each sees
// the ones before it, one that fails fails alone, and a failed commit fails
// them all.
#include "store/sql/group_commit.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <latch>
#include <stdexcept>
#include <thread>
#include <vector>

#include "base/ids.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::sql {
namespace {

using sqlite::Connection;

class GroupCommitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / base::NewId("payd_group_");
    std::filesystem::create_directories(dir_);
    conn_ = std::make_unique<Connection>((dir_ / "t.sqlite3").string(), Connection::Sync::kFull);
    conn_->Exec("CREATE TABLE rows(name TEXT PRIMARY KEY, seen INTEGER NOT NULL)");
  }
  void TearDown() override {
    conn_.reset();
    std::filesystem::remove_all(dir_);
  }
  // What a store's RunWrite does: one IMMEDIATE transaction, committed.
  GroupCommit::Transact Commits() {
    return [this](const GroupCommit::Write& w) {
      sqlite::Transaction tx(*conn_);
      w(*conn_);
      tx.Commit();
    };
  }
  // Inserts `name` with the number of rows it saw before it.
  GroupCommit::Write Insert(const std::string& name) {
    return [name](sql::Connection& c) {
      auto count = c.Prepare("SELECT count(*) FROM rows");
      count.Step();
      c.Prepare("INSERT INTO rows(name, seen) VALUES (?, ?)")
          .Bind(1, name)
          .Bind(2, count.Int(0))
          .Run();
    };
  }
  std::int64_t Count(const std::string& where = "1") {
    auto q = conn_->Prepare("SELECT count(*) FROM rows WHERE " + where);
    q.Step();
    return q.Int(0);
  }
  std::filesystem::path dir_;
  std::unique_ptr<Connection> conn_;
};

// Holds the first group open until `followers` more writes have queued, in
// their order, so that they form the second group together.
void RunWithFollowers(GroupCommit& group, const std::vector<GroupCommit::Write>& followers,
                      std::vector<std::exception_ptr>& errors) {
  std::atomic<bool> release{false};
  std::thread first([&] {
    group.Run([&](sql::Connection&) {
      while (!release) std::this_thread::yield();
    });
  });
  while (group.queued() < 1) std::this_thread::yield();
  std::vector<std::thread> threads;
  errors.assign(followers.size(), nullptr);
  // One at a time, each queued before the next starts: the group runs them
  // in this order (threads started at once would queue in any order).
  for (std::size_t i = 0; i < followers.size(); ++i) {
    threads.emplace_back([&, i] {
      try {
        group.Run(followers[i]);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
    while (group.queued() < i + 2) std::this_thread::yield();
  }
  release = true;
  first.join();
  for (auto& t : threads) t.join();
}

TEST_F(GroupCommitTest, WritesArrivingDuringACommitShareTheNextOneAndSeeEachOther) {
  GroupCommit group(Commits());
  std::vector<GroupCommit::Write> writes;
  for (int i = 0; i < 8; ++i) writes.push_back(Insert("w" + std::to_string(i)));
  std::vector<std::exception_ptr> errors;
  RunWithFollowers(group, writes, errors);
  for (auto& e : errors) EXPECT_FALSE(e);
  EXPECT_EQ(Count(), 8);
  EXPECT_EQ(group.groups(), 2u) << "the first write alone, then the eight together";
  EXPECT_EQ(group.writes(), 9u);
  // Each saw those before it in its group, as one at a time would have.
  EXPECT_EQ(Count("seen BETWEEN 0 AND 7"), 8);
  auto distinct = conn_->Prepare("SELECT count(DISTINCT seen) FROM rows");
  distinct.Step();
  EXPECT_EQ(distinct.Int(0), 8);
}

TEST_F(GroupCommitTest, AWriteThatFailsFailsAloneAndLeavesNothing) {
  GroupCommit group(Commits());
  std::vector<GroupCommit::Write> writes = {Insert("a"),
                                            [&](sql::Connection& c) {
                                              Insert("b")(c);
                                              throw std::invalid_argument("b's rules refuse it");
                                            },
                                            Insert("a"),  // a duplicate key: SQLite refuses it
                                            Insert("c")};
  std::vector<std::exception_ptr> errors;
  RunWithFollowers(group, writes, errors);
  EXPECT_FALSE(errors[0]);
  ASSERT_TRUE(errors[1]);
  EXPECT_THROW(std::rethrow_exception(errors[1]), std::invalid_argument);
  EXPECT_TRUE(errors[2]) << "the second 'a' breaks the primary key";
  EXPECT_FALSE(errors[3]);
  EXPECT_EQ(Count(), 2);
  EXPECT_EQ(Count("name = 'b'"), 0) << "a failed write's rows are rolled back";
  EXPECT_EQ(Count("name = 'c' AND seen = 1"), 1) << "c saw only what committed before it";
}

TEST_F(GroupCommitTest, WhenTheCommitFailsEveryWriteOfTheGroupGetsTheErrorAndNothingIsStored) {
  GroupCommit* self = nullptr;
  GroupCommit group([&](const GroupCommit::Write& w) {
    sqlite::Transaction tx(*conn_);  // rolled back when the commit is refused
    w(*conn_);
    // The second group's commit is refused, as a full disk would.
    if (self->groups() >= 1) throw std::runtime_error("disk full");
    tx.Commit();
  });
  self = &group;
  std::vector<std::exception_ptr> errors;
  std::atomic<bool> release{false};
  std::thread first([&] {
    group.Run([&](sql::Connection&) {
      while (!release) std::this_thread::yield();
    });
  });
  while (group.queued() < 1) std::this_thread::yield();
  std::vector<GroupCommit::Write> writes = {Insert("x"), Insert("y"), Insert("z")};
  errors.assign(writes.size(), nullptr);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    threads.emplace_back([&, i] {
      try {
        group.Run(writes[i]);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  }
  while (group.queued() < 4) std::this_thread::yield();
  release = true;
  first.join();
  for (auto& t : threads) t.join();
  for (auto& e : errors) {
    ASSERT_TRUE(e);
    EXPECT_THROW(std::rethrow_exception(e), std::runtime_error);
  }
  EXPECT_EQ(Count(), 0);
  EXPECT_EQ(group.groups(), 2u);
}

}  // namespace
}  // namespace payd::store::sql
