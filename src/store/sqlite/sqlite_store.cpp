#include "store/sqlite/sqlite_store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "store/sql/rate_window.h"
#include "store/sql/rows.h"
#include "store/sqlite/file_modes.h"

namespace payd::store::sqlite {

namespace {

// Makes the store's files private (file_modes.h) before anything opens them;
// returns the main database's path.
std::string PrepareFiles(const std::string& dir) {
  for (const char* name : {"/payd.sqlite3", "/payd-usage.sqlite3"}) {
    std::string db = dir + name;
    PreparePrivateFile(db, IfMissing::kCreate);
    for (const char* side : {"-wal", "-shm", "-journal"})
      PreparePrivateFile(db + side, IfMissing::kLeave);
  }
  // SharedCounters creates it 0600 itself; an older one is tightened.
  PreparePrivateFile(dir + "/payd-ratelimit.shm", IfMissing::kLeave);
  // The chains' watch locks (LeadChain), one per chain ever watched.
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("payd-watch-") && name.ends_with(".lock"))
      PreparePrivateFile(entry.path().string(), IfMissing::kLeave);
  }
  return dir + "/payd.sqlite3";
}

}  // namespace

SqliteStore::SqliteStore(const std::string& dir, std::size_t counter_slots)
    : dir_(dir),
      path_(PrepareFiles(dir)),
      writer_(std::make_unique<Connection>(path_, Connection::Sync::kFull)),
      lease_writer_(std::make_unique<Connection>(path_, Connection::Sync::kOffShared)),
      usage_(std::make_unique<Connection>(dir + "/payd-usage.sqlite3", Connection::Sync::kOff)),
      counters_(dir + "/payd-ratelimit.shm", counter_slots) {
  writer_->OnRowChange([this](std::string_view table) {
    if (table == "api_keys") keys_changed_ = true;
  });
}

SqliteStore::~SqliteStore() {
  for (auto& [chain, fd] : chain_locks_) ::close(fd);
}

bool SqliteStore::LeadChain(std::int64_t chain_id) {
  std::lock_guard lock(chains_mu_);
  if (chain_locks_.contains(chain_id)) return true;
  std::string file = dir_ + "/payd-watch-" + std::to_string(chain_id) + ".lock";
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    throw domain::StoreUnavailable("cannot open " + file + ": " + std::strerror(errno));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return false;
  }
  chain_locks_[chain_id] = fd;
  return true;
}

void SqliteStore::StopLeadingChain(std::int64_t chain_id) {
  std::lock_guard lock(chains_mu_);
  auto it = chain_locks_.find(chain_id);
  if (it == chain_locks_.end()) return;
  ::close(it->second);
  chain_locks_.erase(it);
}

std::vector<AppliedMigration> SqliteStore::Migrate() {
  {
    std::lock_guard lock(usage_mu_);
    sqlite::Migrate(*usage_, Schema::kUsage);
  }
  std::lock_guard lock(write_mu_);
  auto applied = sqlite::Migrate(*writer_, Schema::kMain);
  counters_.BumpKeyGeneration();  // a migration may rewrite keys; it happens rarely
  return applied;
}

std::unique_ptr<Connection> SqliteStore::LeaseReader() {
  {
    std::lock_guard lock(pool_mu_);
    if (!readers_.empty()) {
      auto conn = std::move(readers_.back());
      readers_.pop_back();
      return conn;
    }
  }
  return std::make_unique<Connection>(path_, Connection::Sync::kFull);
}

void SqliteStore::ReturnReader(std::unique_ptr<Connection> conn) {
  std::lock_guard lock(pool_mu_);
  readers_.push_back(std::move(conn));
}

void SqliteStore::RunRead(const std::function<void(sql::Connection&)>& fn) {
  auto conn = LeaseReader();
  struct Return {
    SqliteStore* self;
    std::unique_ptr<Connection>& conn;
    ~Return() { self->ReturnReader(std::move(conn)); }
  } give_back{this, conn};
  fn(*conn);
}

void SqliteStore::RunWrite(const std::function<void(sql::Connection&)>& fn) {
  std::lock_guard lock(write_mu_);
  keys_changed_ = false;
  Transaction tx(*writer_);
  fn(*writer_);
  tx.Commit();
  // After the commit, never before: a process that reads the generation
  // before this bump and the row before the commit keeps the old row at the
  // old generation, which this bump then outdates. Bumped before the commit,
  // that process could read the new generation and still the old row, and
  // keep it. Between the commit and the bump a request elsewhere may still
  // pass, but the change has not been answered yet; once it is, it holds.
  if (keys_changed_) counters_.BumpKeyGeneration();
}

