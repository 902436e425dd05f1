// One store transaction of a management operation (domain/management/):
// the reads and writes of a change a merchant makes, its events, and its
// audit row, all or nothing. Implemented in store/sql/management.cpp for
// both stores; obtained with Store::WithManagement. Lookups are scoped by
// tenant: another tenant's object is not there.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "domain/access/api_key.h"
#include "domain/audit.h"
#include "domain/email/messages.h"
#include "domain/email/outbox.h"
#include "domain/integration.h"
#include "domain/intents/idempotency.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/links/payment_link.h"
#include "domain/payout_change.h"
#include "domain/people/session.h"
#include "domain/people/sign_in_link.h"
#include "domain/people/sign_in_throttle.h"
#include "domain/people/tenant.h"
#include "domain/people/two_factor.h"
#include "domain/people/user.h"
#include "domain/refunds/refund.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"

namespace payd::domain {

class ManagementTx {
 public:
  virtual ~ManagementTx() = default;

  virtual void Audit(const AuditEntry& entry) = 0;
  // Idempotency-Key claims of creations (Store::FindClaimOutcome's rule): the
  // earlier outcome when the key decided a request within retention; none
  // when it is free. RecordClaim binds it to the claim's response.
  virtual std::optional<CreateResult> CheckClaim(const IdempotencyClaim& claim,
                                                 base::TimeMs now) = 0;
  virtual void RecordClaim(const IdempotencyClaim& claim, base::TimeMs now) = 0;
  // Stores the event and queues its deliveries (Store::InsertEvent's rule),
  // or only the one to `only_endpoint` when given.
  virtual void InsertEvent(const Event& event,
                           const std::optional<std::string>& only_endpoint = std::nullopt) = 0;
  // Queues a message in the outbox (domain/email/outbox.h), sent once this commits.
  virtual void QueueEmail(const QueuedEmail& email) = 0;
  // Where links in messages point when payd sends email (Store::SetMailing); null when it does not.
  virtual const Mailing* mailing() = 0;
  // What the person chose to be emailed about: "on" or "off" by topic name.
  virtual std::map<std::string, std::string> EmailChoices(const std::string& user_id) = 0;
  virtual void SetEmailChoice(const std::string& user_id, std::string_view topic,
                              std::string_view choice, base::TimeMs now) = 0;
  // The person and topic of a message's one-click unsubscribe link, by its token's digest.
  struct UnsubscribeLink {
    std::string tenant_id;
    std::string user_id;
    std::string topic;
  };
  virtual std::optional<UnsubscribeLink> FindUnsubscribeLink(const std::string& digest) = 0;

  // --- Payments and intents (the merchant's decisions, DECISIONS §5) -----------
  // The ledger's reads and writes in this same transaction (domain/ledger/ledger.h's
  // AttachPayment and MatchFromTrustedSender run on it).
  virtual LedgerTx& Ledger() = 0;
  virtual std::optional<Payment> FindPayment(const std::string& tenant_id,
                                             const std::string& id) = 0;
  // Writes the intent's sender hint and where it came from.
  virtual void SetSenderHint(const PaymentIntent& intent) = 0;
  // Writes the merchant's resolution: its status, confirmedAt and resolution.
  virtual void ResolveIntent(const PaymentIntent& intent) = 0;
  // Writes the cancel (status, statusAtExpiry, canceledAt, expiresAt and the
  // late window's end) of an intent still CREATED on `chain_id` with nothing
  // received, and makes its exact amount's reservation end with that window;
  // a row that changed meanwhile runs the transaction again.
  virtual void CancelIntent(const PaymentIntent& intent, std::int64_t chain_id) = 0;

  // --- Refunds (domain/management/refunds.h) ----------------------------------
  virtual std::optional<Refund> FindRefund(const std::string& tenant_id, const std::string& id) = 0;
  virtual std::optional<Refund> FindRefundByPage(const std::string& digest) = 0;
  // Every refund of the payment, canceled ones too, oldest first.
  virtual std::vector<Refund> RefundsOfPayment(const std::string& tenant_id,
                                               const std::string& payment_id) = 0;
  virtual void InsertRefund(const Refund& refund) = 0;
  // --- Payouts (domain/management/payouts.h) -----------------------------------
  // With its lines.
  virtual std::optional<Payout> FindPayout(const std::string& tenant_id, const std::string& id) = 0;
  // The payout and each of its lines.
  virtual void InsertPayout(const Payout& payout) = 0;

