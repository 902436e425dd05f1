#include "store/postgres/pg_db.h"

#include <algorithm>
#include <charconv>
#include <random>
#include <thread>

#include "base/log.h"
#include "domain/store.h"
#include "metrics/metrics.h"

namespace payd::store::postgres {

namespace {

// "scheme://user:password@host" becomes "scheme://…@host" wherever a URL
// appears in `text`. By hand, not <regex>: GCC 12's <regex> breaks the
// sanitizer build with -Werror=maybe-uninitialized.
std::string HideCredentials(std::string text) {
  for (std::size_t at = text.find("://"); at != std::string::npos; at = text.find("://", at + 3)) {
    std::size_t start = at + 3;
    // Up to the URL's end, and to its last '@': a password may hold an
    // unescaped '/' or '@' that libpq could not read.
    std::size_t end = std::min(text.find_first_of(" \t\n\"'", start), text.size());
    std::size_t last_at = text.rfind('@', end - 1);
    if (last_at == std::string::npos || last_at < start) continue;
    text.replace(start, last_at - start, "…");
  }
  return text;
}

// libpq's messages end with a newline, some run over several lines (a hint
// on the next, indented), some quote a URL they could not read: one line,
// without credentials.
std::string Clean(std::string_view message) {
  std::string text;
  for (std::size_t i = 0; i < message.size(); ++i) {
    if (message[i] != '\n') {
      text += message[i];
      continue;
    }
    while (i + 1 < message.size() && (message[i + 1] == '\t' || message[i + 1] == ' ')) ++i;
    text += ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return HideCredentials(text);
}

bool Unavailable(std::string_view state) {
  return state.starts_with("08") || state.starts_with("53") || state.starts_with("57P");
}

std::string Ms(std::chrono::milliseconds ms) {
  return std::to_string(ms.count());
}

}  // namespace

std::int64_t Result::affected() const {
  std::string_view text = PQcmdTuples(result_.get());
  std::int64_t n = 0;
  std::from_chars(text.data(), text.data() + text.size(), n);
  return n;
}

std::string Result::Text(int row, int column) const {
  return std::string(PQgetvalue(result_.get(), row, column),
                     static_cast<std::size_t>(PQgetlength(result_.get(), row, column)));
}

std::int64_t Result::Int(int row, int column) const {
  std::string text = Text(row, column);
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw std::runtime_error("postgres: not an integer in column " + std::to_string(column));
  }
  return value;
}

std::optional<std::string> Result::OptText(int row, int column) const {
  if (IsNull(row, column)) return std::nullopt;
  return Text(row, column);
}

std::optional<std::int64_t> Result::OptInt(int row, int column) const {
  if (IsNull(row, column)) return std::nullopt;
  return Int(row, column);
}

Connection::Connection(const std::string& url, const ConnectionLimits& limits) {
  // Our defaults come first: what the URL says wins (libpq keeps the last).
  std::string connect_timeout = std::to_string(limits.connect_timeout.count());
  // Notices ("already exists, skipping") are for people at a psql prompt.
  std::string options =
      "-c statement_timeout=" + Ms(limits.statement_timeout) + " -c client_min_messages=warning";
  if (!limits.synchronous_commit) options += " -c synchronous_commit=off";
  if (limits.idle_session_timeout.count() > 0) {
    options += " -c idle_session_timeout=" + Ms(limits.idle_session_timeout);
  }
  std::vector<const char*> keys = {"connect_timeout", "options", "application_name"};
  std::vector<const char*> values = {connect_timeout.c_str(), options.c_str(), "payd"};
  if (limits.watched_session) {
    // Idle 5 s, then 3 probes 2 s apart; unacknowledged data for 10 s ends it too.
    options +=
        " -c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2"
        " -c tcp_keepalives_count=3 -c tcp_user_timeout=10000";
    values[1] = options.c_str();
    for (auto [key, value] : {std::pair{"keepalives", "1"},
                              {"keepalives_idle", "5"},
                              {"keepalives_interval", "2"},
                              {"keepalives_count", "3"},
                              {"tcp_user_timeout", "10000"}}) {
      keys.push_back(key);
      values.push_back(value);
    }
  }
  keys.push_back("dbname");  // last: what the URL says wins
  values.push_back(url.c_str());
  keys.push_back(nullptr);
  values.push_back(nullptr);
  conn_ = PQconnectdbParams(keys.data(), values.data(), /*expand_dbname=*/1);
  if (!conn_) throw domain::StoreUnavailable("postgres: out of memory opening a connection");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string why = Clean(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw domain::StoreUnavailable("cannot connect to PostgreSQL at " + DescribeUrl(url) + ": " +
                                   why);
  }
  // What the server still has to say (warnings) goes to the log, not to stderr.
  PQsetNoticeProcessor(
      conn_,
      [](void*, const char* message) {
        base::LogWarn("postgres notice", {{"message", Clean(message)}});
      },
      nullptr);
}

Connection::~Connection() {
  if (conn_) PQfinish(conn_);
}

void Connection::Fail(const PGresult* result, std::string_view what) const {
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  std::string_view code = state ? state : "";
  std::string message = Clean(result ? PQresultErrorMessage(result) : PQerrorMessage(conn_));
  std::string text = "postgres: " + std::string(what) + ": " + message +
                     (code.empty() ? "" : " (SQLSTATE " + std::string(code) + ")");
  if (code == "40001" || code == "40P01") throw SerializationConflict(text);
  if (code == "23505") throw UniqueViolation(text);
  if (!healthy() || code.empty() || Unavailable(code)) throw domain::StoreUnavailable(text);
  throw std::runtime_error(text);
}

Result Connection::Check(PGresult* raw, std::string_view what) const {
  Result result(raw);
  ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) Fail(raw, what);
  return result;
}

