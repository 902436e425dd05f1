// The management transaction (domain/management_tx.h) and the audit log.
#include "domain/management_tx.h"
#include "store/sql/email_rows.h"
#include "store/sql/payout_change_rows.h"
#include "store/sql/payout_rows.h"
#include "store/sql/refund_rows.h"
#include "store/sql/rows.h"
#include "store/sql/second_factor_rows.h"
#include "store/sql/session_rows.h"
#include "store/sql/sql_store.h"
#include "store/sql/user_rows.h"
#include "store/sql/webhook_rows.h"

namespace payd::store::sql {

namespace {

constexpr const char* kAuditColumns =
    "id, tenant_id, actor, action, object_id, before, after, created_at";

class SqlManagementTx final : public domain::ManagementTx {
 public:
  explicit SqlManagementTx(Connection& c) : c_(c), ledger_(NewLedgerTx(c)) {}

  domain::LedgerTx& Ledger() override { return *ledger_; }
  std::optional<domain::Payment> FindPayment(const std::string& tenant_id,
                                             const std::string& id) override {
    static const std::string sql =
        "SELECT " + std::string(kPaymentColumns) + " FROM payments WHERE id = ? AND tenant_id = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadPayment(q);
  }
  std::optional<domain::Refund> FindRefund(const std::string& tenant_id,
                                           const std::string& id) override {
    return RefundRow(c_, tenant_id, id);
  }
  std::optional<domain::Refund> FindRefundByPage(const std::string& digest) override {
    return RefundRowByPage(c_, digest);
  }
  std::vector<domain::Refund> RefundsOfPayment(const std::string& tenant_id,
                                               const std::string& payment_id) override {
    return RefundRowsOfPayment(c_, tenant_id, payment_id);
  }
  void InsertRefund(const domain::Refund& refund) override { InsertRefundRow(c_, refund); }
  std::optional<domain::Payout> FindPayout(const std::string& tenant_id,
                                           const std::string& id) override {
    if (tenant_id.empty()) return std::nullopt;
    return PayoutRow(c_, tenant_id, id);
  }
  void InsertPayout(const domain::Payout& payout) override { InsertPayoutRow(c_, payout); }
  void SetSenderHint(const domain::PaymentIntent& i) override {
    c_.Prepare("UPDATE payment_intents SET sender_hint = ?, sender_hint_source = ? WHERE id = ?")
        .Bind(1, i.sender_hint)
        .Bind(2, std::string(domain::HintSourceName(i.sender_hint_source)))
        .Bind(3, i.id)
        .Run();
  }
  void ResolveIntent(const domain::PaymentIntent& i) override {
    c_.Prepare(
          "UPDATE payment_intents SET status = ?, confirmed_at = ?, resolution = ? WHERE id = ?")
        .Bind(1, std::string(domain::IntentStatusName(i.status)))
        .Bind(2, i.confirmed_at)
        .Bind(3, i.resolution ? std::optional<std::string>(ResolutionToJson(*i.resolution))
                              : std::nullopt)
        .Bind(4, i.id)
        .Run();
  }

  void CancelIntent(const domain::PaymentIntent& i, std::int64_t chain_id) override {
    c_.Prepare(
          "UPDATE payment_intents SET status = ?, status_at_expiry = ?, canceled_at = ?, "
          "expires_at = ?, late_until = ? WHERE id = ? AND status = 'CREATED' AND received = '0' "
          "AND chain_id = ?")
        .Bind(1, std::string(domain::IntentStatusName(i.status)))
        .Bind(2, std::string(domain::IntentStatusName(domain::IntentStatus::kExpired)))
        .Bind(3, i.canceled_at)
        .Bind(4, i.expires_at)
        .Bind(5, i.late_until())
        .Bind(6, i.id)
        .Bind(7, chain_id)
        .Run();
    // A payer's choice or a ledger pass in another process got there first.
    if (c_.Changes() != 1) throw Conflict("the intent changed while it was being canceled");
    if (!i.IsChosen()) return;
    // Reserved as for an expiry: until the late window's end, from now.
    c_.Prepare(
          "UPDATE amount_reservations SET reserved_until = ? WHERE chain_id = ? AND token_key = ? "
          "AND recipient = ? AND amount = ? AND intent_id = ?")
        .Bind(1, i.late_until())
        .Bind(2, i.chain_id)
        .Bind(3, i.TokenKey())
        .Bind(4, i.recipient)
        .Bind(5, AmountKey(i.amount))
        .Bind(6, i.id)
        .Run();
  }

