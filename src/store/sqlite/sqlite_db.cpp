#include "store/sqlite/sqlite_db.h"

#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>

#include "domain/store.h"

namespace payd::store::sqlite {

namespace {

constexpr int kBusyTimeoutMs = 5000;

// Every open connection, so that tests can check what each one may do to the files.
std::mutex open_mu;
std::set<const Connection*>& Registry() {
  static std::set<const Connection*> open;
  return open;
}

}  // namespace

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

void Statement::Reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

void Statement::BindText(int index, std::string_view text) {
  int rc =
      sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) conn_->Fail(rc, "bind");
}

void Statement::BindInt(int index, std::int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) conn_->Fail(rc, "bind");
}

void Statement::BindBlob(int index, std::string_view bytes) {
  int rc = sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()),
                             SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) conn_->Fail(rc, "bind");
}

void Statement::BindNull(int index) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) conn_->Fail(rc, "bind");
}

bool Statement::Step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  conn_->Fail(rc, sqlite3_sql(stmt_));
}

bool Statement::IsNull(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::Int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::string Statement::Text(int column) const {
  auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

std::string Statement::Blob(int column) const {
  auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

void Connection::Open(const std::string& path, int flags) {
  // SQLite's memory statistics take a process-wide mutex on every allocation
  // (7% of a catch-up's time); payd never reads them.
  static std::once_flag configured;
  std::call_once(configured, [] { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); });
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw domain::StoreUnavailable("cannot open database " + path + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

Connection::Connection(const std::string& path, ReadOnly) {
  Open(path, SQLITE_OPEN_READONLY);
  CloseUnlessSetUp([&] {
    // A second guard: even a stray PRAGMA or ATTACH cannot write.
    Exec("PRAGMA query_only=1");
    durability_ = Inspect();
  });
  std::lock_guard lock(open_mu);
  Registry().insert(this);
}

Connection::Connection(const std::string& path, Sync sync) {
  Open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  CloseUnlessSetUp([&] {
    Exec("PRAGMA journal_mode=WAL");
    Exec("PRAGMA foreign_keys=ON");
    // OFF is only for writes whose loss in a power cut is harmless (request
    // counters, webhook leases); a later FULL commit syncs a shared WAL anyway.
    Exec(sync == Sync::kFull ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=OFF");
    // A chain pass that catches up records tens of thousands of rows in one
    // transaction: past the default 2 MB page cache SQLite spills pages to the
    // WAL mid-transaction and writes them again and again. Pages are only
    // allocated as used, so this costs nothing for small transactions.
    if (sync == Sync::kFull) Exec("PRAGMA cache_size=-65536");
    // A statement that may fail halfway (a trigger, a UNIQUE or foreign key)
    // keeps the pages it changes in a statement journal; once that passes
    // 64 KiB, SQLite moves it to a temporary file for the rest of the
    // transaction: a catch-up's 20,000 payments wrote 2 GB into it, 4 KiB per
    // pwrite. In memory it is a copy, freed at the end of each statement.
    if (sync == Sync::kFull) Exec("PRAGMA temp_store=MEMORY");
    if (sync == Sync::kOffShared) {
      Exec("PRAGMA wal_autocheckpoint=0");
      sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    }
    durability_ = Inspect();
  });
  std::lock_guard lock(open_mu);
  Registry().insert(this);
}

void Connection::CloseUnlessSetUp(const std::function<void()>& setup) {
  try {
    setup();
  } catch (...) {
    // A constructor that throws runs no destructor: close here what it opened
    // (a file that is not a database fails only at its first statement).
    statements_.clear();
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Connection::~Connection() {
  {
    std::lock_guard lock(open_mu);
    Registry().erase(this);
  }
  statements_.clear();  // finalized before the database closes
  sqlite3_close(db_);
}

void Connection::OnRowChange(std::function<void(std::string_view table)> on_change) {
  on_row_change_ = std::move(on_change);
  sqlite3_update_hook(
      db_,
      [](void* self, int, const char*, const char* table, sqlite3_int64) {
        static_cast<Connection*>(self)->on_row_change_(table);
      },
      this);
}

Connection::Durability Connection::Inspect() {
  Durability d;
  const char* file = sqlite3_db_filename(db_, "main");
  d.file = file ? file : "";
  auto pragma = [this](const char* sql) {
    auto q = Prepare(sql);
    return q.Step() ? static_cast<int>(q.Int(0)) : -1;
  };
  d.synchronous = pragma("PRAGMA synchronous");
  d.wal_autocheckpoint = pragma("PRAGMA wal_autocheckpoint");
  int no_checkpoint_on_close = 0;
  sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, -1, &no_checkpoint_on_close);
  d.checkpoint_on_close = no_checkpoint_on_close == 0;
  return d;
}

std::vector<Connection::Durability> Connection::OpenConnections() {
  std::lock_guard lock(open_mu);
  std::vector<Durability> out;
  for (const Connection* c : Registry()) out.push_back(c->durability_);
  return out;
}

Query Connection::Prepare(std::string_view sql) {
  auto it = statements_.find(sql);
  if (it == statements_.end()) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) Fail(rc, sql);
    it = statements_.emplace(std::string(sql), std::make_unique<Statement>(*this, stmt)).first;
  }
  return Query(*it->second);
}

void Connection::Exec(const std::string& sql) {
  char* error = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    Fail(rc, message);
  }
}

void Connection::Fail(int code, std::string_view what) const {
  std::string message = std::string(sqlite3_errmsg(db_)) + " (" + std::string(what) + ")";
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
      throw domain::StoreUnavailable(message);
    default:
      throw std::runtime_error("sqlite: " + message);
  }
}

Transaction::Transaction(Connection& conn) : conn_(conn) {
  conn_.Exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      conn_.Exec("ROLLBACK");
    } catch (...) {
      // A failed rollback leaves nothing to do: SQLite rolls back on close.
    }
  }
}

void Transaction::Commit() {
  conn_.Prepare("COMMIT").Run();
  done_ = true;
}

ReadSnapshot::ReadSnapshot(Connection& conn) : conn_(conn) {
  // BEGIN alone takes no lock; the first read does, and fixes the snapshot.
  conn_.Exec("BEGIN");
  try {
    conn_.Prepare("SELECT count(*) FROM sqlite_schema").Run();
  } catch (...) {
    try {
      conn_.Exec("ROLLBACK");
    } catch (...) {  // the read's own error is the one to report
    }
    throw;
  }
}

ReadSnapshot::~ReadSnapshot() {
  try {
    conn_.Exec("ROLLBACK");
  } catch (...) {  // nothing was written; closing the connection ends it too
  }
}

}  // namespace payd::store::sqlite
