#include "store/copy/db_copy.h"

#include <chrono>
#include <filesystem>
#include <memory>

#include "domain/store.h"
#include "store/copy/copy_plan.h"
#include "store/copy/table_checksum.h"
#include "store/postgres/pg_migrations.h"
#include "store/sqlite/migrations.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::copy {

namespace {

namespace fs = std::filesystem;

// Rows read back from the target at a time while verifying.
constexpr int kFetchRows = 5000;

// Opens a source file read-only and holds its snapshot.
struct OpenSource {
  explicit OpenSource(const std::string& path) {
    try {
      conn.emplace(path, sqlite::Connection::ReadOnly{});
      snapshot.emplace(*conn);
    } catch (const domain::StoreUnavailable&) {
      throw;
    } catch (const std::exception& e) {
      // "file is not a database", and the like.
      throw CopyError(path + " is not a payd SQLite database: " + e.what(), "from");
    }
  }
  std::optional<sqlite::Connection> conn;
  std::optional<sqlite::ReadSnapshot> snapshot;  // declared last: ends before the connection
};

// Refuses a source that is not a payd database, or not of the schema this
// payd knows: the PostgreSQL schema matches that one only.
int CheckSourceSchema(sqlite::Connection& conn, const std::string& path, sqlite::Schema schema) {
  bool has_migrations = false;
  {
    auto q = conn.Prepare(
        "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'");
    has_migrations = q.Step();
  }
  if (!has_migrations) {
    throw CopyError(path + " is not a payd database (it has no schema_migrations table)", "from");
  }
  auto q = conn.Prepare("SELECT max(version) FROM schema_migrations");
  std::int64_t version = q.Step() ? q.Int(0) : 0;
  int known = sqlite::LatestVersion(schema);
  if (version < known) {
    throw CopyError(path + " has schema version " + std::to_string(version) + "; this payd's is " +
                        std::to_string(known) +
                        ": run this payd's `payd migrate` on its data directory first",
                    "from");
  }
  if (version > known) {
    throw CopyError(path + " has schema version " + std::to_string(version) +
                        ", newer than this payd's " + std::to_string(known) +
                        ": copy it with the payd that made it",
                    "from");
  }
  return static_cast<int>(version);
}

// BEGIN, and ROLLBACK unless committed.
class TargetTransaction {
 public:
  explicit TargetTransaction(postgres::Connection& conn) : conn_(conn) { conn_.Exec("BEGIN"); }
  TargetTransaction(const TargetTransaction&) = delete;
  TargetTransaction& operator=(const TargetTransaction&) = delete;
  ~TargetTransaction() {
    if (done_ || !conn_.healthy()) return;
    try {
      conn_.Exec("ROLLBACK");
    } catch (...) {  // closing the session rolls back too
    }
  }
  void Commit() {
    conn_.Exec("COMMIT");
    done_ = true;
  }