  std::optional<domain::CreateResult> CheckClaim(const domain::IdempotencyClaim& claim,
                                                 base::TimeMs now) override {
    return SqlStore::CheckClaim(c_, claim, now);
  }
  void RecordClaim(const domain::IdempotencyClaim& claim, base::TimeMs now) override {
    SqlStore::RecordClaim(c_, claim, now);
  }

  void Audit(const domain::AuditEntry& a) override {
    static const std::string sql =
        "INSERT INTO audit_log(" + std::string(kAuditColumns) + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    c_.Prepare(sql)
        .Bind(1, a.id)
        .Bind(2, a.tenant_id)
        .Bind(3, a.actor)
        .Bind(4, a.action)
        .Bind(5, a.object_id)
        .Bind(6, a.before_json)
        .Bind(7, a.after_json)
        .Bind(8, a.created_at)
        .Run();
  }

  void InsertEvent(const domain::Event& event,
                   const std::optional<std::string>& only_endpoint) override {
    InsertEventRow(c_, event, only_endpoint);
  }
  void QueueEmail(const domain::QueuedEmail& email) override {
    SqlStore::InsertEmailRow(c_, email);
  }
  const domain::Mailing* mailing() override { return c_.mailing; }
  std::map<std::string, std::string> EmailChoices(const std::string& user_id) override {
    return EmailChoicesOf(c_, user_id);
  }
  void SetEmailChoice(const std::string& user_id, std::string_view topic, std::string_view choice,
                      base::TimeMs now) override {
    SaveEmailChoice(c_, user_id, topic, choice, now);
  }
  std::optional<UnsubscribeLink> FindUnsubscribeLink(const std::string& digest) override {
    auto row = UnsubscribeLinkByDigest(c_, digest);
    if (!row) return std::nullopt;
    return UnsubscribeLink{row->tenant_id, row->user_id, row->topic};
  }

  std::optional<domain::Integration> FindIntegration(const std::string& tenant_id,
                                                     const std::string& id) override {
    static const std::string sql = "SELECT " + std::string(kIntegrationColumns) +
                                   " FROM integrations WHERE id = ? AND tenant_id = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadIntegration(q);
  }
  void InsertIntegration(const domain::Integration& integration) override {
    InsertIntegrationRow(c_, integration);
  }
  void UpdateIntegration(const domain::Integration& integration) override {
    UpdateIntegrationRow(c_, integration);
  }
  void KeepWatching(const domain::Integration& i, base::TimeMs now) override {
    auto q = c_.Prepare("SELECT max(late_until) FROM payment_intents WHERE integration_id = ?");
    q.Bind(1, i.id);
    if (!q.Step() || q.IsNull(0) || q.Int(0) <= now) return;
    base::TimeMs until = q.Int(0);
    q.Run();
    c_.Prepare(
          "INSERT INTO retired_watches(integration_id, tenant_id, payout_address, allow_chains, "
          "allow_tokens, watch_until) VALUES (?, ?, ?, ?, ?, ?)")
        .Bind(1, i.id)
        .Bind(2, i.tenant_id)
        .Bind(3, i.payout_address)
        .Bind(4, ToJsonArray(i.allow_chains))
        .Bind(5, ToJsonArray(i.allow_tokens))
        .Bind(6, until)
        .Run();
  }
  void InsertPayoutChange(const domain::PayoutChange& change) override {
    InsertPayoutChangeRow(c_, change);
  }
  std::optional<domain::PayoutChange> FindWaitingPayoutChange(
      const std::string& tenant_id, const std::string& integration_id) override {
    return WaitingPayoutChangeRow(c_, tenant_id, integration_id);
  }
  std::vector<domain::PayoutChange> DuePayoutChanges(base::TimeMs now, int limit) override {
    return DuePayoutChangeRows(c_, now, limit);
  }
  bool ClosePayoutChange(const domain::PayoutChange& change) override {
    return ClosePayoutChangeRow(c_, change);
  }

