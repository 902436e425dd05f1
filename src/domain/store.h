// The persistence interface the domain needs. Its implementations (SQLite and
// PostgreSQL, one SQL in src/store/sql/) are chosen at start-up; handlers and
// commands only ever see this interface.
//
// Every method is safe to call from any thread. Lookups are scoped by tenant
// where a tenant owns the object, so that a caller cannot reach another
// tenant's data by id. Failures to reach the database throw StoreUnavailable.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "base/time.h"
#include "domain/access/api_key.h"
#include "domain/access/environment_lock.h"
#include "domain/email/messages.h"
#include "domain/email/outbox.h"
#include "domain/integration.h"
#include "domain/intents/idempotency.h"
#include "domain/intents/intent_query.h"
#include "domain/intents/payment_intent.h"
#include "domain/ledger/chain_state.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/ledger/payment.h"
#include "domain/links/payment_link.h"
#include "domain/management_tx.h"
#include "domain/money/reporting.h"
#include "domain/payout_change.h"
#include "domain/payouts/payout.h"
#include "domain/people/session.h"
#include "domain/people/tenant.h"
#include "domain/people/user.h"
#include "domain/refunds/refund_store.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"

namespace payd::domain {

class StoreUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The state of a key's current rate window after counting one request.
struct RateWindow {
  base::TimeMs window_start = 0;
  long long count = 0;
};

// A presented key as stored when its request was counted (Store::UseApiKey).
struct KeyUse {
  ApiKey key;
  std::optional<RateWindow> window;  // when the key was usable (KeyUsable)
};

// The store as each of its users sees it (issue 35): every part below is an
// interface of its own, which the class that needs it takes, and Store is
// them all plus the rest (what the API, the pages and the dashboard read).

// What the ledger writes through (domain/ledger/ledger.h).
class LedgerStore {
 public:
  virtual ~LedgerStore() = default;
  // Runs `fn` in one write transaction; commits when it returns normally.
  virtual void WithLedger(const std::function<void(LedgerTx&)>& fn) = 0;
};

// What a chain watcher reads (chain/watcher.h): where it stands, what to
// watch, and whether this process leads the chain.
class ChainWatchStore {
 public:
  virtual ~ChainWatchStore() = default;
  virtual std::optional<BlockHeader> LoadCursor(std::int64_t chain_id) = 0;
  // The kept canonical headers, highest first.
  virtual std::vector<BlockHeader> RecentBlocks(std::int64_t chain_id, int limit) = 0;
  // Payout addresses of integrations that allow this chain, with their
  // tenants; also the terms an integration had before a change, while its
  // intents created under them may still be paid (ManagementTx::KeepWatching).
  virtual std::vector<WatchedAddress> WatchedAddresses(std::int64_t chain_id, base::TimeMs now) = 0;
  // When the first intent on this chain was created, if any: a watcher that
  // has never completed a pass starts early enough to see it paid.
  virtual std::optional<base::TimeMs> FirstIntentCreatedAt(std::int64_t chain_id) = 0;
  // When a watcher of this chain first started (stored as `now` if this is
  // the first): a first start whose node was unreachable scans back to it.
  virtual base::TimeMs WatchStartedAt(std::int64_t chain_id, base::TimeMs now) = 0;
  // True while this process is the one, among all that share the database,
  // that watches `chain_id`: it holds the chain's lock, which the database or
  // the kernel releases when the process ends, however it ends. Asked before
  // every pass; the holder keeps it, another process takes it within a pass
  // once it is free. Throws StoreUnavailable when that cannot be known.
  virtual bool LeadChain(std::int64_t chain_id) = 0;
  // Lets the chain go (a stopping watcher), so that another process takes over at once.
  virtual void StopLeadingChain(std::int64_t chain_id) = 0;
  // Payout addresses on this chain with a refund waiting for or sent by its
  // transfer: their transfers out are read too (domain/refunds/refund_ledger.h).
  virtual std::vector<std::string> RefundSenders(std::int64_t chain_id) = 0;
  // Live payments on this chain whose receipt is still to be read for a
  // swap (Payment::swap_check), oldest first, at most `limit`.
  virtual std::vector<Payment> PaymentsAwaitingSwapCheck(std::int64_t chain_id, int limit) = 0;
  // Live payments in blocks above `cursor`: those recorded while the chain's
  // providers disagreed (ChainUpdate::provisional), whose blocks the next
  // verified pass has agreed.
  virtual std::vector<Payment> PaymentsAboveCursor(std::int64_t chain_id, std::int64_t cursor) = 0;
};

// The webhook dispatcher's queue (webhooks/dispatcher.h).
class DeliveryQueue {
 public:
  virtual ~DeliveryQueue() = default;
  // What a dispatcher needs to make one attempt.
  struct DeliveryJob {
    WebhookDelivery delivery;
    Event event;                       // id empty if the event is gone
    std::vector<std::string> secrets;  // current first, then rotated ones still valid
    // Why the endpoint takes nothing now (disabled, removed); none when it is enabled.
    std::optional<std::string> endpoint_closed;
    // The endpoint takes the /v1 shape (Event::DataFor).
    bool v1_shape = false;
  };
  // How many leased deliveries (in flight, in every process) one endpoint and
  // one tenant may have, so that a hung endpoint cannot hold every worker.
  struct ClaimLimits {
    int per_endpoint = 2;
    int per_tenant = 2;
  };
  // Takes the most overdue delivery whose endpoint and tenant are below
  // their limits, leasing it for `lease_ms` so that no other dispatcher (in
  // this or another process) takes it meanwhile. A process that dies
  // mid-attempt leaves a lease that simply runs out.
  virtual std::optional<DeliveryJob> ClaimDueDelivery(base::TimeMs now, base::TimeMs lease_ms,
                                                      const ClaimLimits& limits) = 0;
  // When the earliest pending delivery is due (for a leased one: when its lease ends), if any.
  virtual std::optional<base::TimeMs> NextDeliveryDue() = 0;

