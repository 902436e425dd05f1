// Fewer round trips inside a transaction (pg_db.h): what needs no answer
// now waits and goes to the server with the next statement that does.
//
// A public intent creation was 13 round trips, each a wake-up of payd and of
// the server: BEGIN, two locks, two reads, four writes, a read, COMMIT, and
// two outside the transaction. Held back, the transaction's part is four.
#include <cctype>
#include <utility>

#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

namespace {

// Held-back statements are sent together once this many wait: their answers
// must fit the socket buffers while libpq is still sending (it blocks).
constexpr std::size_t kMostHeldBack = 64;

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool StartsWithWord(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(text[i])) != word[i]) return false;
  }
  return text.size() == word.size() || !IsWordChar(text[word.size()]);
}

bool ContainsWord(std::string_view text, std::string_view word) {
  for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
    bool starts = i == 0 || !IsWordChar(text[i - 1]);
    if (starts && StartsWithWord(text.substr(i), word)) return true;
  }
  return false;
}

}  // namespace

bool ReturnsNoRows(std::string_view sql) {
  while (!sql.empty() && std::isspace(static_cast<unsigned char>(sql.front())))
    sql.remove_prefix(1);
  bool write = StartsWithWord(sql, "INSERT") || StartsWithWord(sql, "UPDATE") ||
               StartsWithWord(sql, "DELETE");
  return write && !ContainsWord(sql, "RETURNING");
}

void Connection::Begin(const char* begin_sql) {
  held_back_.clear();
  begin_sql_ = begin_sql;
  in_transaction_ = true;
  began_ = false;
}

void Connection::Commit() {
  if (!began_ && held_back_.empty()) {  // nothing reached the server: nothing to end
    begin_sql_ = nullptr;
  } else {
    HeldBack commit{"", {}, "COMMIT"};
    Flush(&commit);
  }
  in_transaction_ = false;
  began_ = false;
}

void Connection::Rollback() {
  held_back_.clear();
  begin_sql_ = nullptr;
  in_transaction_ = false;
  if (std::exchange(began_, false) && healthy()) Check(PQexec(conn_, "ROLLBACK"), "rollback");
}

std::int64_t Connection::Changes() {
  if (Waiting()) Flush(nullptr);
  return changes_;
}

void Connection::HoldBack(HeldBack statement) {
  if (!in_transaction_) {
    Execute(statement.name, statement.values, statement.what);
    return;
  }
  held_back_.push_back(std::move(statement));
  if (held_back_.size() >= kMostHeldBack) Flush(nullptr);
}

std::optional<Result> Connection::Flush(const HeldBack* last) {
  std::vector<HeldBack> batch;
  batch.reserve(held_back_.size() + 2);
  bool begins = begin_sql_ != nullptr;
  if (begins) batch.push_back({"", {}, begin_sql_});
  for (auto& h : held_back_) batch.push_back(std::move(h));
  held_back_.clear();
  begin_sql_ = nullptr;
  if (last) batch.push_back(*last);
  if (batch.empty()) return std::nullopt;

  if (PQenterPipelineMode(conn_) != 1) Fail(nullptr, "pipeline");
  bool sent = true;
  for (const auto& h : batch) {
    std::vector<const char*> values;
    values.reserve(h.values.size());
    for (const auto& v : h.values) values.push_back(v ? v->c_str() : nullptr);
    int n = static_cast<int>(values.size());
    int ok =
        h.name.empty()
            ? PQsendQueryParams(conn_, h.what.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0)
            : PQsendQueryPrepared(conn_, h.name.c_str(), n, values.data(), nullptr, nullptr, 0);
    if (ok != 1) {
      sent = false;
      break;
    }
  }
  if (!sent || PQpipelineSync(conn_) != 1) {
    // The session is gone (or libpq out of memory): the pool drops it.
    Fail(nullptr, "pipeline send");
  }

  // Each statement's result, then a null; after an error the rest are
  // PGRES_PIPELINE_ABORTED; PGRES_PIPELINE_SYNC ends the round trip.
  std::vector<std::optional<Result>> results(batch.size());
  std::size_t index = 0;
  int nulls_in_a_row = 0;
  for (;;) {
    PGresult* raw = PQgetResult(conn_);
    if (!raw) {
      // Two nulls in a row: libpq has nothing more (the session was lost).
      if (++nulls_in_a_row == 2 || !healthy()) break;
      ++index;
      continue;
    }
    nulls_in_a_row = 0;
    if (PQresultStatus(raw) == PGRES_PIPELINE_SYNC) {
      PQclear(raw);
      break;
    }
    if (index < results.size() && !results[index]) {
      results[index].emplace(raw);
    } else {
      PQclear(raw);
    }
  }
  if (PQexitPipelineMode(conn_) != 1 && healthy()) Fail(nullptr, "pipeline end");

  for (std::size_t i = 0; i < batch.size(); ++i) {
    const PGresult* raw = results[i] ? results[i]->raw() : nullptr;
    ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
      if (i == 0 && begins) began_ = true;
      continue;
    }
    if (status == PGRES_PIPELINE_ABORTED) continue;  // the error is an earlier one
    Fail(raw, batch[i].what);
  }
  changes_ = results.back()->affected();
  return std::move(results.back());
}

}  // namespace payd::store::postgres
