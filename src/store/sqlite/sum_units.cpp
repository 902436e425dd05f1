#include "store/sqlite/sum_units.h"

#include <new>
#include <string>
#include <string_view>

#include "domain/amount.h"

namespace payd::store::sqlite {

namespace {

// sqlite3_aggregate_context's zeroed bytes hold a pointer to the running sum,
// made on the first row and freed by Final (which SQLite calls once whenever
// Step was called, even if the statement failed).
struct Running {
  domain::Uint256* sum;
  bool failed;
};

void Step(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* running = static_cast<Running*>(sqlite3_aggregate_context(ctx, sizeof(Running)));
  if (!running) return sqlite3_result_error_nomem(ctx);
  if (running->failed || sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  auto amount = domain::ParseUnits(
      std::string_view(text, static_cast<std::size_t>(sqlite3_value_bytes(argv[0]))));
  if (!running->sum) running->sum = new (std::nothrow) domain::Uint256(0);
  if (!running->sum) return sqlite3_result_error_nomem(ctx);
  if (!amount) {
    running->failed = true;
    return;
  }
  try {
    *running->sum += *amount;  // checked: throws past 2^256-1
  } catch (const std::exception&) {
    running->failed = true;
  }
}

void Final(sqlite3_context* ctx) {
  auto* running = static_cast<Running*>(sqlite3_aggregate_context(ctx, 0));
  domain::Uint256* sum = running ? running->sum : nullptr;
  if (running && running->failed) {
    sqlite3_result_error(ctx, "payd_sum_units: not an amount, or a sum past 2^256-1", -1);
  } else {
    std::string text = domain::FormatUnits(sum ? *sum : domain::Uint256(0));
    sqlite3_result_text(ctx, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  delete sum;
}

}  // namespace

void RegisterSumUnits(sqlite3* db) {
  sqlite3_create_function_v2(db, "payd_sum_units", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                             nullptr, Step, Final, nullptr);
}

}  // namespace payd::store::sqlite