 private:
  postgres::Connection& conn_;
  bool done_ = false;
};

// Writers of other payd processes wait until the copy ends (a payd started
// on the target too early cannot slip rows in), and the target must be empty.
void LockEmptyTarget(postgres::Connection& target) {
  auto tables = TargetTables(target);
  std::string list;
  for (const auto& t : tables) list += (list.empty() ? "" : ", ") + Quote(t);
  // A session that holds a table (an open transaction) makes the copy wait,
  // not forever: the target should be in nobody's use. ACCESS EXCLUSIVE, as
  // SetCountingTriggers's ALTER TABLE needs it: taken here, under the timeout.
  target.Exec("SET LOCAL lock_timeout = '10s'");
  try {
    if (!list.empty()) target.Exec("LOCK TABLE " + list + " IN ACCESS EXCLUSIVE MODE");
  } catch (const domain::StoreUnavailable&) {
    throw;
  } catch (const std::exception& e) {
    throw CopyError(std::string("the target database is in use (") + e.what() +
                        "); stop whatever uses it and copy again",
                    "to");
  }
  target.Exec("SET LOCAL lock_timeout = 0");
  for (const auto& t : tables) {
    if (target.Run("SELECT EXISTS (SELECT 1 FROM " + Quote(t) + ")").Bool(0, 0)) {
      throw CopyError(
          "the target database is not empty: table " + t +
              " holds rows; payd db copy only fills a database whose payd tables are all empty",
          "to");
    }
  }
}

const char* KindName(Kind kind) {
  return kind == Kind::kInt ? "an integer" : kind == Kind::kText ? "text" : "a blob";
}

// Streams one table from SQLite into the writer; returns its checksum.
TableResult CopyTable(sqlite::Connection& source, postgres::Connection& target,
                      const TablePlan& table, WriteMethod method) {
  auto values = table.Values();
  auto kinds = KindsOf(values);
  TableChecksum checksum(kinds);
  std::int64_t max_rowid = 0;
  std::int64_t stored = 0;
  {
    auto writer = MakeWriter(method, target, table);
    auto q = source.Prepare(SqliteSelect(table));
    int flags = static_cast<int>(values.size());
    Row row;
    while (q.Step()) {
      if (std::string bad = q.Text(flags); !bad.empty()) {
        const Column& c = values[std::stoul(bad)];  // the first position listed
        throw CopyError("table " + table.name + ": a value of column " + c.name + " is not " +
                            KindName(c.kind) + ", as PostgreSQL's column wants; nothing was copied",
                        "from");
      }
      ReadRow(q, kinds, row);
      if (table.rowid) max_rowid = std::max(max_rowid, q.Int(0));
      checksum.Add(row);
      writer->Add(row);
    }
    stored = writer->Finish();
  }
  auto counted = source.Prepare("SELECT count(*) FROM " + Quote(table.name));
  std::int64_t source_rows = counted.Step() ? counted.Int(0) : -1;
  if (source_rows != checksum.rows() || stored != checksum.rows()) {
    throw CopyError("table " + table.name + ": read " + std::to_string(checksum.rows()) +
                    " rows of " + std::to_string(source_rows) + ", PostgreSQL stored " +
                    std::to_string(stored));
  }
  // Rows payd inserts later take identities past every copied one.
  if (table.rowid && source_rows > 0) {
    target.Run("SELECT setval(pg_get_serial_sequence($1, 'rowid'), $2)",
               postgres::Params(Quote(table.name), max_rowid));
  }
  return {table.name, table.from_usage ? "usage" : "main", source_rows, 0, checksum.Hex()};
}

// Reads the table back from the target, in plan order, through a cursor (a
// big table never sits in memory whole), and compares it with the source.
void VerifyTable(postgres::Connection& target, const TablePlan& table, int index,
                 TableResult& result) {
  result.target_rows = target.Run("SELECT count(*) FROM " + Quote(table.name)).Int(0, 0);
  auto kinds = KindsOf(table.Values());
  TableChecksum checksum(kinds);
  std::string cursor = "payd_copy_check_" + std::to_string(index);
  target.Exec("DECLARE " + cursor + " NO SCROLL CURSOR FOR " + PostgresSelect(table));
  Row row;
  for (bool more = true; more;) {
    auto q = target.Prepare("FETCH FORWARD " + std::to_string(kFetchRows) + " FROM " + cursor);
    int fetched = 0;
    while (q.Step()) {
      ReadRow(q, kinds, row);
      checksum.Add(row);
      ++fetched;
    }
    more = fetched == kFetchRows;
  }
  target.Exec("CLOSE " + cursor);
  std::string sha256 = checksum.Hex();
  std::string refusal = "verification failed, nothing was copied: table " + table.name + " ";
  if (result.target_rows != result.source_rows || checksum.rows() != result.source_rows) {
    throw CopyError(refusal + "has " + std::to_string(result.source_rows) + " rows in SQLite and " +
                    std::to_string(result.target_rows) + " in PostgreSQL");
  }
  if (sha256 != result.sha256) {
    throw CopyError(refusal + "differs: SHA-256 " + result.sha256.substr(0, 16) + "… in SQLite, " +
                    sha256.substr(0, 16) + "… in PostgreSQL");
  }
}

// The tables whose rows user triggers count into the derived tables
// (IsDerivedTable). Fired per copied row they made the copy crawl (a million
// intents: over 14 minutes of plpgsql upserts), so the copy turns them off
// in its transaction and derives the tables once, at the end.
constexpr const char* kCountedTables[] = {"payment_intents", "payments"};

// What the triggers would have written for the copied rows: the migrations'
// back-fills (PostgreSQL 11, 12 and 13), run after the copy.
constexpr const char* kDeriveTables = R"sql(
INSERT INTO keyless_open_counts(integration_id, expires_minute, shard, open)
  SELECT integration_id, expires_at / 60000, 0, count(*) FROM payment_intents
  WHERE status = 'CREATED' AND keyless = 1 GROUP BY integration_id, expires_at / 60000;
INSERT INTO intent_status_counts(tenant_id, status, shard, n)
  SELECT tenant_id, status, 0, count(*) FROM payment_intents GROUP BY tenant_id, status;
INSERT INTO received_per_day
  SELECT tenant_id, (CASE WHEN block_time > 0 THEN block_time ELSE created_at END) / 86400000,
    token_symbol, decimals, 0, 0, sum(amount::numeric)
  FROM payments WHERE status = 'CONFIRMED' GROUP BY 1, 2, 3, 4;
)sql";

void SetCountingTriggers(postgres::Connection& target, bool on) {
  for (const char* table : kCountedTables) {
    target.Exec(std::string("ALTER TABLE ") + table + (on ? " ENABLE" : " DISABLE") +
                " TRIGGER USER");
  }
}

