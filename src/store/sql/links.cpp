// Payment links and the idempotency claims that guard their creation.
#include "base/crypto.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kFindClaim =
    "SELECT fingerprint, status, body, created_at FROM idempotency_keys "
    "WHERE scope = ? AND key = ?";

// A stored claim (a row of kFindClaim) within retention decides the request:
// the same fingerprint replays the stored response, another is a conflict.
domain::CreateResult DecidedBy(Query& q, const domain::IdempotencyClaim& claim) {
  domain::CreateResult result;
  result.outcome = base::ConstantTimeEquals(q.Blob(0), claim.fingerprint)
                       ? domain::CreateOutcome::kReplayed
                       : domain::CreateOutcome::kConflict;
  result.response = {static_cast<int>(q.Int(1)), q.Text(2)};
  return result;
}

bool Retained(Query& q, base::TimeMs now) {
  return q.Int(3) + domain::kIdempotencyRetentionMs > now;
}

}  // namespace

std::optional<domain::CreateResult> SqlStore::FindClaimOutcome(
    const domain::IdempotencyClaim& claim, base::TimeMs now) {
  return Read([&](Connection& c) -> std::optional<domain::CreateResult> {
    auto q = c.Prepare(kFindClaim);
    q.Bind(1, claim.scope).Bind(2, claim.key);
    if (!q.Step() || !Retained(q, now)) return std::nullopt;
    return DecidedBy(q, claim);
  });
}

std::optional<domain::CreateResult> SqlStore::CheckClaim(Connection& c,
                                                         const domain::IdempotencyClaim& claim,
                                                         base::TimeMs now) {
  auto q = c.Prepare(kFindClaim);
  q.Bind(1, claim.scope).Bind(2, claim.key);
  if (!q.Step()) return std::nullopt;
  if (!Retained(q, now)) {
    // Past retention the key is free again; the old record goes.
    q.Run();
    c.Prepare("DELETE FROM idempotency_keys WHERE scope = ? AND key = ?")
        .Bind(1, claim.scope)
        .Bind(2, claim.key)
        .Run();
    return std::nullopt;
  }
  return DecidedBy(q, claim);
}

void SqlStore::RecordClaim(Connection& c, const domain::IdempotencyClaim& claim, base::TimeMs now) {
  c.Prepare(
       "INSERT INTO idempotency_keys(scope, key, fingerprint, status, body, created_at) "
       "VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, claim.scope)
      .Bind(2, claim.key)
      .BindBlob(3, claim.fingerprint)
      .Bind(4, claim.response.status)
      .Bind(5, claim.response.body)
      .Bind(6, now)
      .Run();
}

void InsertPaymentLinkRow(Connection& c, const domain::PaymentLink& l) {
  static const std::string sql = "INSERT INTO payment_links(" + std::string(kPaymentLinkColumns) +
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, l.id)
      .Bind(2, l.tenant_id)
      .Bind(3, l.integration_id)
      .Bind(4, l.type)
      .Bind(5, l.name)
      .Bind(6, l.amount)
      .Bind(7, l.denomination_type)
      .Bind(8, l.currency)
      .Bind(9, l.return_url)
      .Bind(10, l.description)
      .Bind(11, l.allow_custom_amount)
      .Bind(12, l.min_amount)
      .Bind(13, l.status)
      .Bind(14, static_cast<std::int64_t>(l.views))
      .Bind(15, static_cast<std::int64_t>(l.payments))
      .Bind(16, l.created_at)
      .Run();
}

std::optional<domain::PaymentLink> SqlStore::FindPaymentLink(const std::string& tenant_id,
                                                             const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::PaymentLink> {
    static const std::string sql = "SELECT " + std::string(kPaymentLinkColumns) +
                                   " FROM payment_links WHERE id = ? AND tenant_id = ?";
    auto q = c.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadPaymentLink(q);
  });
}

std::optional<domain::PaymentLink> SqlStore::FindPaymentLinkById(const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::PaymentLink> {
    static const std::string sql =
        "SELECT " + std::string(kPaymentLinkColumns) + " FROM payment_links WHERE id = ?";
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadPaymentLink(q);
  });
}

void SqlStore::AddPaymentLinkViews(const std::vector<std::pair<std::string, std::int64_t>>& views) {
  if (views.empty()) return;
  Write([&](Connection& c) {
    for (const auto& [id, count] : views) {
      c.Prepare("UPDATE payment_links SET views = views + ? WHERE id = ?")
          .Bind(1, count)
          .Bind(2, id)
          .Run();
    }
    return true;
  });
}

std::vector<domain::PaymentLink> SqlStore::ListPaymentLinks(const std::string& tenant_id) {
  return Read([&](Connection& c) {
    static const std::string sql = "SELECT " + std::string(kPaymentLinkColumns) +
                                   " FROM payment_links WHERE tenant_id = ? "
                                   "ORDER BY created_at DESC, rowid DESC";
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id);
    std::vector<domain::PaymentLink> out;
    while (q.Step()) out.push_back(ReadPaymentLink(q));
    return out;
  });
}

}  // namespace payd::store::sql
