// A small RAII layer over libpq for the PostgreSQL store: a connection that
// prepares each statement once and sends every parameter as text (never
// spliced into the SQL), results read by row and column, a fixed-size pool,
// and a transaction runner that retries serialization failures and deadlocks.
//
// Errors: a connection that cannot be made or was lost, and the SQLSTATE
// classes 08 (connection), 53 (insufficient resources) and 57P (the server
// shutting down) are domain::StoreUnavailable; 40001 and 40P01 are
// SerializationConflict, which Transact() retries; 23505 is UniqueViolation,
// which Transact() also retries (and sql::Conflict, which the store's SQL
// throws itself); a conflict that outlasts the retries is StoreUnavailable
// (busy, not broken: a client retries later); anything else (constraint violations,
// SQL mistakes) is a std::runtime_error with the server's message and SQLSTATE. No message carries
// a password.
//
// Round trips: inside Transact(), BEGIN, advisory locks and writes that
// return no rows are held back and sent with the next statement whose rows
// are read, or with the COMMIT, in one round trip (libpq's pipeline mode).
// The server runs them in order, so a read still sees every write and lock
// before it; an error of a held-back write surfaces at that next statement,
// which is the same transaction failing (see pg_pipeline.cpp).
//
// A Connection is used by one thread at a time; the Pool hands them out.
#pragma once

#include <postgresql/libpq-fe.h>  // Debian: /usr/include/postgresql

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "store/sql/sql.h"

namespace payd::store::postgres {

// 40001 and 40P01: the server gave up on one of two transactions in the way
// of each other. A sql::Conflict: Transact() runs it again.
class SerializationConflict : public sql::Conflict {
 public:
  using sql::Conflict::Conflict;
};

// A unique key (23505) that another transaction holds: a mistake when it
// happens alone, a lost race between two writers when it comes from
// concurrent transactions (two requests with one Idempotency-Key). Transact()
// runs the transaction again (a sql::Conflict), which then sees the winner's row.
class UniqueViolation : public sql::Conflict {
 public:
  using sql::Conflict::Conflict;
};

// Statement parameters, each sent as text; std::nullopt is SQL NULL.
class Params {
 public:
  Params() = default;
  template <typename... T>
  explicit Params(const T&... values) {
    (Add(values), ...);
  }

  Params& Add(std::string_view text) {
    values_.emplace_back(std::string(text));
    return *this;
  }
  Params& Add(const char* text) { return Add(std::string_view(text)); }
  Params& Add(const std::string& text) { return Add(std::string_view(text)); }
  Params& Add(std::int64_t value) {
    values_.emplace_back(std::to_string(value));
    return *this;
  }
  Params& Add(int value) { return Add(static_cast<std::int64_t>(value)); }
  Params& Add(bool value) {
    values_.emplace_back(value ? "true" : "false");
    return *this;
  }
  Params& AddNull() {
    values_.emplace_back(std::nullopt);
    return *this;
  }
  template <typename T>
  Params& Add(const std::optional<T>& value) {
    return value ? Add(*value) : AddNull();
  }

  const std::vector<std::optional<std::string>>& values() const { return values_; }

 private:
  std::vector<std::optional<std::string>> values_;
};

// The rows a statement returned (text format), and how many it changed.
class Result {
 public:
  explicit Result(PGresult* result) : result_(result, &PQclear) {}

