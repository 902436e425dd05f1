// `payd db`: commands on a database as a whole. `payd db copy` moves a
// stopped SQLite deployment into an empty PostgreSQL database
// (store/copy/db_copy.h; the steps around it are in docs/operator-guide.md,
// "Moving from SQLite to PostgreSQL"). It reads no config: both ends are
// named on the command line, and the data's environment travels with it.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>
#include <cmath>
#include <iostream>

#include "cli/command_context.h"
#include "domain/error.h"
#include "store/copy/db_copy.h"

namespace payd::cli {

namespace {

boost::json::object ReportView(const store::copy::CopyReport& report) {
  boost::json::array tables;
  for (const auto& t : report.tables) {
    tables.push_back({{"table", t.name},
                      {"database", t.database},
                      {"rows", t.source_rows},
                      {"targetRows", t.target_rows},
                      {"sha256", t.sha256}});
  }
  double per_second = report.seconds > 0 ? static_cast<double>(report.rows) / report.seconds : 0;
  return {{"source", report.source},
          {"usage", report.usage ? boost::json::value(*report.usage) : nullptr},
          {"target", report.target},
          {"schemaVersion", report.schema_version},
          {"tables", std::move(tables)},
          {"rows", report.rows},
          // Only a copy whose every table matched is committed and reported.
          {"verified", true},
          {"durationMs", std::llround(report.seconds * 1000)},
          {"verifyMs", std::llround(report.verify_seconds * 1000)},
          {"rowsPerSecond", std::llround(per_second)}};
}

// For people: one line a table, then the verdict.
void PrintReport(const store::copy::CopyReport& report) {
  std::string out =
      "copied " + report.source + " (schema version " + std::to_string(report.schema_version) +
      ")" + (report.usage ? " and " + *report.usage : "") + "\n  into " + report.target + "\n\n";
  out += fmt::format("  {:<28} {:>10}  {}\n", "table", "rows", "sha256");
  for (const auto& t : report.tables) {
    std::string name = t.name + (t.database == "usage" ? " (usage)" : "");
    out += fmt::format("  {:<28} {:>10}  {}\n", name, t.source_rows, t.sha256.substr(0, 16));
  }
  out += fmt::format(
      "\nverified: every table has the same row count and SHA-256 in both databases\n"
      "{} rows in {} tables, {:.2f} s; committed\n",
      report.rows, report.tables.size(), report.seconds);
  std::cout << out << std::flush;
}

void Copy(const CommandContext& ctx, const std::string& from, const std::string& to) {
  try {
    store::copy::CheckTargetUrl(to);
    auto report = store::copy::CopyToPostgres(store::copy::FindSqliteSource(from), to);
    if (ctx.json) {
      ctx.Print(ReportView(report));
    } else {
      PrintReport(report);
    }
  } catch (const store::copy::CopyError& e) {
    throw domain::Error(domain::ErrorKind::kInvalidRequest, e.what(), e.side());
  } catch (const domain::StoreUnavailable&) {
    throw;  // Guarded: "error: database: …"
  } catch (const domain::Error&) {
    throw;
  } catch (const std::exception& e) {
    // Whatever else either database said (its messages never hold a password).
    throw domain::Error(domain::ErrorKind::kInvalidRequest,
                        std::string("copy failed, nothing was copied: ") + e.what());
  }
}

}  // namespace

void AddDbCommands(CLI::App& app, CommandContext& ctx) {
  auto* db = app.add_subcommand("db", "Whole-database operations");
  db->require_subcommand(1);

  auto* copy = db->add_subcommand(
      "copy",
      "Copy a stopped SQLite deployment into an empty PostgreSQL database, all or nothing, "
      "and verify it");
  auto from = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  copy->add_option("--from", *from, "sqlite:PATH: the data directory, or its payd.sqlite3")
      ->required();
  copy->add_option("--to", *to, "postgres://… URL of the target database (must be empty)")
      ->required();
  copy->callback(Guarded([&ctx, from, to] { Copy(ctx, *from, *to); }));
}

}  // namespace payd::cli