const std::string& Connection::PreparedName(std::string_view sql) {
  auto found = prepared_.find(std::string(sql));
  if (found == prepared_.end()) {
    std::string name = NextStatementName();
    std::string text(sql);
    Check(PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr), "prepare");
    found = prepared_.emplace(std::move(text), std::move(name)).first;
  }
  return found->second;
}

Result Connection::Run(std::string_view sql, const Params& params) {
  return Execute(PreparedName(sql), params.values(), sql);
}

Result Connection::Execute(const std::string& name,
                           const std::vector<std::optional<std::string>>& params,
                           std::string_view what) {
  if (Waiting()) {
    HeldBack last{name, params, std::string(what.substr(0, 60))};
    return *Flush(&last);
  }
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& v : params) values.push_back(v ? v->c_str() : nullptr);
  Result result = Check(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()),
                                       values.data(), nullptr, nullptr, 0),
                        what.substr(0, 60));
  changes_ = result.affected();
  return result;
}

sql::Query Connection::Prepare(std::string_view sql) {
  auto found = statements_.find(std::string(sql));
  if (found == statements_.end()) {
    auto [text, parameters] = ToPostgresParameters(sql);
    std::string name = NextStatementName();
    Check(PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr), "prepare: " + text);
    found = statements_
                .emplace(std::string(sql), std::make_unique<Statement>(*this, std::move(name),
                                                                       std::move(text), parameters))
                .first;
  }
  return sql::Query(*found->second);
}

void Connection::LockUntilCommit(std::string_view key) {
  static constexpr std::string_view kLock = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))";
  HoldBack({PreparedName(kLock), Params(key).values(), std::string(kLock)});
}

void Connection::LockSharedUntilCommit(std::string_view key) {
  static constexpr std::string_view kLock =
      "SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))";
  HoldBack({PreparedName(kLock), Params(key).values(), std::string(kLock)});
}

void Statement::Set(int index, std::optional<std::string> value) {
  if (index < 1 || index > static_cast<int>(values_.size())) {
    throw std::runtime_error("postgres: no parameter " + std::to_string(index) + " in " + sql_);
  }
  values_[static_cast<std::size_t>(index - 1)] = std::move(value);
}