  int rows() const { return PQntuples(result_.get()); }
  std::int64_t affected() const;  // rows changed by INSERT/UPDATE/DELETE
  bool IsNull(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
  std::string Text(int row, int column) const;
  std::int64_t Int(int row, int column) const;  // throws on anything but an integer
  bool Bool(int row, int column) const { return Text(row, column) == "t"; }
  std::optional<std::string> OptText(int row, int column) const;
  std::optional<std::int64_t> OptInt(int row, int column) const;
  const PGresult* raw() const { return result_.get(); }

 private:
  std::unique_ptr<PGresult, decltype(&PQclear)> result_;
};

// How long a connection may take to open, and a statement to run.
struct ConnectionLimits {
  std::chrono::seconds connect_timeout{5};
  std::chrono::milliseconds statement_timeout{15000};
  // Off: a commit returns before its WAL is on disk (a crash may lose the
  // last ones, never corrupt anything): for counters, whose loss costs a
  // rate window, never for what a client is told is stored.
  bool synchronous_commit = true;
  // For a session that holds a lock for as long as the process leads (a
  // chain's): TCP keepalives and a user timeout on both ends, so that a
  // connection cut without a FIN (a host gone, a partition) is noticed in
  // about 11 s here, and ended by the server just as fast, letting the lock
  // go. Without them the server's defaults wait two hours.
  bool watched_session = false;
  // When set, the server ends the session after this long without a
  // statement (PostgreSQL 14+): a lock held by a process that stopped
  // running (frozen, paused) is let go although its TCP connection lives.
  std::chrono::milliseconds idle_session_timeout{0};
};

class Connection;
// Whether `sql` is an INSERT, UPDATE or DELETE without RETURNING, whose only
// answer is how many rows it changed.
bool ReturnsNoRows(std::string_view sql);

// One statement prepared on a Connection, which owns it: parameters are
// kept as text until Step() runs it, then its rows are read from the result.
class Statement final : public sql::Statement {
 public:
  Statement(Connection& conn, std::string name, std::string sql, int parameters)
      : conn_(&conn),
        name_(std::move(name)),
        sql_(std::move(sql)),
        returns_no_rows_(ReturnsNoRows(sql_)),
        values_(parameters) {}

  void BindText(int index, std::string_view text) override;
  void BindInt(int index, std::int64_t value) override;
  void BindBlob(int index, std::string_view bytes) override;  // bytea, sent as \x hex
  void BindNull(int index) override;
  bool Step() override;
  bool IsNull(int column) const override;
  std::int64_t Int(int column) const override;
  std::string Text(int column) const override;
  std::string Blob(int column) const override;
  void Reset() override;

 private:
  void Set(int index, std::optional<std::string> value);

  Connection* conn_;
  std::string name_;
  std::string sql_;       // as PostgreSQL reads it, for error messages
  bool returns_no_rows_;  // INSERT, UPDATE or DELETE without RETURNING
  std::vector<std::optional<std::string>> values_;
  std::optional<Result> result_;
  bool held_back_ = false;  // Step() handed it to the connection's pipeline
  int row_ = -1;
};

// The SQL of store/sql (?1, ?) as PostgreSQL reads it ($1), and how many
// parameters it takes. Question marks inside quoted literals stay.
std::pair<std::string, int> ToPostgresParameters(std::string_view sql);

class Connection final : public sql::Connection {
 public:
  // Opens a session to `url` (postgres://… or a libpq key=value string).
  // Throws StoreUnavailable naming the host, never the password.
  explicit Connection(const std::string& url, const ConnectionLimits& limits = {});
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // One statement with $1… parameters, prepared on first use and cached.
  Result Run(std::string_view sql, const Params& params = Params());
  // Statements without parameters, several at once (migrations, BEGIN/COMMIT).
  void Exec(const std::string& sql) override;

  // The store's SQL (sql.h): ?1 parameters, prepared on first use and kept.
  sql::Query Prepare(std::string_view sql) override;
  std::int64_t Changes() override;
  sql::Dialect dialect() const override { return sql::Dialect::kPostgres; }
  // pg_advisory_xact_lock(_shared) on a 64-bit hash of the key.
  void LockUntilCommit(std::string_view key) override;
  void LockSharedUntilCommit(std::string_view key) override;
  // False once the session is lost: the pool then drops the connection.
  bool healthy() const { return PQstatus(conn_) == CONNECTION_OK; }
  // For a LISTENing session (change_feed.h): its socket, to wait on; and the
  // notifications that arrived, counted and dropped (reads what the socket
  // has without blocking). Throws StoreUnavailable when the session is lost.
  int socket() const { return PQsocket(conn_); }
  int TakeNotifications();
  // WeakTransport() of this session, with the sslmode in effect (the URL's,
  // else PGSSLMODE's, else libpq's "prefer").
  std::optional<std::string> TransportWeakness() const;

  // Transact()'s transaction: BEGIN waits for the first statement that goes
  // to the server; Commit() sends what waits, then COMMIT; Rollback() drops
  // what waits and ends what the server began.
  void Begin(const char* begin_sql);
  void Commit();
  void Rollback();
  // Whether the server has answered this transaction's BEGIN (a pooled
  // session found dead before that lost nothing: Transact() takes another).
  bool began() const { return began_; }

