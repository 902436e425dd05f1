// domain::Store on one SQLite database file in WAL mode: the SQL of
// store/sql/ on SQLite connections.
//
// Files: payd.sqlite3 holds everything durable. Request counting stays off
// it: payd-ratelimit.shm holds the per-key windows and the API keys'
// generation (shared_counters.h, key_cache.h), and
// payd-usage.sqlite3 holds lastUsedAt, written at most once a second per key,
// and the windows should the shared table ever be full.
//
// Concurrency: readers each take a connection from a pool and run in
// parallel. Writers in this process queue on a mutex per file, so they never
// spin in SQLite's busy handler against each other; other processes (the
// admin CLI, a second server) are serialised by SQLite's own lock and the
// busy timeout.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "store/sql/group_commit.h"
#include "store/sql/sql_store.h"
#include "store/sqlite/key_cache.h"
#include "store/sqlite/migrations.h"
#include "store/sqlite/shared_counters.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::sqlite {

class SqliteStore final : public sql::SqlStore {
 public:
  // `dir` holds the files. `counter_slots` sizes a new shared counter table
  // (tests make it tiny to reach the fallback).
  explicit SqliteStore(const std::string& dir,
                       std::size_t counter_slots = SharedCounters::kDefaultSlots);

  std::vector<AppliedMigration> Migrate();
  const std::string& path() const { return path_; }

  ~SqliteStore() override;

  // From this process's KeyCache while no process has changed a key since.
  std::optional<domain::ApiKey> FindApiKeyByDigest(const std::string& digest) override;
  domain::RateWindow CountRequest(const std::string& key_id, base::TimeMs now,
                                  base::TimeMs window_ms) override;
  // Nothing: each process counts key-less clients in memory.
  std::optional<domain::RateWindow> CountClientRequest(const std::string&, base::TimeMs,
                                                       base::TimeMs) override {
    return std::nullopt;
  }
  // An exclusive flock on payd-watch-<chain>.lock in the data directory,
  // held for as long as its descriptor is open: the kernel lets it go when
  // the process ends.
  bool LeadChain(std::int64_t chain_id) override;
  void StopLeadingChain(std::int64_t chain_id) override;

 protected:
  // A pooled reader connection.
  void RunRead(const std::function<void(sql::Connection&)>& fn) override;
  // An IMMEDIATE transaction on the durable writer, under this process's
  // write lock; moves the key generation after it if it changed api_keys.
  void RunWrite(const std::function<void(sql::Connection&)>& fn) override;
  // RunWrite's transaction, shared by the writes that arrive at once (group_).
  void RunGroupedWrite(const std::function<void(sql::Connection&)>& fn) override;
  std::optional<base::TimeMs> LastUsedAt(const std::string& key_id) override;
  std::optional<domain::WebhookDelivery> LeaseDueDelivery(base::TimeMs now, base::TimeMs lease_ms,
                                                          const ClaimLimits& limits) override;

 private:
  std::unique_ptr<Connection> LeaseReader();
  void ReturnReader(std::unique_ptr<Connection> conn);

  void RecordLastUse(const std::string& key_id, base::TimeMs now);
  domain::RateWindow CountInUsageDb(const std::string& key_id, base::TimeMs now,
                                    base::TimeMs window_ms);

  std::string dir_;
  std::string path_;
  std::mutex chains_mu_;
  std::unordered_map<std::int64_t, int> chain_locks_;  // chain -> locked descriptor
  std::mutex write_mu_;
  std::unique_ptr<Connection> writer_;
  bool keys_changed_ = false;  // by writer_'s transaction; guarded by write_mu_
  sql::GroupCommit group_{[this](const sql::GroupCommit::Write& fn) { RunWrite(fn); }};
  // Same file, same lock (write_mu_), without fsync: for writes whose loss in
  // a power cut is harmless, like webhook delivery leases. It never
  // checkpoints, which would put writer_'s commits at risk (Sync::kOffShared).
  std::unique_ptr<Connection> lease_writer_;
  std::mutex usage_mu_;
  std::unique_ptr<Connection> usage_;
  std::unordered_map<std::string, base::TimeMs> last_use_written_;  // guarded by usage_mu_
  SharedCounters counters_;
  KeyCache keys_;
  std::mutex pool_mu_;
  std::vector<std::unique_ptr<Connection>> readers_;
};

}  // namespace payd::store::sqlite
