// domain::Store written once in SQL for both databases: every query and
// every rule of what goes in one transaction lives here (store/sql/*.cpp).
// A concrete store (sqlite::SqliteStore, postgres::PgStore) supplies the
// connections and the transactions, and the few things that differ:
// request counting, lastUsedAt, and how a webhook delivery is leased.
//
// Transactions: Write() runs its function in one transaction that commits
// when it returns. A store may run it more than once (PostgreSQL retries
// serialization failures, deadlocks and a unique key taken by a concurrent
// transaction), so a write function does nothing outside the database that
// it could not repeat. Where writers must not interleave they call
// Connection::LockUntilCommit first.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "domain/store.h"
#include "metrics/metrics.h"
#include "store/sql/deep_pages.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// The ledger's transaction on a connection already in a write transaction
// (ledger.cpp), for a management transaction that carries out a decision.
std::unique_ptr<domain::LedgerTx> NewLedgerTx(Connection& c);

class SqlStore : public domain::Store {
 public:
  void Ping() override;
  domain::EnvironmentVerdict ClaimEnvironment(const domain::EnvironmentPolicy& policy,
                                              base::TimeMs now) override;
  void InsertTenant(const domain::Tenant& tenant, const domain::WebhookSecret& secret) override;
  std::optional<domain::Tenant> FindTenant(const std::string& id) override;
  std::vector<domain::WebhookSecret> WebhookSecrets(const std::string& tenant_id,
                                                    base::TimeMs now) override;
  void InsertIntegration(const domain::Integration& integration) override;
  std::optional<domain::Integration> FindIntegration(const std::string& tenant_id,
                                                     const std::string& id) override;
  std::optional<domain::Integration> FindIntegrationById(const std::string& id) override;
  std::vector<domain::Integration> ListIntegrations(const std::string& tenant_id) override;
  std::vector<domain::PayoutChange> ListWaitingPayoutChanges(const std::string& tenant_id) override;
  std::optional<domain::ApiKey> FindApiKeyByDigest(const std::string& digest) override;
  // FindApiKeyByDigest, then CountRequest when the key is usable.
  std::optional<domain::KeyUse> UseApiKey(const std::string& digest, base::TimeMs now,
                                          base::TimeMs window_ms) override;
  std::optional<domain::ApiKey> FindApiKey(const std::string& id) override;
  std::vector<domain::ApiKey> ListApiKeys(const std::string& tenant_id) override;
  std::optional<domain::CreateResult> FindClaimOutcome(const domain::IdempotencyClaim& claim,
                                                       base::TimeMs now) override;
  std::optional<domain::PaymentLink> FindPaymentLink(const std::string& tenant_id,
                                                     const std::string& id) override;
  std::vector<domain::PaymentLink> ListPaymentLinks(const std::string& tenant_id) override;
  std::optional<domain::PaymentLink> FindPaymentLinkById(const std::string& id) override;
  void AddPaymentLinkViews(const std::vector<std::pair<std::string, std::int64_t>>& views) override;
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
  std::optional<domain::PaymentIntent> ChooseIntentOption(
      const std::string& intent_id,
      const std::function<domain::PaymentIntent(const domain::PaymentIntent&)>& choose,
      base::TimeMs now) override;
  int ExpireUnchosenIntents(
      base::TimeMs now, int limit,
      const std::function<domain::Event(const domain::PaymentIntent&)>& expired) override;
  std::optional<domain::PaymentIntent> FindIntent(const std::string& tenant_id,
                                                  const std::string& id) override;
  std::optional<domain::PaymentIntent> FindIntentOfIntegration(const std::string& integration_id,
                                                               const std::string& id) override;
  std::optional<domain::PaymentIntent> FindIntentById(const std::string& id) override;
  std::vector<domain::PaymentIntent> ListIntents(const std::string& tenant_id,
                                                 std::optional<domain::IntentStatus> status,
                                                 int limit, int offset) override;
  std::vector<domain::PaymentIntent> QueryIntents(const std::string& tenant_id,
                                                  const domain::IntentQuery& query) override;
  std::vector<domain::Payment> PaymentsOfIntent(const std::string& tenant_id,
                                                const std::string& intent_id) override;
  std::vector<domain::Payment> UnmatchedPayments(const std::string& tenant_id, int limit) override;
  std::vector<domain::WebhookDelivery> DeliveriesOfEvents(
      const std::string& tenant_id, const std::vector<std::string>& event_ids) override;
  std::vector<domain::Event> EventsAbout(const std::string& tenant_id, const std::string& object_id,
                                         int limit) override;
  std::optional<domain::Payment> FindPayment(const std::string& tenant_id,
                                             const std::string& id) override;
  std::vector<domain::Payment> ListPayments(const std::string& tenant_id,
                                            std::optional<domain::PaymentStatus> status, int limit,
                                            int offset) override;