  std::optional<domain::ApiKey> FindApiKey(const std::string& tenant_id,
                                           const std::string& id) override {
    static const std::string sql =
        "SELECT " + std::string(kApiKeyColumns) + " FROM api_keys WHERE id = ? AND tenant_id = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadApiKey(q);
  }
  std::vector<domain::ApiKey> ListApiKeysMadeBy(const std::string& tenant_id,
                                                const std::string& maker) override {
    static const std::string sql = "SELECT " + std::string(kApiKeyColumns) +
                                   " FROM api_keys WHERE tenant_id = ? AND created_by = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, maker);
    std::vector<domain::ApiKey> out;
    while (q.Step()) out.push_back(ReadApiKey(q));
    return out;
  }
  void InsertApiKey(const domain::ApiKey& key) override { InsertApiKeyRow(c_, key); }
  void EndApiKey(const domain::ApiKey& key) override {
    c_.Prepare("UPDATE api_keys SET revoked_at = ?, expires_at = ? WHERE id = ?")
        .Bind(1, key.revoked_at)
        .Bind(2, key.expires_at)
        .Bind(3, key.id)
        .Run();
  }

  std::optional<domain::PaymentLink> FindPaymentLink(const std::string& tenant_id,
                                                     const std::string& id) override {
    static const std::string sql = "SELECT " + std::string(kPaymentLinkColumns) +
                                   " FROM payment_links WHERE id = ? AND tenant_id = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadPaymentLink(q);
  }
  void InsertPaymentLink(const domain::PaymentLink& link) override {
    InsertPaymentLinkRow(c_, link);
  }
  void UpdatePaymentLink(const domain::PaymentLink& l) override {
    c_.Prepare(
          "UPDATE payment_links SET name = ?, amount = ?, denomination_type = ?, currency = ?, "
          "return_url = ?, description = ?, allow_custom_amount = ?, min_amount = ?, status = ? "
          "WHERE id = ?")
        .Bind(1, l.name)
        .Bind(2, l.amount)
        .Bind(3, l.denomination_type)
        .Bind(4, l.currency)
        .Bind(5, l.return_url)
        .Bind(6, l.description)
        .Bind(7, l.allow_custom_amount)
        .Bind(8, l.min_amount)
        .Bind(9, l.status)
        .Bind(10, l.id)
        .Run();
  }

  std::optional<domain::User> FindUser(const std::string& tenant_id,
                                       const std::string& id) override {
    return UserById(c_, tenant_id, id);
  }
  std::optional<domain::User> FindUserByEmail(const std::string& email) override {
    return UserByEmail(c_, email);
  }
  void InsertUser(const domain::User& user) override { InsertUserRow(c_, user); }
  void UpdateUser(const domain::User& user) override { UpdateUserRow(c_, user); }
  void LockPeople(const std::string& tenant_id) override { LockTenantPeople(c_, tenant_id); }
  int CountActiveOwners(const std::string& tenant_id) override {
    return sql::CountActiveOwners(c_, tenant_id);
  }

  void InsertSession(const domain::Session& session) override { InsertSessionRow(c_, session); }
  void DeleteSession(const std::string& digest) override { DeleteSessionRow(c_, digest); }
  void DeleteUserSessions(const std::string& user_id) override {
    DeleteUserSessionRows(c_, user_id);
  }
  void DeleteOtherUserSessions(const std::string& user_id,
                               const std::string& keep_digest) override {
    DeleteOtherUserSessionRows(c_, user_id, keep_digest);
  }
  std::optional<domain::SignInLink> FindSignInLink(const std::string& digest) override {
    return LinkByDigest(c_, digest);
  }
  void InsertSignInLink(const domain::SignInLink& link) override { InsertLinkRow(c_, link); }
  bool IsKnownBrowser(const std::string& digest, const std::string& user_id) override {
    return KnownBrowserRow(c_, digest, user_id);
  }
  void RememberBrowser(const std::string& digest, const std::string& user_id,
                       base::TimeMs now) override {
    RememberBrowserRow(c_, digest, user_id, now);
  }
  bool UseSignInLink(const std::string& digest, base::TimeMs now) override {
    return UseLinkRow(c_, digest, now);
  }
  void EndSignInLinks(const std::string& user_id, base::TimeMs now) override {
    EndUserLinkRows(c_, user_id, now);
  }
  domain::ThrottleState ReadThrottle(const std::string& key) override {
    return ThrottleRow(c_, key);
  }
  void SaveThrottle(const std::string& key, const domain::ThrottleState& state) override {
    SaveThrottleRow(c_, key, state);
  }
  void ClearThrottle(const std::string& key) override { ClearThrottleRow(c_, key); }