postgres::ConnectionLimits CopyLimits() {
  postgres::ConnectionLimits limits;
  limits.connect_timeout = std::chrono::seconds(10);
  // One COPY may take minutes on a big table; 0 is no limit.
  limits.statement_timeout = std::chrono::milliseconds(0);
  return limits;
}

}  // namespace

SqliteSource FindSqliteSource(const std::string& from) {
  constexpr std::string_view kScheme = "sqlite:";
  if (!from.starts_with(kScheme) || from.size() == kScheme.size()) {
    throw CopyError("expected sqlite:PATH, the data directory or its payd.sqlite3", "from");
  }
  fs::path path = from.substr(kScheme.size());
  std::error_code ec;
  SqliteSource source;
  fs::path dir = fs::is_directory(path, ec) ? path : path.parent_path();
  source.main = (fs::is_directory(path, ec) ? path / "payd.sqlite3" : path).string();
  if (!fs::is_regular_file(source.main, ec)) {
    throw CopyError("no payd database at " + source.main, "from");
  }
  fs::path usage = (dir.empty() ? fs::path(".") : dir) / "payd-usage.sqlite3";
  if (fs::is_regular_file(usage, ec)) source.usage = usage.string();
  return source;
}

void CheckTargetUrl(const std::string& to) {
  if (!to.starts_with("postgres://") && !to.starts_with("postgresql://")) {
    throw CopyError("expected a postgres:// or postgresql:// URL", "to");
  }
}

CopyReport CopyToPostgres(const SqliteSource& source, const std::string& target_url,
                          const CopyOptions& options) {
  auto started = std::chrono::steady_clock::now();
  CopyReport report;
  report.source = "sqlite:" + source.main;
  report.usage = source.usage;
  report.target = postgres::DescribeUrl(target_url);

  OpenSource main(source.main);
  report.schema_version = CheckSourceSchema(*main.conn, source.main, sqlite::Schema::kMain);
  std::unique_ptr<OpenSource> usage;
  if (source.usage) {
    usage = std::make_unique<OpenSource>(*source.usage);
    CheckSourceSchema(*usage->conn, *source.usage, sqlite::Schema::kUsage);
  }

  postgres::Connection target(target_url, CopyLimits());
  // SQLite's text is UTF-8; bytea comes back as hex, as the driver reads it.
  target.Exec("SET client_encoding = 'UTF8'; SET bytea_output = 'hex'");
  postgres::Migrate(target);
  std::int64_t target_version = target.Run("SELECT max(version) FROM schema_migrations").Int(0, 0);
  if (target_version != postgres::LatestVersion()) {
    throw CopyError("the target's schema is version " + std::to_string(target_version) +
                        ", newer than this payd's " + std::to_string(postgres::LatestVersion()),
                    "to");
  }

  std::vector<TablePlan> tables;
  try {
    tables = PlanTables({*main.conn, usage ? &*usage->conn : nullptr, target});
  } catch (const PlanError& e) {
    throw CopyError(e.what());
  }

  TargetTransaction tx(target);
  LockEmptyTarget(target);
  SetCountingTriggers(target, false);  // on again before the commit; a rollback undoes it too
  for (const auto& table : tables) {
    sqlite::Connection& from = table.from_usage ? *usage->conn : *main.conn;
    try {
      report.tables.push_back(CopyTable(from, target, table, options.method));
    } catch (const CopyError&) {
      throw;
    } catch (const domain::StoreUnavailable&) {
      throw;
    } catch (const std::exception& e) {
      // A constraint the target enforces, a value PostgreSQL refuses (a NUL
      // byte in text, say): named with its table, and nothing is committed.
      throw CopyError("copying table " + table.name + ": " + e.what() + "; nothing was copied");
    }
    report.rows += report.tables.back().source_rows;
  }
  target.Exec(kDeriveTables);
  SetCountingTriggers(target, true);
  if (options.before_verify) options.before_verify(target);
  auto verifying = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < tables.size(); ++i) {
    VerifyTable(target, tables[i], static_cast<int>(i), report.tables[i]);
  }
  tx.Commit();
  auto verified = std::chrono::steady_clock::now();
  report.verify_seconds = std::chrono::duration<double>(verified - verifying).count();
  // Freshly filled tables have no statistics and no visibility map: until
  // autovacuum came by, the planner would guess (a dashboard overview took
  // 210 ms at 100,000 intents instead of 116). VACUUM cannot run inside the
  // copy's transaction; the rows are committed and verified already.
  std::string list;
  for (const auto& table : tables) list += (list.empty() ? "" : ", ") + Quote(table.name);
  if (!list.empty()) target.Exec("VACUUM (ANALYZE) " + list);
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace payd::store::copy