  void WithLedger(const std::function<void(domain::LedgerTx&)>& fn) override;
  std::optional<domain::BlockHeader> LoadCursor(std::int64_t chain_id) override;
  std::vector<domain::BlockHeader> RecentBlocks(std::int64_t chain_id, int limit) override;
  std::vector<domain::WatchedAddress> WatchedAddresses(std::int64_t chain_id,
                                                       base::TimeMs now) override;
  std::optional<base::TimeMs> FirstIntentCreatedAt(std::int64_t chain_id) override;
  base::TimeMs WatchStartedAt(std::int64_t chain_id, base::TimeMs now) override;
  std::vector<std::string> RefundSenders(std::int64_t chain_id) override;
  std::vector<domain::Payment> PaymentsAwaitingSwapCheck(std::int64_t chain_id, int limit) override;
  std::vector<domain::Payment> PaymentsAboveCursor(std::int64_t chain_id,
                                                   std::int64_t cursor) override;

  std::optional<domain::Refund> FindRefund(const std::string& tenant_id,
                                           const std::string& id) override;
  std::vector<domain::Refund> ListRefunds(const std::string& tenant_id,
                                          const domain::RefundQuery& query) override;
  std::optional<domain::Refund> FindRefundByPage(const std::string& digest) override;
  std::optional<domain::Payout> FindPayout(const std::string& tenant_id,
                                           const std::string& id) override;
  std::vector<domain::Payout> ListPayouts(const std::string& tenant_id,
                                          const domain::PayoutQuery& query) override;

  void WithManagement(const std::function<void(domain::ManagementTx&)>& fn) override;
  std::vector<domain::AuditEntry> ListAuditLog(const std::string& tenant_id, int limit,
                                               int offset) override;
  std::vector<domain::User> ListUsers(const std::string& tenant_id) override;
  std::optional<domain::User> FindUser(const std::string& tenant_id,
                                       const std::string& id) override;
  std::optional<domain::User> FindUserByEmail(const std::string& email) override;
  std::optional<domain::Session> FindSession(const std::string& digest) override;
  void TouchSession(const std::string& digest, base::TimeMs now) override;
  std::optional<domain::SecondFactor> FindSecondFactor(const std::string& user_id) override;
  int CountRecoveryCodes(const std::string& user_id) override;
  bool TenantRequiresTwoFactor(const std::string& tenant_id) override;

  void InsertEvent(const domain::Event& event) override;
  std::vector<domain::Event> RecentEvents(const std::string& tenant_id, int limit) override;
  void InsertWebhookEndpoint(const domain::WebhookEndpoint& endpoint) override;
  std::vector<domain::WebhookEndpoint> ListWebhookEndpoints(const std::string& tenant_id) override;
  std::optional<domain::WebhookEndpoint> FindWebhookEndpoint(const std::string& id) override;
  std::vector<domain::WebhookDelivery> ListDeliveries(const std::string& tenant_id,
                                                      const std::optional<std::string>& endpoint_id,
                                                      int limit, int offset) override;
  std::optional<domain::WebhookDelivery> FindDelivery(const std::string& id) override;
  std::optional<DeliveryJob> ClaimDueDelivery(base::TimeMs now, base::TimeMs lease_ms,
                                              const ClaimLimits& limits) override;
  std::optional<base::TimeMs> NextDeliveryDue() override;
  TenantCounts CountTenant(const std::string& tenant_id, base::TimeMs failed_since) override;
  std::vector<domain::PricedPayment> PaidPricesSince(const std::string& tenant_id,
                                                     base::TimeMs since) override;
  std::vector<DailyReceived> ReceivedPerDay(const std::string& tenant_id,
                                            base::TimeMs since) override;
  OperationalCounts CountForMetrics() override;