void Statement::BindText(int index, std::string_view text) {
  Set(index, std::string(text));
}

void Statement::BindInt(int index, std::int64_t value) {
  Set(index, std::to_string(value));
}

void Statement::BindBlob(int index, std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "\\x";
  for (unsigned char b : bytes) {
    text += kHex[b >> 4];
    text += kHex[b & 0xf];
  }
  Set(index, std::move(text));
}

void Statement::BindNull(int index) {
  Set(index, std::nullopt);
}

bool Statement::Step() {
  if (held_back_) return false;
  if (!result_) {
    if (returns_no_rows_) {
      conn_->HoldBack({name_, values_, sql_.substr(0, 60)});
      held_back_ = true;
      return false;
    }
    result_.emplace(conn_->Execute(name_, values_, sql_));
  }
  return ++row_ < result_->rows();
}

bool Statement::IsNull(int column) const {
  return result_->IsNull(row_, column);
}

std::int64_t Statement::Int(int column) const {
  return IsNull(column) ? 0 : result_->Int(row_, column);
}

std::string Statement::Text(int column) const {
  return result_->Text(row_, column);
}

std::string Statement::Blob(int column) const {
  // bytea in text form: \x and two hex digits a byte.
  std::string text = result_->Text(row_, column);
  std::string out;
  auto nibble = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 2; i + 1 < text.size(); i += 2) {
    out += static_cast<char>(nibble(text[i]) << 4 | nibble(text[i + 1]));
  }
  return out;
}

void Statement::Reset() {
  result_.reset();
  held_back_ = false;
  row_ = -1;
  std::fill(values_.begin(), values_.end(), std::nullopt);
}

std::pair<std::string, int> ToPostgresParameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int highest = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    char c = sql[i];
    if (c == '\'') quoted = !quoted;
    if (c != '?' || quoted) {
      out += c;
      continue;
    }
    // ?NNN names its parameter; a bare ? is the one after the highest so far (as in SQLite).
    std::size_t end = i + 1;
    while (end < sql.size() && sql[end] >= '0' && sql[end] <= '9') ++end;
    int index = highest + 1;
    if (end > i + 1) std::from_chars(sql.data() + i + 1, sql.data() + end, index);
    highest = std::max(highest, index);
    out += "$" + std::to_string(index);
    i = end - 1;
  }
  return {std::move(out), highest};
}

void Connection::Exec(const std::string& sql) {
  if (Waiting()) Flush(nullptr);
  Check(PQexec(conn_, sql.c_str()), "exec");
}

int Connection::TakeNotifications() {
  if (PQconsumeInput(conn_) == 0 || !healthy()) {
    throw domain::StoreUnavailable(std::string("postgres: listening session lost: ") +
                                   PQerrorMessage(conn_));
  }
  int count = 0;
  while (PGnotify* notify = PQnotifies(conn_)) {
    PQfreemem(notify);
    ++count;
  }
  return count;
}

std::string DescribeUrl(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (!options) {
    std::string why = error ? Clean(error) : "out of memory";
    if (error) PQfreemem(error);
    throw domain::StoreUnavailable("malformed PostgreSQL URL: " + why);
  }
  auto get = [&](std::string_view key) -> std::string {
    for (PQconninfoOption* o = options; o->keyword; ++o) {
      if (key == o->keyword && o->val) return o->val;
    }
    return "";
  };
  std::string user = get("user");
  std::string host = get("host");
  if (host.empty()) host = get("hostaddr");
  std::string port = get("port");
  std::string db = get("dbname");
  PQconninfoFree(options);
  std::string out = "postgres://" + (user.empty() ? "" : user + "@");
  bool socket = host.starts_with("/");
  if (!socket) out += host + (port.empty() ? "" : ":" + port);
  out += "/" + db;
  if (socket) out += "?host=" + host;
  return out;
}

}  // namespace payd::store::postgres
