// domain::Store on one SQLite database file in WAL mode.
//
// Files: payd.sqlite3 holds everything durable. Request counting stays off
// it: payd-ratelimit.shm holds the per-key windows (shared_counters.h), and
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

#include "domain/store.h"
#include "store/sqlite/migrations.h"
#include "store/sqlite/shared_counters.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::sqlite {

class SqliteStore final : public domain::Store {
 public:
  // `dir` holds the files. `counter_slots` sizes a new shared counter table
  // (tests make it tiny to reach the fallback).
  explicit SqliteStore(const std::string& dir,
                       std::size_t counter_slots = SharedCounters::kDefaultSlots);

  std::vector<AppliedMigration> Migrate();
  const std::string& path() const { return path_; }

  void Ping() override;
  domain::EnvironmentVerdict ClaimEnvironment(const domain::EnvironmentPolicy& policy,
                                              base::TimeMs now) override;
  void InsertTenant(const domain::Tenant& tenant, const domain::WebhookSecret& secret) override;
  std::optional<domain::Tenant> FindTenant(const std::string& id) override;
  std::vector<domain::WebhookSecret> WebhookSecrets(const std::string& tenant_id,
                                                    base::TimeMs now) override;
  void RotateWebhookSecret(const domain::WebhookSecret& secret,
                           base::TimeMs previous_expires_at) override;
  void InsertIntegration(const domain::Integration& integration) override;
  std::optional<domain::Integration> FindIntegration(const std::string& tenant_id,
                                                     const std::string& id) override;
  std::optional<domain::Integration> FindIntegrationById(const std::string& id) override;
  std::vector<domain::Integration> ListIntegrations(const std::string& tenant_id) override;
  void InsertApiKey(const domain::ApiKey& key) override;
  std::optional<domain::ApiKey> FindApiKeyByDigest(const std::string& digest) override;
  std::optional<domain::ApiKey> FindApiKey(const std::string& id) override;
  std::vector<domain::ApiKey> ListApiKeys(const std::string& tenant_id) override;
  bool RevokeApiKey(const std::string& id, base::TimeMs now) override;
  domain::RateWindow CountRequest(const std::string& key_id, base::TimeMs now,
                                  base::TimeMs window_ms) override;
  domain::CreateResult InsertPaymentLink(const domain::PaymentLink& link,
                                         const domain::Event& event,
                                         const domain::IdempotencyClaim* claim,
                                         base::TimeMs now) override;
  std::optional<domain::PaymentLink> FindPaymentLink(const std::string& tenant_id,
                                                     const std::string& id) override;
  std::vector<domain::PaymentLink> ListPaymentLinks(const std::string& tenant_id) override;
  std::optional<domain::PaymentLink> FindPaymentLinkById(const std::string& id) override;
  bool CountPaymentLinkView(const std::string& id) override;
  void PurgeExpired(base::TimeMs now) override;

  domain::CreateResult InsertIntent(
      domain::PaymentIntent& intent, const domain::IdempotencyClaim* claim,
      const IntentLimits& limits,
      const std::function<IntentCreated(const domain::PaymentIntent&)>& finish,
      base::TimeMs now) override;
  std::optional<domain::PaymentIntent> SetSenderHint(const std::string& intent_id,
                                                     const std::string& address,
                                                     domain::HintSource source,
                                                     base::TimeMs now) override;
  std::optional<domain::PaymentIntent> FindIntent(const std::string& tenant_id,
                                                  const std::string& id) override;
  std::optional<domain::PaymentIntent> FindIntentOfIntegration(const std::string& integration_id,
                                                               const std::string& id) override;
  std::optional<domain::PaymentIntent> FindIntentById(const std::string& id) override;
  std::vector<domain::PaymentIntent> ListIntents(const std::string& tenant_id,
                                                 std::optional<domain::IntentStatus> status,
                                                 int limit, int offset) override;
  std::optional<domain::Payment> FindPayment(const std::string& tenant_id,
                                             const std::string& id) override;
  std::vector<domain::Payment> ListPayments(const std::string& tenant_id,
                                            std::optional<domain::PaymentStatus> status, int limit,
                                            int offset) override;