  // --- Integrations ----------------------------------------------------------
  virtual std::optional<Integration> FindIntegration(const std::string& tenant_id,
                                                     const std::string& id) = 0;
  virtual void InsertIntegration(const Integration& integration) = 0;
  // Writes every field but id, tenant and creation time.
  virtual void UpdateIntegration(const Integration& integration) = 0;
  // The integration's terms as they are (its payout address, chains and
  // tokens) stay watched (Store::WatchedAddresses) until the last of its
  // intents created so far is past its late window; nothing if none is open.
  virtual void KeepWatching(const Integration& integration, base::TimeMs now) = 0;
  // Payout address changes that wait (domain/payout_change.h).
  virtual void InsertPayoutChange(const PayoutChange& change) = 0;
  virtual std::optional<PayoutChange> FindWaitingPayoutChange(
      const std::string& tenant_id, const std::string& integration_id) = 0;
  // Any tenant's waiting changes due at `now`, soonest first, up to `limit`.
  virtual std::vector<PayoutChange> DuePayoutChanges(base::TimeMs now, int limit) = 0;
  // Writes how `change` ended (closed_at, closed_by, outcome) if it still
  // waits; false when a transaction running at the same time closed it first.
  virtual bool ClosePayoutChange(const PayoutChange& change) = 0;

  // --- API keys ------------------------------------------------------------------
  virtual std::optional<ApiKey> FindApiKey(const std::string& tenant_id, const std::string& id) = 0;
  // Every key of the tenant that `maker` (an Actor id) made, ended or not.
  virtual std::vector<ApiKey> ListApiKeysMadeBy(const std::string& tenant_id,
                                                const std::string& maker) = 0;
  virtual void InsertApiKey(const ApiKey& key) = 0;
  // Writes the key's revokedAt and expiresAt: when it stops working.
  virtual void EndApiKey(const ApiKey& key) = 0;

  // --- Payment links -----------------------------------------------------------
  virtual std::optional<PaymentLink> FindPaymentLink(const std::string& tenant_id,
                                                     const std::string& id) = 0;
  virtual void InsertPaymentLink(const PaymentLink& link) = 0;
  // Writes its terms and status (not its counts).
  virtual void UpdatePaymentLink(const PaymentLink& link) = 0;

  // --- People (the dashboard's users) -------------------------------------------
  virtual std::optional<User> FindUser(const std::string& tenant_id, const std::string& id) = 0;
  // Holds the tenant's people until the transaction ends: a change that
  // counts owners first (the last one stays) cannot interleave with another
  // (PostgreSQL: the tenant's row locked; SQLite's write lock already holds).
  virtual void LockPeople(const std::string& tenant_id) = 0;
  // Any tenant's: an address is one person everywhere.
  virtual std::optional<User> FindUserByEmail(const std::string& email) = 0;
  virtual void InsertUser(const User& user) = 0;
  // Writes its name, role, password hash and disabledAt.
  virtual void UpdateUser(const User& user) = 0;
  // The tenant's owners who are not disabled.
  virtual int CountActiveOwners(const std::string& tenant_id) = 0;