  // Records an attempt and what follows it, in one transaction: the
  // delivery's new state, the endpoint disabled (410) with its other
  // deliveries not yet made failed, and on success a WEBHOOK_SENT event.
  struct AttemptRecord {
    DeliveryStatus status = DeliveryStatus::kRetrying;
    std::optional<int> response_status;
    std::optional<std::string> error;
    std::optional<base::TimeMs> next_attempt_at;
    bool disable_endpoint = false;
    std::optional<Event> sent_event;
    // False when nothing went out (the endpoint closed between the lease and
    // the send, the payload cannot be built): `attempts` counts requests sent.
    bool sent = true;
  };
  virtual void RecordAttempt(const std::string& delivery_id, const AttemptRecord& record,
                             base::TimeMs now) = 0;
};

// What /metrics counts of the whole database (cli/metrics_listener.h).
class MetricsCounts {
 public:
  virtual ~MetricsCounts() = default;
  // What the metrics show of the whole database (every tenant): rows by
  // status, as stored, and the deliveries pending or to be retried with the
  // earliest time one of them was due at (leases aside). Cheap: index scans.
  struct OperationalCounts {
    std::vector<std::pair<std::string, std::int64_t>> intents_by_status;
    std::vector<std::pair<std::string, std::int64_t>> payments_by_status;
    std::vector<std::pair<std::string, std::int64_t>> refunds_by_status;
    std::vector<std::pair<std::string, std::int64_t>> payout_lines_by_status;
    std::int64_t deliveries_waiting = 0;
    std::optional<base::TimeMs> earliest_due;
  };
  virtual OperationalCounts CountForMetrics() = 0;
};

class Store : public LedgerStore,
              public ChainWatchStore,
              public DeliveryQueue,
              public EmailQueue,
              public MetricsCounts,
              public RefundReads,
              public PayoutReads {
 public:
  ~Store() override = default;

  // Round trip to the database; throws StoreUnavailable when it is down.
  virtual void Ping() = 0;

  // Which environment the database belongs to, for a process opening it: in
  // one transaction, reads what the database holds (EnvironmentEvidence),
  // judges it (JudgeEnvironment) and writes the record the verdict asks for.
  // The caller refuses the database when the verdict says so.
  virtual EnvironmentVerdict ClaimEnvironment(const EnvironmentPolicy& policy,
                                              base::TimeMs now) = 0;

  virtual void InsertTenant(const Tenant& tenant, const WebhookSecret& secret) = 0;
  virtual std::optional<Tenant> FindTenant(const std::string& id) = 0;

  // The current secret first, then rotated ones still within their overlap.
  virtual std::vector<WebhookSecret> WebhookSecrets(const std::string& tenant_id,
                                                    base::TimeMs now) = 0;

  virtual void InsertIntegration(const Integration& integration) = 0;
  virtual std::optional<Integration> FindIntegration(const std::string& tenant_id,
                                                     const std::string& id) = 0;
  // Public endpoints know only the integration's id.
  virtual std::optional<Integration> FindIntegrationById(const std::string& id) = 0;
  virtual std::vector<Integration> ListIntegrations(const std::string& tenant_id) = 0;
  // The tenant's payout address changes still waiting, soonest to apply first.
  virtual std::vector<PayoutChange> ListWaitingPayoutChanges(const std::string& tenant_id) = 0;

  virtual std::optional<ApiKey> FindApiKeyByDigest(const std::string& digest) = 0;
  virtual std::optional<ApiKey> FindApiKey(const std::string& id) = 0;
  virtual std::vector<ApiKey> ListApiKeys(const std::string& tenant_id) = 0;

  // The key of this digest as it stands when the request arrives (a change
  // by any process sharing the database shows: DECISIONS §2) and, when it is
  // usable at `now` (KeyUsable), the request counted in its window as
  // CountRequest does. Nothing for a digest no key has. On PostgreSQL one
  // round trip.
  virtual std::optional<KeyUse> UseApiKey(const std::string& digest, base::TimeMs now,
                                          base::TimeMs window_ms) = 0;
  // Counts one request by `key_id` in its fixed window of `window_ms`, which
  // starts at the first request after the previous window ended, and records
  // the key's lastUsedAt. Atomic across processes sharing the database.
  virtual RateWindow CountRequest(const std::string& key_id, base::TimeMs now,
                                  base::TimeMs window_ms) = 0;
  // The same for a key-less client's `bucket` (public endpoints, pages), in a
  // window every process sharing the database counts in. Nothing when this
  // store keeps no such windows: processes on one SQLite file (one host)
  // count key-less clients each in memory (api::PublicLimiter). Windows that
  // ended are forgotten by PurgeExpired.
  virtual std::optional<RateWindow> CountClientRequest(const std::string& bucket, base::TimeMs now,
                                                       base::TimeMs window_ms) = 0;

  // What an earlier request that used the claim's key in its scope decided
  // (DECISIONS §8), read before anything else of a creation runs, so that a
  // retry gets its original answer whatever changed since (a price gone, the
  // integration's terms): kReplayed with the stored response when the
  // fingerprints agree, kConflict when not; nothing when the key is free
  // (never used, or past retention). The creation's own transaction checks
  // the claim again, which is what settles concurrent first uses.
  virtual std::optional<CreateResult> FindClaimOutcome(const IdempotencyClaim& claim,
                                                       base::TimeMs now) = 0;

  // Links are made by domain::CreatePaymentLink (ManagementTx).
  virtual std::optional<PaymentLink> FindPaymentLink(const std::string& tenant_id,
                                                     const std::string& id) = 0;
  // Newest first.
  virtual std::vector<PaymentLink> ListPaymentLinks(const std::string& tenant_id) = 0;
  // The hosted pages know only the id in their URL.
  virtual std::optional<PaymentLink> FindPaymentLinkById(const std::string& id) = 0;
  // Adds views to links' counts in one transaction (domain/links/link_views.h);
  // a link that is gone meanwhile is skipped.
  virtual void AddPaymentLinkViews(
      const std::vector<std::pair<std::string, std::int64_t>>& views) = 0;

  // Forgets idempotency records past their retention, and retired watches past their end.
  virtual void PurgeExpired(base::TimeMs now) = 0;

  // --- Payment intents ----------------------------------------------------
  // What the response and the PAYMENT_CREATED event say about a new intent;
  // made once its exact amount is known.
  struct IntentCreated {
    StoredResponse response;
    Event event;
  };
  // What InsertIntent checks in its transaction. Key-less intents of one
  // integration that are CREATED and not expired at once, at most; 0: any number.
  struct IntentLimits {
    int max_open_keyless = 0;
  };
  // Reserves the fewest extra smallest units that make `intent.amount`
  // unique on its (chain, token, recipient) until the end of its late
  // window, and stores the intent with its event, in one transaction.
  // `intent.amount` comes in as the requested amount and goes out exact.
  // `claim.response` is ignored; `finish` makes it. A key-less intent beyond
  // `limits.max_open_keyless` stores nothing and is kLimitReached (a replay of
  // its claim still replays). Throws domain::Error(kInvalidRequest, param
  // "amount") when every amount from the requested one up to 2^256-1 is held.
  virtual CreateResult InsertIntent(
      PaymentIntent& intent, const IdempotencyClaim* claim, const IntentLimits& limits,
      const std::function<IntentCreated(const PaymentIntent&)>& finish, base::TimeMs now) = 0;
  // Makes `address` the intent's sender hint, from `source`, if the intent
  // still waits for payment at `now` (PaymentIntent::WaitsForPayment). The
  // intent as updated; nothing if there is no such intent or it no longer waits.
  virtual std::optional<PaymentIntent> SetSenderHint(const std::string& intent_id,
                                                     const std::string& address, HintSource source,
                                                     base::TimeMs now) = 0;
  // The payer's choice of chain and token for an asked intent (DECISIONS
  // §12), in one write transaction: `choose` makes the chosen intent from the
  // one stored; the previous choice's exact amount stops being held (reusable
  // once the clock skew has passed, like any lapsed amount: a transfer for it
  // already on its way is then recorded unmatched, never paid to another
  // intent) and the new requested amount gets its exact amount. Nothing when
  // there is no such intent or it no longer takes a choice: not asked, not
  // CREATED, something received, or expired at `now`.
  virtual std::optional<PaymentIntent> ChooseIntentOption(
      const std::string& intent_id,
      const std::function<PaymentIntent(const PaymentIntent&)>& choose, base::TimeMs now) = 0;
  // Asked intents never chosen whose expiresAt has passed at `now` (the wall
  // clock: no chain's clock applies to them) become EXPIRED, each with the
  // event `expired` makes of it, in one transaction; at most `limit` of them.
  // How many.
  virtual int ExpireUnchosenIntents(base::TimeMs now, int limit,
                                    const std::function<Event(const PaymentIntent&)>& expired) = 0;
  virtual std::optional<PaymentIntent> FindIntent(const std::string& tenant_id,
                                                  const std::string& id) = 0;
  virtual std::optional<PaymentIntent> FindIntentOfIntegration(const std::string& integration_id,
                                                               const std::string& id) = 0;
  // The hosted intent page knows only the id in its URL (unguessable, DECISIONS §2).
  virtual std::optional<PaymentIntent> FindIntentById(const std::string& id) = 0;
  // Newest first; up to `limit` from `offset`.
  virtual std::vector<PaymentIntent> ListIntents(const std::string& tenant_id,
                                                 std::optional<IntentStatus> status, int limit,
                                                 int offset) = 0;
  // The dashboard's table and CSV export: newest first, filtered (domain/intents/intent_query.h).
  virtual std::vector<PaymentIntent> QueryIntents(const std::string& tenant_id,
                                                  const IntentQuery& query) = 0;
  // The payments matched or attached to the intent, oldest first.
  virtual std::vector<Payment> PaymentsOfIntent(const std::string& tenant_id,
                                                const std::string& intent_id) = 0;
  // Transfers to a payout address that no intent took (and no reorg removed), newest first.
  virtual std::vector<Payment> UnmatchedPayments(const std::string& tenant_id, int limit) = 0;
  // The webhook deliveries of these events, in the order they were queued.
  virtual std::vector<WebhookDelivery> DeliveriesOfEvents(
      const std::string& tenant_id, const std::vector<std::string>& event_ids) = 0;
  // The events about `object_id` (EventObjectId: an intent's, a link's...), oldest first.
  virtual std::vector<Event> EventsAbout(const std::string& tenant_id, const std::string& object_id,
                                         int limit) = 0;
  virtual std::optional<Payment> FindPayment(const std::string& tenant_id,
                                             const std::string& id) = 0;
  virtual std::vector<Payment> ListPayments(const std::string& tenant_id,
                                            std::optional<PaymentStatus> status, int limit,
                                            int offset) = 0;

  // Calls `fn(true)` (on a thread of the store's) whenever any process
  // changed an intent (PostgreSQL: a trigger NOTIFYs at the commit; SQLite:
  // never, pages of other processes on one data directory re-read every few
  // seconds), and when announcements may have been missed (the feed
  // started or came back); `fn(false)` when announcements stop arriving (the
  // feed is lost) until it is back. Called once at start; an empty `fn` stops
  // the calls (before what `fn` uses goes).
  virtual void OnIntentsAnnounced(std::function<void(bool feed_live)> fn) { (void)fn; }
  // When payd sends email, where its links point: the events every write
  // records from then on queue their messages to the tenant's people
  // (domain/email/topics.h) in the same transaction. Null: none. `mailing`
  // outlives the store's use of it.
  virtual void SetMailing(const Mailing* mailing) = 0;
  // A chain problem (domain/email/chain_problem.h): the first call of an
  // episode records it and tells the people of every tenant with an
  // integration on the chain (topic chain_problem); later calls do nothing
  // until CloseChainAlert ends the episode.
  virtual void OpenChainAlert(std::int64_t chain_id, const std::string& chain_name,
                              const std::string& problem, base::TimeMs now) = 0;
  virtual void CloseChainAlert(std::int64_t chain_id) = 0;
  // `fn` runs after each write transaction that queued webhook deliveries
  // (or email) has committed, on the thread that wrote (it wakes the
  // dispatcher, whoever wrote: an API request, a page, the ledger, a loop).
  // Set at start; set to nullptr before what `fn` calls goes away.
  virtual void OnDeliveriesQueued(std::function<void()> fn) = 0;

  // --- Management and the audit log -----------------------------------------
  // Runs `fn` in one write transaction; commits when it returns normally.
  // Like WithLedger, `fn` may run more than once (PostgreSQL retries).
  virtual void WithManagement(const std::function<void(ManagementTx&)>& fn) = 0;
  // The tenant's audit log, newest first; up to `limit` from `offset`.
  virtual std::vector<AuditEntry> ListAuditLog(const std::string& tenant_id, int limit,
                                               int offset) = 0;
  // The tenant's dashboard users, oldest first.
  virtual std::vector<User> ListUsers(const std::string& tenant_id) = 0;
  virtual std::optional<User> FindUser(const std::string& tenant_id, const std::string& id) = 0;
  // Any tenant's user with this address (as CheckEmail makes it).
  virtual std::optional<User> FindUserByEmail(const std::string& email) = 0;
  // The session stored under `digest`, alive or not.
  virtual std::optional<Session> FindSession(const std::string& digest) = 0;
  // Records a request of the session at `now` (its idle time starts again).
  virtual void TouchSession(const std::string& digest, base::TimeMs now) = 0;
  // The user's TOTP factor, confirmed or not.
  virtual std::optional<SecondFactor> FindSecondFactor(const std::string& user_id) = 0;
  // The user's recovery codes not used yet.
  virtual int CountRecoveryCodes(const std::string& user_id) = 0;
  // Whether an owner requires two factors of everyone in the tenant.
  virtual bool TenantRequiresTwoFactor(const std::string& tenant_id) = 0;

  // --- Events and webhooks ------------------------------------------------
  // Every InsertEvent (here and in LedgerTx) also queues, in the same
  // transaction, a delivery to each of the tenant's enabled endpoints that
  // subscribe to the event's type; WEBHOOK_SENT events are never delivered.
  virtual void InsertEvent(const Event& event) = 0;
  // Newest first.
  virtual std::vector<Event> RecentEvents(const std::string& tenant_id, int limit) = 0;

  virtual void InsertWebhookEndpoint(const WebhookEndpoint& endpoint) = 0;
  virtual std::vector<WebhookEndpoint> ListWebhookEndpoints(const std::string& tenant_id) = 0;
  virtual std::optional<WebhookEndpoint> FindWebhookEndpoint(const std::string& id) = 0;

  // Newest first; only those to `endpoint_id` when given.
  virtual std::vector<WebhookDelivery> ListDeliveries(const std::string& tenant_id,
                                                      const std::optional<std::string>& endpoint_id,
                                                      int limit, int offset) = 0;
  virtual std::optional<WebhookDelivery> FindDelivery(const std::string& id) = 0;

  // One tenant's, for the dashboard's overview: intents by status (as
  // stored), webhook deliveries waiting (pending or retrying), and those
  // created since `failed_since` that failed (the whole history would grow
  // without end, and a merchant acts on recent failures).
  // And what a new account has set up yet (the overview's Get started).
  struct TenantCounts {
    std::vector<std::pair<std::string, std::int64_t>> intents_by_status;
    std::int64_t deliveries_waiting = 0;
    std::int64_t deliveries_failed = 0;
    bool has_integration = false;
    bool has_link_or_key = false;
    bool has_webhook_endpoint = false;
  };
  virtual TenantCounts CountTenant(const std::string& tenant_id, base::TimeMs failed_since) = 0;
  // The sum of the confirmed payments received on one UTC day in one token
  // (symbol and decimals: a USDC of 6 and one of 18 decimals are two rows).
  struct DailyReceived {
    std::string token_symbol;
    unsigned decimals = 0;
    std::int64_t day = 0;  // days since `since`
    Uint256 amount = 0;    // base units
  };
  // Summed by the database, never capped: every confirmed payment whose time
  // (its block's, else when payd recorded it) is at or after `since`, a
  // midnight UTC.
  virtual std::vector<DailyReceived> ReceivedPerDay(const std::string& tenant_id,
                                                    base::TimeMs since) = 0;
  // The price and rate of every PAID intent confirmed at or after `since`
  // that was asked in a currency (domain/money/reporting.h sums them).
  virtual std::vector<PricedPayment> PaidPricesSince(const std::string& tenant_id,
                                                     base::TimeMs since) = 0;
};

}  // namespace payd::domain