  void WithLedger(const std::function<void(domain::LedgerTx&)>& fn) override;
  std::optional<domain::BlockHeader> LoadCursor(std::int64_t chain_id) override;
  std::vector<domain::BlockHeader> RecentBlocks(std::int64_t chain_id, int limit) override;
  std::vector<domain::WatchedAddress> WatchedAddresses(std::int64_t chain_id) override;
  std::optional<base::TimeMs> FirstIntentCreatedAt(std::int64_t chain_id) override;
  base::TimeMs WatchStartedAt(std::int64_t chain_id, base::TimeMs now) override;

  void InsertEvent(const domain::Event& event) override;
  std::vector<domain::Event> RecentEvents(const std::string& tenant_id, int limit) override;
  void InsertWebhookEndpoint(const domain::WebhookEndpoint& endpoint) override;
  std::vector<domain::WebhookEndpoint> ListWebhookEndpoints(const std::string& tenant_id) override;
  std::optional<domain::WebhookEndpoint> FindWebhookEndpoint(const std::string& id) override;
  bool SetWebhookEndpointEnabled(const std::string& id, bool enabled,
                                 const std::optional<std::string>& reason) override;
  bool RemoveWebhookEndpoint(const std::string& id, base::TimeMs now) override;
  std::vector<domain::WebhookDelivery> ListDeliveries(const std::string& tenant_id, int limit,
                                                      int offset) override;
  std::optional<domain::WebhookDelivery> FindDelivery(const std::string& id) override;
  std::optional<domain::WebhookDelivery> Redeliver(const std::string& delivery_id,
                                                   base::TimeMs now) override;
  std::optional<DeliveryJob> ClaimDueDelivery(base::TimeMs now, base::TimeMs lease_ms,
                                              const ClaimLimits& limits) override;
  std::optional<base::TimeMs> NextDeliveryDue() override;
  void RecordAttempt(const std::string& delivery_id, const AttemptRecord& record,
                     base::TimeMs now) override;

 private:
  // Runs `fn` with a pooled reader connection.
  template <typename Fn>
  auto Read(Fn&& fn);
  // Runs `fn` inside an IMMEDIATE transaction on the durable writer; commits
  // when `fn` returns normally.
  template <typename Fn>
  auto Write(Fn&& fn);

  std::unique_ptr<Connection> LeaseReader();
  void ReturnReader(std::unique_ptr<Connection> conn);

  // Checks a claim inside the caller's transaction; a result when the claim
  // decides the request (replay or conflict), nothing when creation proceeds.
  std::optional<base::TimeMs> LastUsedAt(const std::string& key_id);
  void RecordLastUse(const std::string& key_id, base::TimeMs now);
  domain::RateWindow CountInUsageDb(const std::string& key_id, base::TimeMs now,
                                    base::TimeMs window_ms);

  std::optional<domain::CreateResult> CheckClaim(Connection& conn,
                                                 const domain::IdempotencyClaim& claim,
                                                 base::TimeMs now);
  void RecordClaim(Connection& conn, const domain::IdempotencyClaim& claim, base::TimeMs now);

  std::string path_;
  std::mutex write_mu_;
  std::unique_ptr<Connection> writer_;
  // Same file, same lock (write_mu_), without fsync: for writes whose loss in
  // a power cut is harmless, like webhook delivery leases. It never
  // checkpoints, which would put writer_'s commits at risk (Sync::kOffShared).
  std::unique_ptr<Connection> lease_writer_;
  std::mutex usage_mu_;
  std::unique_ptr<Connection> usage_;
  std::unordered_map<std::string, base::TimeMs> last_use_written_;  // guarded by usage_mu_
  SharedCounters counters_;
  std::mutex pool_mu_;
  std::vector<std::unique_ptr<Connection>> readers_;
};

template <typename Fn>
auto SqliteStore::Read(Fn&& fn) {
  auto conn = LeaseReader();
  struct Return {
    SqliteStore* self;
    std::unique_ptr<Connection>& conn;
    ~Return() { self->ReturnReader(std::move(conn)); }
  } give_back{this, conn};
  return fn(*conn);
}

template <typename Fn>
auto SqliteStore::Write(Fn&& fn) {
  std::lock_guard lock(write_mu_);
  Transaction tx(*writer_);
  if constexpr (std::is_void_v<decltype(fn(*writer_))>) {
    fn(*writer_);
    tx.Commit();
  } else {
    auto result = fn(*writer_);
    tx.Commit();
    return result;
  }
}

}  // namespace payd::store::sqlite
