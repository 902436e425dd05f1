#include "store/copy/copy_plan.h"

#include <algorithm>
#include <map>
#include <set>

namespace payd::store::copy {

namespace {

// A table as SQLite describes it.
struct SourceTable {
  std::string name;
  bool from_usage = false;
  bool without_rowid = false;
  std::vector<std::pair<std::string, int>> columns;  // name, position in the primary key (0: none)
  std::set<std::string> references;                  // tables its foreign keys point to
};

std::vector<SourceTable> ReadSource(sqlite::Connection& conn, bool from_usage) {
  std::vector<SourceTable> tables;
  {
    // schema_migrations is each database's own bookkeeping (the PostgreSQL
    // one numbers its migrations differently); sqlite_* are SQLite's.
    auto q = conn.Prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
        "ESCAPE '\\' AND name <> 'schema_migrations' ORDER BY rowid");
    while (q.Step()) {
      if (!IsDerivedTable(q.Text(0))) tables.push_back({q.Text(0), from_usage, false, {}, {}});
    }
  }
  for (auto& t : tables) {
    auto wr = conn.Prepare("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?1");
    wr.Bind(1, t.name);
    t.without_rowid = wr.Step() && wr.Int(0) != 0;
    auto cols = conn.Prepare("SELECT name, pk FROM pragma_table_info(?1) ORDER BY cid");
    cols.Bind(1, t.name);
    while (cols.Step()) t.columns.emplace_back(cols.Text(0), static_cast<int>(cols.Int(1)));
    auto fks = conn.Prepare("SELECT \"table\" FROM pragma_foreign_key_list(?1)");
    fks.Bind(1, t.name);
    while (fks.Step()) t.references.insert(fks.Text(0));
  }
  return tables;
}

std::optional<Kind> KindOf(const std::string& pg_type) {
  if (pg_type == "bigint" || pg_type == "integer" || pg_type == "smallint") return Kind::kInt;
  if (pg_type == "text" || pg_type == "character varying" || pg_type == "character") {
    return Kind::kText;
  }
  if (pg_type == "bytea") return Kind::kBytes;
  return std::nullopt;
}

// table -> column -> PostgreSQL type, of the target's current schema.
using TargetColumns = std::map<std::string, std::map<std::string, std::string>>;

TargetColumns ReadTargetColumns(postgres::Connection& target) {
  auto r = target.Run(
      "SELECT table_name, column_name, data_type FROM information_schema.columns "
      "WHERE table_schema = current_schema()");
  TargetColumns out;
  for (int i = 0; i < r.rows(); ++i) out[r.Text(i, 0)][r.Text(i, 1)] = r.Text(i, 2);
  return out;
}

// Foreign keys the target enforces on every insert: table -> referenced tables.
std::map<std::string, std::set<std::string>> ReadTargetReferences(postgres::Connection& target) {
  auto r = target.Run(
      "SELECT c.relname, p.relname FROM pg_constraint k "
      "JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid "
      "JOIN pg_namespace n ON n.oid = c.relnamespace "
      "WHERE k.contype = 'f' AND n.nspname = current_schema()");
  std::map<std::string, std::set<std::string>> out;
  for (int i = 0; i < r.rows(); ++i) out[r.Text(i, 0)].insert(r.Text(i, 1));
  return out;
}

TablePlan Plan(const SourceTable& source, const TargetColumns& target) {
  auto found = target.find(source.name);
  if (found == target.end()) {
    throw PlanError("the PostgreSQL schema has no table " + source.name);
  }
  const auto& columns = found->second;
  TablePlan plan;
  plan.name = source.name;
  plan.from_usage = source.from_usage;
  std::vector<std::pair<int, Column>> key;
  for (const auto& [name, pk] : source.columns) {
    auto column = columns.find(name);
    if (column == columns.end()) {
      throw PlanError("the PostgreSQL schema has no column " + source.name + "." + name);
    }
    auto kind = KindOf(column->second);
    if (!kind) {
      throw PlanError("column " + source.name + "." + name + " is " + column->second +
                      " in PostgreSQL, a type payd db copy does not know");
    }
    plan.columns.push_back({name, *kind});
    if (pk > 0) key.emplace_back(pk, plan.columns.back());
  }
  bool source_has_rowid_column = std::any_of(source.columns.begin(), source.columns.end(),
                                             [](const auto& c) { return c.first == "rowid"; });
  plan.rowid = !source.without_rowid && !source_has_rowid_column && columns.count("rowid");
  if (plan.rowid) {
    plan.order = {{"rowid", Kind::kInt}};
  } else if (!key.empty()) {
    std::sort(key.begin(), key.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [position, column] : key) plan.order.push_back(column);
  } else {
    plan.order = plan.columns;  // no key: duplicate rows are alike, so any tie is harmless
  }
  return plan;
}

std::string Columns(const TablePlan& table, bool sqlite) {
  // SQLite's rowid is not a column: unquoted, it names the row id.
  std::string out = table.rowid ? (sqlite ? "rowid" : Quote("rowid")) : "";
  for (const auto& c : table.columns) out += (out.empty() ? "" : ", ") + Quote(c.name);
  return out;
}

}  // namespace

