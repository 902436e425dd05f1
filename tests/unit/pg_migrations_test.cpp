// The PostgreSQL schema (store/postgres/pg_migrations.h): applied once, by
// one of several processes starting at once, and table for table, column for
// column the same as the SQLite store's, so that the two stores hold the same
// data and `payd db copy` can move it.
#include "store/postgres/pg_migrations.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "base/ids.h"
#include "pg_fixture.h"
#include "store/sqlite/migrations.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::postgres {
namespace {

using Columns = std::map<std::string, std::set<std::string>>;  // table -> column names

using PgMigrationsTest = testing::ScratchDatabaseTest;

Columns SqliteColumns() {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / base::NewId("payd-schema-");
  fs::create_directories(dir);
  Columns out;
  for (auto [file, schema] : {std::pair{"payd.sqlite3", sqlite::Schema::kMain},
                              std::pair{"payd-usage.sqlite3", sqlite::Schema::kUsage}}) {
    sqlite::Connection conn((dir / file).string(), sqlite::Connection::Sync::kOff);
    sqlite::Migrate(conn, schema);
    auto q = conn.Prepare(
        "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c"
        " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'");
    while (q.Step()) out[q.Text(0)].insert(q.Text(1));
  }
  fs::remove_all(dir);
  return out;
}

// Without `rowid`, which SQLite tables have without naming it, and
// client_windows, which SQLite keeps in each process's memory.
Columns PostgresColumns(Connection& conn) {
  Columns out;
  Result rows = conn.Run(
      "SELECT table_name, column_name FROM information_schema.columns"
      " WHERE table_schema = current_schema() AND column_name != 'rowid'"
      " AND table_name != 'client_windows'");
  for (int r = 0; r < rows.rows(); ++r) out[rows.Text(r, 0)].insert(rows.Text(r, 1));
  return out;
}

TEST_F(PgMigrationsTest, AppliesOnceThenFindsNothingToDo) {
  Connection conn(db_->url());
  auto first = Migrate(conn);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.front().version, 1);
  EXPECT_TRUE(Migrate(conn).empty());
  EXPECT_EQ(conn.Run("SELECT count(*) FROM schema_migrations").Int(0, 0),
            static_cast<std::int64_t>(first.size()));
}

TEST_F(PgMigrationsTest, HoldsTheSameTablesAndColumnsAsTheSqliteStore) {
  Connection conn(db_->url());
  Migrate(conn);
  Columns sqlite = SqliteColumns();
  Columns postgres = PostgresColumns(conn);
  EXPECT_EQ(postgres, sqlite);
}

TEST_F(PgMigrationsTest, ProcessesStartingAtOnceMigrateOnceBetweenThem) {
  constexpr int kProcesses = 4;
  std::vector<std::size_t> applied(kProcesses);
  std::vector<std::string> errors(kProcesses);
  std::vector<std::thread> starts;
  for (int i = 0; i < kProcesses; ++i) {
    starts.emplace_back([&, i] {
      try {
        Connection conn(db_->url());
        applied[i] = Migrate(conn).size();
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
    });
  }
  for (auto& t : starts) t.join();
  std::size_t total = 0;
  for (int i = 0; i < kProcesses; ++i) {
    EXPECT_EQ(errors[i], "") << "process " << i;
    total += applied[i];
  }
  Connection conn(db_->url());
  EXPECT_EQ(static_cast<std::int64_t>(total),
            conn.Run("SELECT count(*) FROM schema_migrations").Int(0, 0));
  EXPECT_EQ(std::count(applied.begin(), applied.end(), 0u), kProcesses - 1);
}

}  // namespace
}  // namespace payd::store::postgres
