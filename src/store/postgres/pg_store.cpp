#include "store/postgres/pg_store.h"

#include <algorithm>

#include "store/sql/rate_window.h"
#include "store/sql/rows.h"

namespace payd::store::postgres {

namespace {

ConnectionLimits Counting() {
  ConnectionLimits limits;
  limits.synchronous_commit = false;
  return limits;
}

}  // namespace

PgStore::PgStore(const std::string& url, std::size_t pool_size)
    : url_(url),
      description_(DescribeUrl(url)),
      pool_(url, pool_size),
      unsynced_(url, std::max<std::size_t>(2, pool_size / 2), Counting()),
      chain_locks_(url) {}

std::vector<AppliedMigration> PgStore::Migrate() {
  auto conn = pool_.Acquire();
  return postgres::Migrate(*conn);
}

std::optional<std::string> PgStore::TransportWeakness() {
  auto conn = pool_.Acquire();
  return conn->TransportWeakness();
}

void PgStore::OnConnection(Pool& pool, const std::function<void(Connection&)>& fn) {
  for (std::size_t stale = 0;; ++stale) {
    auto conn = pool.Acquire();
    try {
      fn(*conn);
      return;
    } catch (const domain::StoreUnavailable&) {
      if (conn->healthy() || stale >= pool.size()) throw;
    }
  }
}

void PgStore::RunRead(const std::function<void(sql::Connection&)>& fn) {
  OnConnection(pool_, [&](Connection& c) { fn(c); });
}

void PgStore::RunWrite(const std::function<void(sql::Connection&)>& fn) {
  Transact(pool_, Isolation::kReadCommitted, [&](Connection& c) { fn(c); });
}

std::optional<domain::KeyUse> PgStore::UseApiKey(const std::string& digest, base::TimeMs now,
                                                 base::TimeMs window_ms) {
  // The statement's snapshot holds every change committed before it began.
  // The WHERE of `counted` is domain::KeyUsable: a refused request is not
  // counted and leaves lastUsedAt alone, as on SQLite.
  static const std::string statement =
      "WITH k AS (SELECT " + std::string(sql::kApiKeyColumns) +
      " FROM api_keys WHERE digest = ?1), "
      "counted AS (INSERT INTO key_usage(key_id, window_start, count, last_used_at) "
      "SELECT id, CAST(?2 AS BIGINT), 1, CAST(?2 AS BIGINT) FROM k "
      "WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?2) "
      "ON CONFLICT (key_id) DO UPDATE SET " +
      sql::kCountKeyRequestUpdate +
      " RETURNING window_start, count) "
      "SELECT k.*, counted.window_start, counted.count FROM k LEFT JOIN counted ON true";
  std::optional<domain::KeyUse> use;
  OnConnection(unsynced_, [&](Connection& c) {
    auto q = c.Prepare(statement);
    q.BindBlob(1, digest).Bind(2, now).Bind(3, window_ms);
    use.reset();
    if (!q.Step()) return;
    use.emplace(domain::KeyUse{sql::ReadApiKey(q), std::nullopt});
    constexpr int kWindow = sql::kApiKeyColumnCount;  // counted's columns follow the key's
    if (auto start = q.OptInt(kWindow))
      use->window = domain::RateWindow{*start, q.Int(kWindow + 1)};
  });
  return use;
}

domain::RateWindow PgStore::CountRequest(const std::string& key_id, base::TimeMs now,
                                         base::TimeMs window_ms) {
  domain::RateWindow window;
  OnConnection(unsynced_,
               [&](Connection& c) { window = sql::CountKeyRequest(c, key_id, now, window_ms); });
  return window;
}

std::optional<domain::RateWindow> PgStore::CountClientRequest(const std::string& bucket,
                                                              base::TimeMs now,
                                                              base::TimeMs window_ms) {
  domain::RateWindow window;
  OnConnection(unsynced_, [&](Connection& c) {
    auto q = c.Prepare(
        "INSERT INTO client_windows(bucket, window_start, window_end, count) "
        "VALUES (?1, ?2, ?3, 1) ON CONFLICT (bucket) DO UPDATE SET "
        "count = CASE WHEN client_windows.window_end <= ?2 THEN 1 "
        "ELSE client_windows.count + 1 END, "
        "window_start = CASE WHEN client_windows.window_end <= ?2 THEN ?2 "
        "ELSE client_windows.window_start END, "
        "window_end = CASE WHEN client_windows.window_end <= ?2 THEN ?3 "
        "ELSE client_windows.window_end END "
        "RETURNING window_start, count");
    q.Bind(1, bucket).Bind(2, now).Bind(3, now + window_ms);
    q.Step();
    window = {q.Int(0), q.Int(1)};
  });
  return window;
}

void PgStore::PurgeExpired(base::TimeMs now) {
  SqlStore::PurgeExpired(now);
  OnConnection(unsynced_, [&](Connection& c) {
    c.Prepare("DELETE FROM client_windows WHERE window_end <= ?").Bind(1, now).Run();
  });
}

bool PgStore::LeadChain(std::int64_t chain_id) {
  return chain_locks_.Lead(chain_id);
}

void PgStore::StopLeadingChain(std::int64_t chain_id) {
  chain_locks_.StopLeading(chain_id);
}

void PgStore::OnIntentsAnnounced(std::function<void(bool feed_live)> fn) {
  change_feed_.reset();  // its thread stops before another starts
  if (fn) change_feed_ = std::make_unique<ChangeFeed>(url_, std::move(fn));
}

std::optional<base::TimeMs> PgStore::LastUsedAt(const std::string& key_id) {
  std::optional<base::TimeMs> at;
  OnConnection(unsynced_, [&](Connection& c) {
    auto q = c.Prepare("SELECT last_used_at FROM key_usage WHERE key_id = ?");
    q.Bind(1, key_id);
    at = q.Step() ? std::optional<base::TimeMs>(q.Int(0)) : std::nullopt;
  });
  return at;
}

std::optional<domain::WebhookDelivery> PgStore::LeaseDueDelivery(base::TimeMs now,
                                                                 base::TimeMs lease_ms,
                                                                 const ClaimLimits& limits) {
  // One statement: the oldest due delivery whose endpoint and tenant are
  // below their limits, skipping rows another process is leasing at this
  // moment (SKIP LOCKED), so that dispatchers never wait on each other. Two
  // claims at the same instant may each count the other's lease as not yet
  // there: the limits hold within a delivery or two.
  static const std::string lease =
      "WITH busy AS (SELECT endpoint_id, tenant_id FROM webhook_deliveries "
      "WHERE locked_until > ?1 AND status IN ('PENDING', 'RETRYING')) "
      "UPDATE webhook_deliveries SET locked_until = ?2 WHERE id = ("
      "SELECT id FROM webhook_deliveries "
      "WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= ?1 "
      "AND (locked_until IS NULL OR locked_until <= ?1) "
      "AND endpoint_id NOT IN "
      "(SELECT endpoint_id FROM busy GROUP BY endpoint_id HAVING COUNT(*) >= ?3) "
      "AND tenant_id NOT IN "
      "(SELECT tenant_id FROM busy GROUP BY tenant_id HAVING COUNT(*) >= ?4) "
      "ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) "
      "RETURNING " +
      std::string(sql::kDeliveryColumns);
  std::optional<domain::WebhookDelivery> leased;
  OnConnection(unsynced_, [&](Connection& c) {
    auto q = c.Prepare(lease);
    q.Bind(1, now).Bind(2, now + lease_ms).Bind(3, limits.per_endpoint).Bind(4, limits.per_tenant);
    leased = q.Step() ? std::optional(sql::ReadDelivery(q)) : std::nullopt;
  });
  return leased;
}

}  // namespace payd::store::postgres
