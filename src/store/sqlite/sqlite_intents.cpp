// Payment intents (with their exact-amount reservations) and payments.
#include "domain/error.h"
#include "store/sqlite/rows.h"
#include "store/sqlite/sqlite_store.h"

namespace payd::store::sqlite {

namespace {

const std::string& InsertIntentSql() {
  static const std::string sql =
      "INSERT INTO payment_intents(" + std::string(kIntentColumns) +
      ", token_key, late_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
      "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  return sql;
}

// Picks the smallest amount >= the requested one that no live reservation
// holds (walking the taken amounts in order until the first gap), and
// reserves it for the intent.
domain::Uint256 ReserveExactAmount(Connection& c, const domain::PaymentIntent& intent,
                                   base::TimeMs now) {
  domain::Uint256 amount = intent.requested_amount;
  {
    auto q = c.Prepare(
        "SELECT amount, reserved_until FROM amount_reservations "
        "WHERE chain_id = ? AND token_key = ? AND recipient = ? AND amount >= ? ORDER BY amount");
    q.Bind(1, intent.chain_id)
        .Bind(2, intent.TokenKey())
        .Bind(3, intent.recipient)
        .Bind(4, AmountKey(amount));
    while (q.Step()) {
      if (q.Text(0) != AmountKey(amount) || q.Int(1) <= now)
        break;  // a gap, or a lapsed reservation
      // 2^256-1 is taken: no larger exact amount exists (Uint256 would throw).
      if (amount == ~domain::Uint256(0)) {
        domain::ThrowInvalid(
            intent.amount_usd ? "amount_usd" : "amount",
            "No unique exact amount is left at or above this amount; ask for less.");
      }
      amount += 1;
    }
  }  // the scan ends before the reservation is written
  c.Prepare(
       "INSERT OR REPLACE INTO amount_reservations(chain_id, token_key, recipient, amount, "
       "intent_id, "
       "reserved_until) VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, intent.chain_id)
      .Bind(2, intent.TokenKey())
      .Bind(3, intent.recipient)
      .Bind(4, AmountKey(amount))
      .Bind(5, intent.id)
      .Bind(6, intent.late_until())
      .Run();
  return amount;
}

}  // namespace

domain::CreateResult SqliteStore::InsertIntent(
    domain::PaymentIntent& intent, const domain::IdempotencyClaim* claim,
    const std::function<IntentCreated(const domain::PaymentIntent&)>& finish, base::TimeMs now) {
  return Write([&](Connection& c) {
    if (claim) {
      if (auto decided = CheckClaim(c, *claim, now)) return *decided;
    }
    intent.amount = ReserveExactAmount(c, intent, now);
    auto q = c.Prepare(InsertIntentSql());
    BindIntent(q, intent);
    q.Bind(25, intent.TokenKey()).Bind(26, intent.late_until()).Run();
    IntentCreated created = finish(intent);
    InsertEventRow(c, created.event);
    if (claim) {
      domain::IdempotencyClaim recorded = *claim;
      recorded.response = created.response;
      RecordClaim(c, recorded, now);
    }
    return domain::CreateResult{domain::CreateOutcome::kCreated, created.response};
  });
}

std::optional<domain::PaymentIntent> SqliteStore::FindIntent(const std::string& tenant_id,
                                                             const std::string& id) {
  auto intent = FindIntentById(id);
  if (intent && intent->tenant_id != tenant_id) return std::nullopt;
  return intent;
}

std::optional<domain::PaymentIntent> SqliteStore::FindIntentOfIntegration(
    const std::string& integration_id, const std::string& id) {
  auto intent = FindIntentById(id);
  if (intent && intent->integration_id != integration_id) return std::nullopt;
  return intent;
}

std::optional<domain::PaymentIntent> SqliteStore::FindIntentById(const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::PaymentIntent> {
    static const std::string sql =
        "SELECT " + std::string(kIntentColumns) + " FROM payment_intents WHERE id = ?";
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadIntent(q);
  });
}

std::vector<domain::PaymentIntent> SqliteStore::ListIntents(
    const std::string& tenant_id, std::optional<domain::IntentStatus> status, int limit,
    int offset) {
  return Read([&](Connection& c) {
    static const std::string all = "SELECT " + std::string(kIntentColumns) +
                                   " FROM payment_intents WHERE tenant_id = ?1 "
                                   "ORDER BY created_at DESC, rowid DESC LIMIT ?2 OFFSET ?3";
    static const std::string filtered =
        "SELECT " + std::string(kIntentColumns) +
        " FROM payment_intents WHERE tenant_id = ?1 AND status = ?4 "
        "ORDER BY created_at DESC, rowid DESC LIMIT ?2 OFFSET ?3";
    auto q = c.Prepare(status ? filtered : all);
    q.Bind(1, tenant_id).Bind(2, limit).Bind(3, offset);
    if (status) q.Bind(4, std::string(domain::IntentStatusName(*status)));
    std::vector<domain::PaymentIntent> out;
    while (q.Step()) out.push_back(ReadIntent(q));
    return out;
  });
}

std::optional<domain::Payment> SqliteStore::FindPayment(const std::string& tenant_id,
                                                        const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::Payment> {
    static const std::string sql =
        "SELECT " + std::string(kPaymentColumns) + " FROM payments WHERE id = ? AND tenant_id = ?";
    auto q = c.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    return ReadPayment(q);
  });
}

std::vector<domain::Payment> SqliteStore::ListPayments(const std::string& tenant_id,
                                                       std::optional<domain::PaymentStatus> status,
                                                       int limit, int offset) {
  return Read([&](Connection& c) {
    static const std::string all = "SELECT " + std::string(kPaymentColumns) +
                                   " FROM payments WHERE tenant_id = ?1 "
                                   "ORDER BY created_at DESC, rowid DESC LIMIT ?2 OFFSET ?3";
    static const std::string filtered = "SELECT " + std::string(kPaymentColumns) +
                                        " FROM payments WHERE tenant_id = ?1 AND status = ?4 "
                                        "ORDER BY created_at DESC, rowid DESC LIMIT ?2 OFFSET ?3";
    auto q = c.Prepare(status ? filtered : all);
    q.Bind(1, tenant_id).Bind(2, limit).Bind(3, offset);
    if (status) q.Bind(4, std::string(domain::PaymentStatusName(*status)));
    std::vector<domain::Payment> out;
    while (q.Step()) out.push_back(ReadPayment(q));
    return out;
  });
}

}  // namespace payd::store::sqlite