  // --- Sessions, sign-in links and the sign-in throttle ------------------------
  virtual void InsertSession(const Session& session) = 0;
  virtual void DeleteSession(const std::string& digest) = 0;
  // Every session of the user: signed out everywhere.
  virtual void DeleteUserSessions(const std::string& user_id) = 0;
  // Every session of the user but the one of `keep_digest`: signed out elsewhere.
  virtual void DeleteOtherUserSessions(const std::string& user_id,
                                       const std::string& keep_digest) = 0;
  // A browser `user_id` signed in from before (its cookie token's digest).
  virtual bool IsKnownBrowser(const std::string& digest, const std::string& user_id) = 0;
  virtual void RememberBrowser(const std::string& digest, const std::string& user_id,
                               base::TimeMs now) = 0;
  virtual std::optional<SignInLink> FindSignInLink(const std::string& digest) = 0;
  virtual void InsertSignInLink(const SignInLink& link) = 0;
  // Marks the link used at `now` if it is still unused and unexpired; false
  // when another transaction used it first (one conditional update: of two
  // redemptions at once on PostgreSQL, exactly one gets true).
  virtual bool UseSignInLink(const std::string& digest, base::TimeMs now) = 0;
  // The user's links not yet used end now (a newer one replaces them).
  virtual void EndSignInLinks(const std::string& user_id, base::TimeMs now) = 0;
  // The count under `key`, its row held until the transaction ends (PostgreSQL:
  // made if missing, then locked), so that what is read is what is written over.
  virtual ThrottleState ReadThrottle(const std::string& key) = 0;
  virtual void SaveThrottle(const std::string& key, const ThrottleState& state) = 0;
  virtual void ClearThrottle(const std::string& key) = 0;

  // --- Second factors and the tenant's two-factor rule -------------------------
  virtual std::optional<SecondFactor> FindSecondFactor(const std::string& user_id) = 0;
  virtual void SaveSecondFactor(const SecondFactor& factor) = 0;
  // Turns on the factor being set up (its secret unchanged, not yet on) with
  // the step its first code matched; false when that is no longer so.
  virtual bool EnableSecondFactor(const SecondFactor& factor) = 0;
  // Records that a code of `step` was accepted, if no code of that step or a
  // later one was: false for a code used already, even by a transaction
  // running at the same time (one conditional update).
  virtual bool UseTotpStep(const std::string& user_id, std::int64_t step) = 0;
  // The factor and its recovery codes.
  virtual void DeleteSecondFactor(const std::string& user_id) = 0;
  virtual void ReplaceRecoveryCodes(const std::string& user_id,
                                    const std::vector<std::string>& digests, base::TimeMs now) = 0;
  // True when the code was there and unused; it is used from now on.
  virtual bool UseRecoveryCode(const std::string& user_id, const std::string& digest,
                               base::TimeMs now) = 0;
  virtual bool TenantRequiresTwoFactor(const std::string& tenant_id) = 0;
  virtual void SetTenantRequiresTwoFactor(const std::string& tenant_id, bool required,
                                          base::TimeMs now) = 0;
  // "USD" unless set (issue 36 item 5).
  virtual std::string TenantReportingCurrency(const std::string& tenant_id) = 0;
  virtual void SetTenantReportingCurrency(const std::string& tenant_id,
                                          const std::string& currency) = 0;

  // --- Webhook endpoints and secrets ---------------------------------------
  virtual std::optional<WebhookEndpoint> FindWebhookEndpoint(const std::string& tenant_id,
                                                             const std::string& id) = 0;
  virtual void InsertWebhookEndpoint(const WebhookEndpoint& endpoint) = 0;
  // Writes every field but id, tenant and creation time.
  virtual void UpdateWebhookEndpoint(const WebhookEndpoint& endpoint) = 0;
  virtual void DeleteWebhookEndpoint(const std::string& id) = 0;
  // A closed endpoint gets nothing: its deliveries not yet made fail with
  // `why`; one in flight at `now` ends as its attempt goes.
  virtual void FailOpenDeliveries(const std::string& endpoint_id, const std::string& why,
                                  base::TimeMs now) = 0;
  virtual std::optional<WebhookDelivery> FindDelivery(const std::string& tenant_id,
                                                      const std::string& id) = 0;
  // Queues `delivery` (a new one, PENDING).
  virtual void InsertDelivery(const WebhookDelivery& delivery) = 0;
  // Makes `secret` the tenant's current one; the previous current one stays
  // valid until `previous_expires_at`.
  virtual void RotateWebhookSecret(const WebhookSecret& secret,
                                   base::TimeMs previous_expires_at) = 0;
};

}  // namespace payd::domain
