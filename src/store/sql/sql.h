// What the store's SQL (store/sql/*.cpp, written once for both databases)
// needs from a database driver: statements with positional parameters and a
// cursor over their rows. store/sqlite and store/postgres implement it.
//
// SQL is written as SQLite reads it: parameters are ?1, ?2 (or ? for the
// next one); the PostgreSQL driver turns them into $1, $2. The few places
// where the two databases differ ask Connection::dialect().
//
// Ownership: a Connection owns its prepared Statements (cached by SQL text);
// a Query borrows one while in use and resets it when it goes out of scope,
// so the same SQL must not be run again before its Query is gone.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace payd::domain {
struct Mailing;
}  // namespace payd::domain

namespace payd::store::sql {

// One prepared statement of one connection.
class Statement {
 public:
  virtual ~Statement() = default;

  virtual void BindText(int index, std::string_view text) = 0;
  virtual void BindInt(int index, std::int64_t value) = 0;
  virtual void BindBlob(int index, std::string_view bytes) = 0;
  virtual void BindNull(int index) = 0;

  // Runs the statement on the first call, then moves to the next row; false
  // when there is none.
  virtual bool Step() = 0;
  virtual bool IsNull(int column) const = 0;
  virtual std::int64_t Int(int column) const = 0;  // 0 for NULL
  virtual std::string Text(int column) const = 0;  // "" for NULL
  virtual std::string Blob(int column) const = 0;

  // Ready for the next use: parameters cleared, rows dropped.
  virtual void Reset() = 0;
};

// A statement in use.
class Query {
 public:
  explicit Query(Statement& stmt) : stmt_(&stmt) {}
  Query(Query&& other) noexcept : stmt_(std::exchange(other.stmt_, nullptr)) {}
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  Query& operator=(Query&&) = delete;
  ~Query() {
    if (stmt_) stmt_->Reset();
  }

  Query& Bind(int index, std::string_view text) {
    stmt_->BindText(index, text);
    return *this;
  }
  Query& Bind(int index, const char* text) { return Bind(index, std::string_view(text)); }
  Query& Bind(int index, const std::string& text) { return Bind(index, std::string_view(text)); }
  Query& Bind(int index, std::int64_t value) {
    stmt_->BindInt(index, value);
    return *this;
  }
  Query& Bind(int index, int value) { return Bind(index, static_cast<std::int64_t>(value)); }
  // Flags are integer columns (0/1) in both databases.
  Query& Bind(int index, bool value) { return Bind(index, static_cast<std::int64_t>(value)); }
  Query& BindBlob(int index, std::string_view bytes) {
    stmt_->BindBlob(index, bytes);
    return *this;
  }
  Query& BindNull(int index) {
    stmt_->BindNull(index);
    return *this;
  }
  template <typename T>
  Query& Bind(int index, const std::optional<T>& value) {
    return value ? Bind(index, *value) : BindNull(index);
  }

  bool Step() { return stmt_->Step(); }
  // Runs a statement to its end, its rows unread.
  void Run() {
    while (Step()) {
    }
  }

  bool IsNull(int column) const { return stmt_->IsNull(column); }
  std::int64_t Int(int column) const { return stmt_->Int(column); }
  std::string Text(int column) const { return stmt_->Text(column); }
  std::string Blob(int column) const { return stmt_->Blob(column); }
  std::optional<std::int64_t> OptInt(int column) const {
    if (IsNull(column)) return std::nullopt;
    return Int(column);
  }
  std::optional<std::string> OptText(int column) const {
    if (IsNull(column)) return std::nullopt;
    return Text(column);
  }

 private:
  Statement* stmt_;
};

enum class Dialect { kSqlite, kPostgres };

class Connection {
 public:
  virtual ~Connection() = default;

  // The statement for `sql`, prepared on first use and kept.
  virtual Query Prepare(std::string_view sql) = 0;
  // Statements without parameters, one or several.
  virtual void Exec(const std::string& sql) = 0;
  // Rows the last INSERT, UPDATE or DELETE changed (on PostgreSQL this waits
  // for a write the driver was holding back, see pg_db.h).
  virtual std::int64_t Changes() = 0;
  virtual Dialect dialect() const = 0;

  // Inside a write transaction: waits until no other transaction, in any
  // process, holds `key`, and holds it until this one ends. Where two writers
  // must not interleave (a release of lapsed amounts and a reservation on one
  // payout address), they lock the same key first. Nothing to do on SQLite,
  // whose writers take turns anyway.
  virtual void LockUntilCommit(std::string_view key) = 0;
  // The same, shared: any number of transactions hold it together, and
  // LockUntilCommit of the same key waits for all of them.
  virtual void LockSharedUntilCommit(std::string_view key) = 0;

  // Set by a write that queued a webhook delivery, so that the store wakes
  // the dispatcher once the transaction commits (SqlStore::Write).
  bool queued_deliveries = false;
  // Set by the store for its write transactions when payd sends email: the
  // events a write records queue their messages too (email_rows.h).
  const domain::Mailing* mailing = nullptr;
};

// Thrown inside a write transaction that found a concurrent one took what it
// was about to take (a row it meant to update changed meanwhile): the store
// runs the transaction again. Never thrown on SQLite, whose writers take turns.
class Conflict : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace payd::store::sql