  std::optional<domain::SecondFactor> FindSecondFactor(const std::string& user_id) override {
    return SecondFactorOf(c_, user_id);
  }
  void SaveSecondFactor(const domain::SecondFactor& factor) override {
    SaveSecondFactorRow(c_, factor);
  }
  bool EnableSecondFactor(const domain::SecondFactor& factor) override {
    return EnableSecondFactorRow(c_, factor);
  }
  bool UseTotpStep(const std::string& user_id, std::int64_t step) override {
    return UseTotpStepRow(c_, user_id, step);
  }
  void DeleteSecondFactor(const std::string& user_id) override {
    DeleteSecondFactorRows(c_, user_id);
  }
  void ReplaceRecoveryCodes(const std::string& user_id, const std::vector<std::string>& digests,
                            base::TimeMs now) override {
    ReplaceRecoveryCodeRows(c_, user_id, digests, now);
  }
  bool UseRecoveryCode(const std::string& user_id, const std::string& digest,
                       base::TimeMs now) override {
    return UseRecoveryCodeRow(c_, user_id, digest, now);
  }
  bool TenantRequiresTwoFactor(const std::string& tenant_id) override {
    return RequiresTwoFactor(c_, tenant_id);
  }
  void SetTenantRequiresTwoFactor(const std::string& tenant_id, bool required,
                                  base::TimeMs now) override {
    SaveTwoFactorRule(c_, tenant_id, required, now);
  }
  std::string TenantReportingCurrency(const std::string& tenant_id) override {
    auto tenant = TenantById(c_, tenant_id);
    return tenant ? tenant->reporting_currency : "USD";
  }
  void SetTenantReportingCurrency(const std::string& tenant_id,
                                  const std::string& currency) override {
    c_.Prepare("UPDATE tenants SET reporting_currency = ? WHERE id = ?")
        .Bind(1, currency)
        .Bind(2, tenant_id)
        .Run();
  }

  std::optional<domain::WebhookEndpoint> FindWebhookEndpoint(const std::string& tenant_id,
                                                             const std::string& id) override {
    if (tenant_id.empty()) return std::nullopt;
    return EndpointById(c_, tenant_id, id);
  }
  void InsertWebhookEndpoint(const domain::WebhookEndpoint& endpoint) override {
    InsertEndpointRow(c_, endpoint);
  }
  void UpdateWebhookEndpoint(const domain::WebhookEndpoint& endpoint) override {
    UpdateEndpointRow(c_, endpoint);
  }
  void DeleteWebhookEndpoint(const std::string& id) override {
    c_.Prepare("DELETE FROM webhook_endpoints WHERE id = ?").Bind(1, id).Run();
  }
  void FailOpenDeliveries(const std::string& endpoint_id, const std::string& why,
                          base::TimeMs now) override {
    sql::FailOpenDeliveries(c_, endpoint_id, why, now);
  }
  std::optional<domain::WebhookDelivery> FindDelivery(const std::string& tenant_id,
                                                      const std::string& id) override {
    static const std::string sql = "SELECT " + std::string(kDeliveryColumns) +
                                   " FROM webhook_deliveries WHERE id = ? AND tenant_id = ?";
    auto q = c_.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadDelivery(q);
  }
  void InsertDelivery(const domain::WebhookDelivery& delivery) override {
    InsertDeliveryRow(c_, delivery);
  }
  void RotateWebhookSecret(const domain::WebhookSecret& secret,
                           base::TimeMs previous_expires_at) override {
    RotateSecretRows(c_, secret, previous_expires_at);
  }

 private:
  Connection& c_;
  std::unique_ptr<domain::LedgerTx> ledger_;
};

}  // namespace

void SqlStore::WithManagement(const std::function<void(domain::ManagementTx&)>& fn) {
  Write([&](Connection& c) {
    SqlManagementTx tx(c);
    fn(tx);
  });
}

std::vector<domain::AuditEntry> SqlStore::ListAuditLog(const std::string& tenant_id, int limit,
                                                       int offset) {
  return Read([&](Connection& c) {
    static const std::string sql = "SELECT " + std::string(kAuditColumns) +
                                   " FROM audit_log WHERE tenant_id = ? "
                                   "ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?";
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, limit).Bind(3, offset);
    std::vector<domain::AuditEntry> out;
    while (q.Step()) {
      out.push_back({q.Text(0), q.Text(1), q.Text(2), q.Text(3), q.Text(4), q.OptText(5),
                     q.OptText(6), q.Int(7)});
    }
    return out;
  });
}

}  // namespace payd::store::sql