  // The email outbox (email_outbox.cpp).
  void QueueEmail(const domain::QueuedEmail& email) override;
  std::optional<EmailJob> ClaimDueEmail(base::TimeMs now, base::TimeMs lease_ms,
                                        int hourly_limit) override;
  std::optional<base::TimeMs> NextEmailDue() override;
  void RecordEmailAttempt(const std::string& id, const EmailAttempt& attempt,
                          base::TimeMs now) override;
  std::vector<domain::EmailRecord> RecentEmails(const std::string& tenant_id, int limit) override;
  ReceiptRequest RequestReceipt(const std::string& intent_id, const std::string& email,
                                const std::string& language, base::TimeMs now) override;
  bool ReceiptRequested(const std::string& intent_id) override;
  int QueueDailySummaries(base::TimeMs now) override;  // email_summaries.cpp
  // Inside the caller's write transaction (ManagementTx::QueueEmail too).
  static void InsertEmailRow(Connection& c, const domain::QueuedEmail& email);
  void RecordAttempt(const std::string& delivery_id, const AttemptRecord& record,
                     base::TimeMs now) override;

  // Checks a claim inside the caller's transaction; a result when the claim
  // decides the request (replay or conflict), nothing when creation proceeds.
  static std::optional<domain::CreateResult> CheckClaim(Connection& c,
                                                        const domain::IdempotencyClaim& claim,
                                                        base::TimeMs now);
  static void RecordClaim(Connection& c, const domain::IdempotencyClaim& claim, base::TimeMs now);

  // Marks every `stride` rows of a long list (deep_pages.h); tests use a small one.
  void SetDeepPageStride(int stride) { deep_pages_.set_stride(stride); }

 protected:
  // Runs `fn` on a connection outside any transaction (each statement sees
  // what was committed when it started).
  virtual void RunRead(const std::function<void(Connection&)>& fn) = 0;
  // Runs `fn` in one write transaction, as many times as it takes to commit.
  virtual void RunWrite(const std::function<void(Connection&)>& fn) = 0;
  // RunWrite for writes that may share a transaction with others arriving at
  // once (GroupCommit): a store whose commits cost an fsync each groups them.
  virtual void RunGroupedWrite(const std::function<void(Connection&)>& fn) { RunWrite(fn); }
  // When the key was last used, where the store keeps that.
  virtual std::optional<base::TimeMs> LastUsedAt(const std::string& key_id) = 0;
  // Leases the most overdue delivery within `limits` (ClaimDueDelivery's rule).
  virtual std::optional<domain::WebhookDelivery> LeaseDueDelivery(base::TimeMs now,
                                                                  base::TimeMs lease_ms,
                                                                  const ClaimLimits& limits) = 0;

  // Each timed for the metrics (payd_db_transaction_duration_seconds), waits and retries included.
  template <typename Fn>
  auto Read(Fn&& fn) {
    Timed timed("read");
    return Run(fn, [this](const auto& body) { RunRead(body); });
  }
  template <typename Fn>
  auto Write(Fn&& fn) {
    Timed timed("write");
    WakeAfterCommit wake(*this);
    auto tracked = Tracked(fn, wake.queued);
    return Run(tracked, [this](const auto& body) { RunWrite(body); });
  }
  template <typename Fn>
  auto GroupedWrite(Fn&& fn) {
    Timed timed("write");
    WakeAfterCommit wake(*this);
    auto tracked = Tracked(fn, wake.queued);
    return Run(tracked, [this](const auto& body) { RunGroupedWrite(body); });
  }

