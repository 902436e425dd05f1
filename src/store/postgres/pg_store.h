// domain::Store on PostgreSQL: the SQL of store/sql/ on a pool of libpq
// connections, for several payd processes sharing one database.
//
// Concurrency: reads run outside transactions on pooled connections. Writes
// run in READ COMMITTED transactions (Transact), run again after a
// serialization failure, a deadlock or a unique key a concurrent transaction
// took; where two writers must not interleave, store/sql takes an advisory
// lock (Connection::LockUntilCommit). Request counting and lastUsedAt are one
// upsert per request in key_usage, so every process counts the same window;
// the key's own row is read in that same statement (UseApiKey).
// Webhook deliveries are leased with FOR UPDATE SKIP LOCKED.
//
// A connection the server dropped (a restart) is replaced on its next use;
// while the server cannot be reached every call throws StoreUnavailable.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/postgres/chain_locks.h"
#include "store/postgres/change_feed.h"
#include "store/postgres/pg_db.h"
#include "store/postgres/pg_migrations.h"
#include "store/sql/sql_store.h"

namespace payd::store::postgres {

class PgStore final : public sql::SqlStore {
 public:
  // Connects lazily: nothing is sent until the first call. Throws
  // StoreUnavailable for a URL libpq cannot read.
  PgStore(const std::string& url, std::size_t pool_size);

  std::vector<AppliedMigration> Migrate();
  // Connection::TransportWeakness() of a pooled session (pg_db.h).
  std::optional<std::string> TransportWeakness();
  // postgres://user@host:port/db: for logs, never the password.
  const std::string& description() const { return description_; }

  // One statement: the key by its digest and, when usable, the upsert of
  // CountRequest, so every request sees the key as committed (a revocation by
  // any process holds on the next request) with no round trip of its own.
  std::optional<domain::KeyUse> UseApiKey(const std::string& digest, base::TimeMs now,
                                          base::TimeMs window_ms) override;
  domain::RateWindow CountRequest(const std::string& key_id, base::TimeMs now,
                                  base::TimeMs window_ms) override;
  // In client_windows, one upsert per request.
  std::optional<domain::RateWindow> CountClientRequest(const std::string& bucket, base::TimeMs now,
                                                       base::TimeMs window_ms) override;
  void PurgeExpired(base::TimeMs now) override;
  // ChainLocks: a session advisory lock per chain, on a session of its own.
  bool LeadChain(std::int64_t chain_id) override;
  void StopLeadingChain(std::int64_t chain_id) override;
  // NOTIFY and LISTEN (change_feed.h).
  void OnIntentsAnnounced(std::function<void(bool feed_live)> fn) override;

 protected:
  void RunRead(const std::function<void(sql::Connection&)>& fn) override;
  void RunWrite(const std::function<void(sql::Connection&)>& fn) override;
  std::optional<base::TimeMs> LastUsedAt(const std::string& key_id) override;
  std::optional<domain::WebhookDelivery> LeaseDueDelivery(base::TimeMs now, base::TimeMs lease_ms,
                                                          const ClaimLimits& limits) override;

 private:
  // Runs `fn` (statements that are safe to send again: reads, or one
  // statement outside a transaction) on a pooled connection, on another one
  // when the first turns out to be a session the server dropped.
  void OnConnection(Pool& pool, const std::function<void(Connection&)>& fn);

  std::string url_;
  std::string description_;
  Pool pool_;
  // For what costs little when a crash loses it, one statement each, without
  // waiting for the disk (ConnectionLimits::synchronous_commit): request
  // counting and lastUsedAt (a rate window), webhook leases (one more
  // attempt). SQLite keeps these without fsync too.
  Pool unsynced_;
  ChainLocks chain_locks_;
  std::unique_ptr<ChangeFeed> change_feed_;  // once OnIntentsAnnounced was called
};

}  // namespace payd::store::postgres