std::optional<domain::ApiKey> SqliteStore::FindApiKeyByDigest(const std::string& digest) {
  return keys_.Find(digest, counters_.KeyGeneration(),
                    [this](const std::string& d) { return SqlStore::FindApiKeyByDigest(d); });
}

void SqliteStore::RunGroupedWrite(const std::function<void(sql::Connection&)>& fn) {
  group_.Run(fn);
}

std::optional<base::TimeMs> SqliteStore::LastUsedAt(const std::string& key_id) {
  std::lock_guard lock(usage_mu_);
  auto q = usage_->Prepare("SELECT last_used_at FROM key_usage WHERE key_id = ?");
  q.Bind(1, key_id);
  if (!q.Step()) return std::nullopt;
  return q.Int(0);
}

domain::RateWindow SqliteStore::CountRequest(const std::string& key_id, base::TimeMs now,
                                             base::TimeMs window_ms) {
  if (auto window = counters_.Count(key_id, now, window_ms)) {
    RecordLastUse(key_id, now);
    return *window;
  }
  return CountInUsageDb(key_id, now, window_ms);
}

void SqliteStore::RecordLastUse(const std::string& key_id, base::TimeMs now) {
  constexpr base::TimeMs kLastUsePrecisionMs = 1000;
  std::lock_guard lock(usage_mu_);
  base::TimeMs& written = last_use_written_[key_id];
  if (now - written < kLastUsePrecisionMs) return;
  written = now;
  usage_
      ->Prepare(
          "INSERT INTO key_usage(key_id, window_start, count, last_used_at) VALUES (?1, 0, 0, ?2) "
          "ON CONFLICT(key_id) DO UPDATE SET last_used_at = ?2")
      .Bind(1, key_id)
      .Bind(2, now)
      .Run();
}

domain::RateWindow SqliteStore::CountInUsageDb(const std::string& key_id, base::TimeMs now,
                                               base::TimeMs window_ms) {
  std::lock_guard lock(usage_mu_);
  Transaction tx(*usage_);
  domain::RateWindow window = sql::CountKeyRequest(*usage_, key_id, now, window_ms);
  tx.Commit();
  return window;
}

std::optional<domain::WebhookDelivery> SqliteStore::LeaseDueDelivery(base::TimeMs now,
                                                                     base::TimeMs lease_ms,
                                                                     const ClaimLimits& limits) {
  // A lease lost in a power cut only means one more attempt (delivery is at
  // least once), so claiming needs no fsync. Leases still running are the
  // deliveries in flight in every process: few rows, found through the
  // partial index on locked_until.
  std::lock_guard lock(write_mu_);
  Connection& c = *lease_writer_;
  Transaction tx(c);
  // The oldest due delivery, read in due order from the open deliveries'
  // partial index, skipping endpoints and tenants at their limit: a claim
  // costs the rows it skips, not the whole backlog.
  static const std::string lease =
      "WITH busy AS (SELECT endpoint_id, tenant_id FROM webhook_deliveries "
      "INDEXED BY webhook_deliveries_leased "
      "WHERE locked_until > ?1 AND status IN ('PENDING', 'RETRYING')) "
      "UPDATE webhook_deliveries SET locked_until = ?2 WHERE id = ("
      "SELECT id FROM webhook_deliveries INDEXED BY webhook_deliveries_open_due "
      "WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= ?1 "
      "AND (locked_until IS NULL OR locked_until <= ?1) "
      "AND endpoint_id NOT IN "
      "(SELECT endpoint_id FROM busy GROUP BY endpoint_id HAVING COUNT(*) >= ?3) "
      "AND tenant_id NOT IN "
      "(SELECT tenant_id FROM busy GROUP BY tenant_id HAVING COUNT(*) >= ?4) "
      "ORDER BY next_attempt_at LIMIT 1) "
      "RETURNING " +
      std::string(sql::kDeliveryColumns);
  auto q = c.Prepare(lease);
  q.Bind(1, now).Bind(2, now + lease_ms).Bind(3, limits.per_endpoint).Bind(4, limits.per_tenant);
  if (!q.Step()) return std::nullopt;
  auto d = sql::ReadDelivery(q);
  q.Run();
  tx.Commit();
  return d;
}

}  // namespace payd::store::sqlite