 public:
  void OnDeliveriesQueued(std::function<void()> fn) override;
  void SetMailing(const domain::Mailing* mailing) override { mailing_.store(mailing); }
  void OpenChainAlert(std::int64_t chain_id, const std::string& chain_name,
                      const std::string& problem, base::TimeMs now) override;
  void CloseChainAlert(std::int64_t chain_id) override;

 private:
  // Calls OnDeliveriesQueued's function when the write it guards queued a
  // delivery and returned normally (committed); a run that was rolled back
  // and tried again may leave it set, which costs a wake with nothing to do.
  struct WakeAfterCommit {
    explicit WakeAfterCommit(SqlStore& store) : store(store) {}
    ~WakeAfterCommit() {
      if (queued && std::uncaught_exceptions() == 0) store.DeliveriesQueued();
    }
    WakeAfterCommit(const WakeAfterCommit&) = delete;
    WakeAfterCommit& operator=(const WakeAfterCommit&) = delete;
    SqlStore& store;
    bool queued = false;
  };
  // `fn` run on a connection, noting in `queued` whether it queued a delivery.
  template <typename Fn>
  auto Tracked(Fn& fn, bool& queued) const {
    return [&fn, &queued,
            mailing = mailing_.load()](Connection& c) -> std::invoke_result_t<Fn&, Connection&> {
      c.queued_deliveries = false;
      c.mailing = mailing;
      struct Note {
        Connection& c;
        bool& queued;
        ~Note() {
          queued = queued || c.queued_deliveries;
          c.mailing = nullptr;
        }
      } note{c, queued};
      return fn(c);
    };
  }
  void DeliveriesQueued();

  // Records its lifetime as one transaction of `kind`, failed ones too.
  struct Timed {
    explicit Timed(const char* kind) : kind(kind), start(std::chrono::steady_clock::now()) {}
    ~Timed() {
      metrics::DbTransaction(
          kind, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    Timed(const Timed&) = delete;
    Timed& operator=(const Timed&) = delete;
    const char* kind;
    std::chrono::steady_clock::time_point start;
  };

  // Calls `fn` through `runner`, keeping the value of its last (committed) run.
  template <typename Fn, typename Runner>
  static auto Run(Fn& fn, const Runner& runner) {
    using Result = std::invoke_result_t<Fn&, Connection&>;
    if constexpr (std::is_void_v<Result>) {
      runner(std::function<void(Connection&)>([&](Connection& c) { fn(c); }));
    } else {
      std::optional<Result> out;
      runner(std::function<void(Connection&)>([&](Connection& c) { out.emplace(fn(c)); }));
      return std::move(*out);
    }
  }

  // The unfiltered lists' deep pages (intents, payments, webhook deliveries).
  template <typename Row, typename ReadRow>
  std::optional<std::vector<Row>> DeepPage(Connection& c, std::string_view columns,
                                           std::string_view table, const std::string& tenant_id,
                                           int limit, int offset, const ReadRow& read_row,
                                           std::string_view count_sql = {}) {
    auto seek = deep_pages_.Plan(c, table, tenant_id, limit, offset, count_sql);
    if (!seek) return std::nullopt;
    std::vector<Row> rows;
    if (seek->take == 0) return rows;
    auto q = c.Prepare(DeepPages::SeekSql(columns, table));
    DeepPages::Bind(q, tenant_id, *seek);
    while (q.Step()) rows.push_back(read_row(q));
    std::reverse(rows.begin(), rows.end());  // newest first, as the lists are
    return rows;
  }

  DeepPages deep_pages_;
  std::atomic<const domain::Mailing*> mailing_{nullptr};
  std::mutex on_queued_mu_;
  std::function<void()> on_queued_;
};

}  // namespace payd::store::sql