 private:
  friend class Statement;
  friend class CopyIn;
  [[noreturn]] void Fail(const PGresult* result, std::string_view what) const;
  Result Check(PGresult* result, std::string_view what) const;
  std::string NextStatementName() { return "s" + std::to_string(++statements_made_); }
  Result Execute(const std::string& name, const std::vector<std::optional<std::string>>& values,
                 std::string_view what);
  const std::string& PreparedName(std::string_view sql);  // Run()'s statements

  // A statement sent later, in a pipeline (pg_pipeline.cpp).
  struct HeldBack {
    std::string name;  // prepared statement
    std::vector<std::optional<std::string>> values;
    std::string what;
  };
  // Outside a transaction (autocommit) it runs at once: nothing would send it later.
  void HoldBack(HeldBack statement);
  // Sends BEGIN and what was held back, then `last` (if any), in one round
  // trip; throws the first error; answers `last`'s result.
  std::optional<Result> Flush(const HeldBack* last);
  bool Waiting() const { return begin_sql_ != nullptr || !held_back_.empty(); }

  PGconn* conn_ = nullptr;
  int statements_made_ = 0;
  std::int64_t changes_ = 0;
  bool in_transaction_ = false;
  bool began_ = false;
  const char* begin_sql_ = nullptr;  // BEGIN not sent yet
  std::vector<HeldBack> held_back_;
  std::unordered_map<std::string, std::string> prepared_;  // Run(): SQL -> statement name
  // Prepare(): the store's SQL as written -> its statement.
  std::unordered_map<std::string, std::unique_ptr<Statement>> statements_;
};

// One COPY … FROM STDIN on a connection, which runs nothing else until it
// ends: rows go in as COPY's text format (tab-separated, \N for NULL,
// backslash escapes), so no value is ever part of SQL. Finish() ends it and
// says how many rows the server took; destroyed unfinished, the copy is
// abandoned (the server discards it, and the transaction it ran in fails).
class CopyIn {
 public:
  CopyIn(Connection& conn, const std::string& copy_sql);
  CopyIn(const CopyIn&) = delete;
  CopyIn& operator=(const CopyIn&) = delete;
  ~CopyIn();

  void Put(std::string_view data);
  std::int64_t Finish();

 private:
  // The server's last word on the copy (its result, then the end of results).
  Result Collect(std::string_view what);

  Connection& conn_;
  bool open_ = true;
};

// At most `size` connections, opened when first needed. A connection that
// lost its session is closed when returned; the next Acquire opens another.
class Pool {
 public:
  Pool(std::string url, std::size_t size, ConnectionLimits limits = {});
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  class Lease {
   public:
    Lease(Pool& pool, std::unique_ptr<Connection> conn) : pool_(&pool), conn_(std::move(conn)) {}
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Connection& operator*() const { return *conn_; }
    Connection* operator->() const { return conn_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<Connection> conn_;
  };

  // Waits up to `wait` for a free connection; StoreUnavailable after that.
  Lease Acquire(std::chrono::milliseconds wait = std::chrono::seconds(5));
  std::size_t size() const { return size_; }

 private:
  void Return(std::unique_ptr<Connection> conn);

  const std::string url_;
  const std::size_t size_;
  const ConnectionLimits limits_;
  std::mutex mu_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t open_ = 0;  // idle and leased
};

enum class Isolation { kReadCommitted, kRepeatableRead, kSerializable };

// Runs `fn` in one transaction and commits it. A serialization failure, a
// deadlock or a unique key taken meanwhile rolls back and runs `fn` again (a few times, with a
// short random pause), so `fn` must do nothing outside the database it could not repeat; after the
// last attempt the conflict is domain::StoreUnavailable. Anything else rolls back and propagates.
void Transact(Pool& pool, Isolation isolation, const std::function<void(Connection&)>& fn);

// `url` for logs: scheme, user, host, port and database, never the password.
// Throws StoreUnavailable for a URL libpq cannot read.
std::string DescribeUrl(const std::string& url);

// Why a session to `host` (libpq's PQhost: a name, an address or a socket
// directory) with `sslmode` could be read or redirected on the network, or
// nothing: the server is on this machine, or the mode is verify-full (the
// only one that checks the server's certificate and name).
std::optional<std::string> WeakTransport(std::string_view host, std::string_view sslmode,
                                         bool encrypted);

}  // namespace payd::store::postgres
