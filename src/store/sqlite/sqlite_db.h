// The SQLite driver of the store's SQL (store/sql/sql.h), over the SQLite C
// API: a connection that caches its prepared statements, and an IMMEDIATE
// transaction. Errors become exceptions: "cannot reach the data"
// (busy past the timeout, I/O, disk full) is domain::StoreUnavailable, and
// anything else (constraint violations, SQL mistakes) a std::runtime_error.
//
// A Connection is used by one thread at a time; the pool in sqlite_store.h
// hands them out.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "store/sql/sql.h"

namespace payd::store::sqlite {

class Connection;

// One prepared sqlite3_stmt of a Connection, which owns it.
class Statement final : public sql::Statement {
 public:
  Statement(Connection& conn, sqlite3_stmt* stmt) : conn_(&conn), stmt_(stmt) {}
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() override;

  void BindText(int index, std::string_view text) override;
  void BindInt(int index, std::int64_t value) override;
  void BindBlob(int index, std::string_view bytes) override;
  void BindNull(int index) override;
  bool Step() override;
  bool IsNull(int column) const override;
  std::int64_t Int(int column) const override;
  std::string Text(int column) const override;
  std::string Blob(int column) const override;
  void Reset() override;

 private:
  Connection* conn_;
  sqlite3_stmt* stmt_;
};

using sql::Query;

class Connection final : public sql::Connection {
 public:
  enum class Sync {
    // Every commit, and every checkpoint, is on disk when it returns.
    kFull,
    // No fsync at all: for a file of its own that holds nothing durable.
    kOff,
    // No fsync for this connection's own commits, on a file that kFull
    // connections share. It never checkpoints (no auto-checkpoint, none at
    // close): a checkpoint copies every connection's commits from the WAL
    // into the database file, and without fsync a power cut could lose
    // commits made under kFull.
    kOffShared,
  };

  // Opens (creating if needed) the database in WAL mode with a busy timeout.
  Connection(const std::string& path, Sync sync);
  // Opens an existing database for reading only (`payd db copy`'s source):
  // nothing is created, migrated or written through this connection.
  struct ReadOnly {};
  Connection(const std::string& path, ReadOnly);
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  Query Prepare(std::string_view sql) override;
  void Exec(const std::string& sql) override;
  std::int64_t Changes() override { return sqlite3_changes64(db_); }
  sql::Dialect dialect() const override { return sql::Dialect::kSqlite; }
  // Writers on SQLite take turns (one write lock per file): nothing to add.
  void LockUntilCommit(std::string_view) override {}
  void LockSharedUntilCommit(std::string_view) override {}

  // Calls `on_change` with the table's name whenever a statement on this
  // connection inserts, updates or deletes a row of a rowid table (every
  // payd table), before its transaction commits (sqlite3_update_hook).
  void OnRowChange(std::function<void(std::string_view table)> on_change);

  // Throws the exception that fits the result code, with the connection's message.
  [[noreturn]] void Fail(int code, std::string_view what) const;

  // What decides the durability of this connection's commits and checkpoints.
  struct Durability {
    std::string file;        // the main database file
    int synchronous = 0;     // PRAGMA synchronous: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    int wal_autocheckpoint;  // pages; 0: never checkpoints by itself
    bool checkpoint_on_close;
  };
  // As SQLite reported it once the connection was set up.
  const Durability& durability() const { return durability_; }
  // Those of every connection open in this process now (for tests and diagnostics).
  static std::vector<Durability> OpenConnections();

 private:
  void Open(const std::string& path, int flags);
  // Transparent hashing lets Prepare() look statements up without copying the SQL.
  struct SqlHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  Durability Inspect();
  // Runs the rest of a constructor; on a throw, closes the database first.
  void CloseUnlessSetUp(const std::function<void()>& setup);

  sqlite3* db_ = nullptr;
  std::function<void(std::string_view)> on_row_change_;
  std::unordered_map<std::string, std::unique_ptr<Statement>, SqlHash, std::equal_to<>> statements_;
  Durability durability_;
};

// BEGIN IMMEDIATE takes the write lock up front, so a transaction never has
// to be retried halfway through for a lock upgrade. Rolls back unless committed.
class Transaction {
 public:
  explicit Transaction(Connection& conn);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void Commit();

 private:
  Connection& conn_;
  bool done_ = false;
};

// A read transaction held open: every read through the connection until it
// ends sees the database as it was when the snapshot began, so that a
// multi-table read is one consistent state. In WAL mode (payd's) other
// connections go on committing meanwhile; in rollback-journal mode they wait.
// Ends (rolls back, nothing to undo) when destroyed.
class ReadSnapshot {
 public:
  explicit ReadSnapshot(Connection& conn);
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;
  ~ReadSnapshot();

 private:
  Connection& conn_;
};

}  // namespace payd::store::sqlite
