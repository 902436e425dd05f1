// What `payd db copy` moves, worked out from both schemas rather than from a
// list in the code: every table of the SQLite source (its migration
// bookkeeping aside), each column's PostgreSQL type, whether SQLite's rowid
// goes into the target's `rowid` identity column, the order in which rows are
// read and hashed on both sides, and an order of tables that satisfies every
// foreign key of either database, so that no constraint has to be deferred.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/postgres/pg_db.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::copy {

// How a value travels: the target column's type decides, and the source's
// value must be of the matching SQLite storage class (or NULL).
enum class Kind { kInt, kText, kBytes };

struct Column {
  std::string name;
  Kind kind = Kind::kText;
};

struct TablePlan {
  std::string name;
  bool from_usage = false;  // in payd-usage.sqlite3 rather than payd.sqlite3
  // SQLite's rowid goes to the target's `rowid` column: the first value of every row.
  bool rowid = false;
  std::vector<Column> columns;  // the source's, in its order; `rowid` not among them
  // A total order of the rows both databases can produce alike (hashing
  // depends on it): the rowid, else the primary key, else every column.
  std::vector<Column> order;

  // Every value of a row, rowid first when copied.
  std::vector<Column> Values() const;
};

// The source databases and the target, as the plan reads them. `usage` may be absent.
struct CopyEnds {
  sqlite::Connection& main;
  sqlite::Connection* usage = nullptr;
  postgres::Connection& target;
};

// Throws PlanError when the target lacks a table or column of the source, a
// column type has no counterpart, or foreign keys form a cycle. Derived
// tables are not in the plan.
std::vector<TablePlan> PlanTables(const CopyEnds& ends);

// Whether `table` is kept by the target's own triggers from the rows copied
// into other tables (keyless_open_counts, intent_status_counts,
// received_per_day): copied too, it would count twice.
bool IsDerivedTable(const std::string& table);

class PlanError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The tables of the target's schema (current_schema()), but schema_migrations
// and the derived tables.
std::vector<std::string> TargetTables(postgres::Connection& target);

// "name" with inner quotes doubled: identifiers come from the schemas, and are
// still quoted as SQL wants, never spliced raw.
std::string Quote(std::string_view identifier);

// The SELECT that reads a table's rows in plan order, for each database. The
// SQLite one adds a last column naming the columns whose value is not of the
// kind planned ('' when all are).
std::string SqliteSelect(const TablePlan& table);
std::string PostgresSelect(const TablePlan& table);

}  // namespace payd::store::copy
