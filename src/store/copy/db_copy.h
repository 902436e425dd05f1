// `payd db copy`: moves a SQLite deployment's data into an empty PostgreSQL
// database, all of it or nothing.
//
// The source is opened read-only, inside one read transaction: the copy is
// the database as it was at one instant even if a payd still writes to it
// (which it should not: what it writes later is not copied). The target gets
// payd's PostgreSQL schema (its migrations) and must then hold no rows at
// all. Every table of the source goes over in one PostgreSQL transaction, in
// an order its foreign keys allow, SQLite's rowid into the `rowid` identity
// columns (whose sequences are then set past the highest), and before
// COMMIT each table is read back and compared with the source: row counts,
// and a SHA-256 over the rows' values (table_checksum.h). Any difference
// rolls everything back. database_meta travels as it is, and with it the
// environment the data belongs to.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "store/copy/table_writer.h"
#include "store/postgres/pg_db.h"

namespace payd::store::copy {

// Why a copy was refused or failed, for one line on the operator's screen.
// `side` is the option at fault ("from", "to"), or empty.
class CopyError : public std::runtime_error {
 public:
  CopyError(const std::string& message, std::string side = {})
      : std::runtime_error(message), side_(std::move(side)) {}
  const std::string& side() const { return side_; }

 private:
  std::string side_;
};

// The SQLite files `sqlite:PATH` names: PATH/payd.sqlite3 for a data
// directory, else the file PATH itself; and payd-usage.sqlite3 beside it
// (key_usage: lastUsedAt and rate windows), when there is one.
struct SqliteSource {
  std::string main;
  std::optional<std::string> usage;
};
SqliteSource FindSqliteSource(const std::string& from);

// The target of `--to`, checked to be a postgres:// or postgresql:// URL.
void CheckTargetUrl(const std::string& to);

struct CopyOptions {
  WriteMethod method = WriteMethod::kCopy;
  // Runs in the target's transaction once the rows are in, before they are
  // verified: lets a test damage the copy and see the verification refuse it.
  std::function<void(postgres::Connection&)> before_verify;
};

struct TableResult {
  std::string name;
  std::string database;  // "main" or "usage"
  std::int64_t source_rows = 0;
  std::int64_t target_rows = 0;
  std::string sha256;  // of the source's rows, equal to the target's
};

struct CopyReport {
  std::string source;  // sqlite:PATH of the main database
  std::optional<std::string> usage;
  std::string target;  // DescribeUrl: never a password
  int schema_version = 0;
  std::vector<TableResult> tables;
  std::int64_t rows = 0;
  double seconds = 0;         // all of it, from opening the source to COMMIT
  double verify_seconds = 0;  // of which reading both sides back and comparing
};

// Copies and verifies, then commits. Throws CopyError for a refusal or a
// failed verification, domain::StoreUnavailable when a database cannot be
// reached; nothing is committed to the target unless it returns.
CopyReport CopyToPostgres(const SqliteSource& source, const std::string& target_url,
                          const CopyOptions& options = {});

}  // namespace payd::store::copy
