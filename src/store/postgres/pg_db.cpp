#include "store/postgres/pg_db.h"

#include <algorithm>
#include <charconv>
#include <random>
#include <thread>

#include "domain/store.h"

namespace payd::store::postgres {

namespace {

constexpr int kTransactAttempts = 8;

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

// libpq's messages end with a newline; some quote a URL they could not read.
std::string Clean(std::string_view message) {
  std::string text(message);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
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
  std::string options = "-c statement_timeout=" + Ms(limits.statement_timeout);
  const char* keys[] = {"connect_timeout", "options", "application_name", "dbname", nullptr};
  const char* values[] = {connect_timeout.c_str(), options.c_str(), "payd", url.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, /*expand_dbname=*/1);
  if (!conn_) throw domain::StoreUnavailable("postgres: out of memory opening a connection");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string why = Clean(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw domain::StoreUnavailable("cannot connect to PostgreSQL at " + DescribeUrl(url) + ": " +
                                   why);
  }
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
  if (!healthy() || code.empty() || Unavailable(code)) throw domain::StoreUnavailable(text);
  throw std::runtime_error(text);
}

Result Connection::Check(PGresult* raw, std::string_view what) const {
  Result result(raw);
  ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) Fail(raw, what);
  return result;
}

Result Connection::Run(std::string_view sql, const Params& params) {
  auto found = prepared_.find(std::string(sql));
  if (found == prepared_.end()) {
    std::string name = "s" + std::to_string(prepared_.size() + 1);
    std::string text(sql);
    Check(PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr), "prepare");
    found = prepared_.emplace(std::move(text), std::move(name)).first;
  }
  std::vector<const char*> values;
  values.reserve(params.values().size());
  for (const auto& v : params.values()) values.push_back(v ? v->c_str() : nullptr);
  return Check(PQexecPrepared(conn_, found->second.c_str(), static_cast<int>(values.size()),
                              values.data(), nullptr, nullptr, 0),
               found->first.substr(0, 60));
}

void Connection::Exec(const std::string& sql) {
  Check(PQexec(conn_, sql.c_str()), "exec");
}

Pool::Pool(std::string url, std::size_t size, ConnectionLimits limits)
    : url_(std::move(url)), size_(size ? size : 1), limits_(limits) {}

Pool::Lease::~Lease() {
  if (conn_) pool_->Return(std::move(conn_));
}

Pool::Lease Pool::Acquire(std::chrono::milliseconds wait) {
  std::unique_lock lock(mu_);
  if (!freed_.wait_for(lock, wait, [&] { return !idle_.empty() || open_ < size_; })) {
    throw domain::StoreUnavailable("postgres: all " + std::to_string(size_) +
                                   " connections busy for " + Ms(wait) + " ms");
  }
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    return Lease(*this, std::move(conn));
  }
  ++open_;
  lock.unlock();
  try {
    return Lease(*this, std::make_unique<Connection>(url_, limits_));
  } catch (...) {
    lock.lock();
    --open_;
    freed_.notify_one();
    throw;
  }
}

void Pool::Return(std::unique_ptr<Connection> conn) {
  bool keep = conn->healthy();
  if (!keep) conn.reset();  // closes the lost session before taking the lock
  std::lock_guard lock(mu_);
  if (keep) {
    idle_.push_back(std::move(conn));
  } else {
    --open_;
  }
  freed_.notify_one();
}

void Transact(Pool& pool, Isolation isolation, const std::function<void(Connection&)>& fn) {
  static const char* kBegin[] = {"BEGIN ISOLATION LEVEL READ COMMITTED",
                                 "BEGIN ISOLATION LEVEL REPEATABLE READ",
                                 "BEGIN ISOLATION LEVEL SERIALIZABLE"};
  thread_local std::mt19937 jitter{std::random_device{}()};
  for (int attempt = 1;; ++attempt) {
    auto conn = pool.Acquire();
    try {
      conn->Exec(kBegin[static_cast<int>(isolation)]);
      fn(*conn);
      conn->Exec("COMMIT");
      return;
    } catch (const SerializationConflict&) {
      if (conn->healthy()) conn->Exec("ROLLBACK");
      if (attempt == kTransactAttempts) throw;
    } catch (...) {
      if (conn->healthy()) {
        try {
          conn->Exec("ROLLBACK");
        } catch (...) {  // the original error is the one to report
        }
      }
      throw;
    }
    // Both sides of a conflict retrying at once would likely collide again.
    std::uniform_int_distribution<int> pause(1, 4 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(pause(jitter)));
  }
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