std::vector<Column> TablePlan::Values() const {
  std::vector<Column> out;
  if (rowid) out.push_back({"rowid", Kind::kInt});
  out.insert(out.end(), columns.begin(), columns.end());
  return out;
}

std::string Quote(std::string_view identifier) {
  std::string out = "\"";
  for (char c : identifier) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::vector<std::string> TargetTables(postgres::Connection& target) {
  auto r = target.Run(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
      "AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name");
  std::vector<std::string> out;
  for (int i = 0; i < r.rows(); ++i) {
    if (!IsDerivedTable(r.Text(i, 0))) out.push_back(r.Text(i, 0));
  }
  return out;
}

bool IsDerivedTable(const std::string& table) {
  return table == "keyless_open_counts" || table == "intent_status_counts" ||
         table == "received_per_day";
}

std::vector<TablePlan> PlanTables(const CopyEnds& ends) {
  auto sources = ReadSource(ends.main, false);
  if (ends.usage) {
    for (auto& t : ReadSource(*ends.usage, true)) {
      for (const auto& s : sources) {
        if (s.name == t.name) throw PlanError("table " + t.name + " is in both SQLite databases");
      }
      sources.push_back(std::move(t));
    }
  }
  auto target_columns = ReadTargetColumns(ends.target);
  auto target_references = ReadTargetReferences(ends.target);

  // Kahn's algorithm, taking the earliest created table whose references are
  // all placed: the order payd's migrations created them in, where that works.
  std::set<std::string> names;
  for (const auto& s : sources) names.insert(s.name);
  std::vector<TablePlan> ordered;
  std::set<std::string> placed;
  std::vector<bool> done(sources.size(), false);
  while (ordered.size() < sources.size()) {
    bool progress = false;
    for (std::size_t i = 0; i < sources.size() && !progress; ++i) {
      if (done[i]) continue;
      std::set<std::string> refs = sources[i].references;
      refs.insert(target_references[sources[i].name].begin(),
                  target_references[sources[i].name].end());
      bool ready = std::all_of(refs.begin(), refs.end(), [&](const std::string& r) {
        return r == sources[i].name || !names.count(r) || placed.count(r);
      });
      if (!ready) continue;
      ordered.push_back(Plan(sources[i], target_columns));
      placed.insert(sources[i].name);
      done[i] = true;
      progress = true;
    }
    if (!progress) throw PlanError("the tables' foreign keys form a cycle");
  }
  return ordered;
}

std::string SqliteSelect(const TablePlan& table) {
  // One flag column lists the positions of values of another storage class
  // than planned (an integer column holding text, say): such a row is refused
  // rather than converted.
  std::string flags;
  auto values = table.Values();
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (table.rowid && i == 0) continue;
    const char* type = values[i].kind == Kind::kInt    ? "'integer'"
                       : values[i].kind == Kind::kText ? "'text'"
                                                       : "'blob'";
    flags += (flags.empty() ? "" : " || ") + std::string("CASE WHEN typeof(") +
             Quote(values[i].name) + ") IN (" + type + ", 'null') THEN '' ELSE '" +
             std::to_string(i) + " ' END";
  }
  std::string order;
  for (const auto& c : table.order) {
    if (!order.empty()) order += ", ";
    order +=
        table.rowid ? "rowid" : Quote(c.name) + (c.kind == Kind::kText ? " COLLATE BINARY" : "");
  }
  return "SELECT " + Columns(table, true) + ", " + (flags.empty() ? "''" : flags) + " FROM " +
         Quote(table.name) + " ORDER BY " + order;
}

std::string PostgresSelect(const TablePlan& table) {
  // COLLATE "C" compares bytes as SQLite's BINARY does; NULLs come first in SQLite.
  std::string order;
  for (const auto& c : table.order) {
    if (!order.empty()) order += ", ";
    order += Quote(c.name) + (c.kind == Kind::kText ? " COLLATE \"C\"" : "") + " NULLS FIRST";
  }
  return "SELECT " + Columns(table, false) + " FROM " + Quote(table.name) + " ORDER BY " + order;
}

}  // namespace payd::store::copy
