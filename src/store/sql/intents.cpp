// Payment intents (with their exact-amount reservations) and payments.
#include "store/sql/amount_reservations.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

const std::string& InsertIntentSql() {
  static const std::string sql =
      "INSERT INTO payment_intents(" + std::string(kIntentColumns) +
      ", token_key, late_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
      "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  return sql;
}

// More intents than this are never created at one moment (every process's
// pool together): the key-less cap is counted without a lock until an
// integration comes this close to it.
constexpr int kConcurrentCreations = 256;

// How many key-less intents of the integration are CREATED and not expired
// at `now`: the counts of the minutes after this one (keyless_open_counts,
// kept by triggers), and this minute's own intents counted one by one.
std::int64_t OpenKeylessIntents(Connection& c, const std::string& integration_id,
                                base::TimeMs now) {
  constexpr base::TimeMs kMinute = 60'000;
  base::TimeMs minute = now / kMinute;
  auto q = c.Prepare(
      "SELECT (SELECT CAST(COALESCE(SUM(open), 0) AS BIGINT) FROM keyless_open_counts "
      "WHERE integration_id = ?1 AND expires_minute > ?2) + "
      "(SELECT count(*) FROM payment_intents WHERE integration_id = ?1 AND status = 'CREATED' "
      "AND keyless = 1 AND expires_at > ?3 AND expires_at < ?4)");
  q.Bind(1, integration_id).Bind(2, minute).Bind(3, now).Bind(4, (minute + 1) * kMinute);
  return q.Step() ? q.Int(0) : 0;
}

// Whether the integration already holds `cap` open key-less intents. Far from
// the cap, intents being created meanwhile (uncounted until they commit)
// cannot reach it; near it, creations take turns and count exactly.
bool OpenKeylessIntentsAtCap(Connection& c, const std::string& integration_id, int cap,
                             base::TimeMs now) {
  if (OpenKeylessIntents(c, integration_id, now) + kConcurrentCreations < cap) return false;
  c.LockUntilCommit("keyless-intents|" + integration_id);
  return OpenKeylessIntents(c, integration_id, now) >= cap;
}

}  // namespace

domain::CreateResult SqlStore::InsertIntent(
    domain::PaymentIntent& intent, const domain::IdempotencyClaim* claim,
    const IntentLimits& limits,
    const std::function<IntentCreated(const domain::PaymentIntent&)>& finish, base::TimeMs now) {
  // Creations arriving at once share a commit (GroupCommit).
  return GroupedWrite([&](Connection& c) {
    if (claim) {
      if (auto decided = CheckClaim(c, *claim, now)) return *decided;
    }
    if (intent.keyless && limits.max_open_keyless > 0 &&
        OpenKeylessIntentsAtCap(c, intent.integration_id, limits.max_open_keyless, now)) {
      return domain::CreateResult{domain::CreateOutcome::kLimitReached, {}};
    }
    // An asked intent gets its exact amount when the payer chooses.
    if (intent.IsChosen()) {
      intent.amount =
          ReserveExactAmount(c, {intent.chain_id, intent.TokenKey(), intent.recipient},
                             intent.requested_amount, intent.id, intent.late_until(), now);
    }
    auto q = c.Prepare(InsertIntentSql());
    BindIntent(q, intent);
    q.Bind(35, intent.TokenKey()).Bind(36, intent.late_until()).Run();
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

std::optional<domain::PaymentIntent> SqlStore::SetSenderHint(const std::string& intent_id,
                                                             const std::string& address,
                                                             domain::HintSource source,
                                                             base::TimeMs now) {
  bool changed = Write([&](Connection& c) {
    // The same rule as PaymentIntent::WaitsForPayment, checked under the write lock.
    c.Prepare(
         "UPDATE payment_intents SET sender_hint = ?, sender_hint_source = ? WHERE id = ? AND "
         "(status = 'CREATED' OR (status = 'PENDING' AND exception = 'UNDERPAID')) AND "
         "expires_at >= ?")
        .Bind(1, address)
        .Bind(2, std::string(domain::HintSourceName(source)))
        .Bind(3, intent_id)
        .Bind(4, now)
        .Run();
    return c.Changes() > 0;
  });
  if (!changed) return std::nullopt;
  return FindIntentById(intent_id);
}

std::optional<domain::PaymentIntent> SqlStore::FindIntent(const std::string& tenant_id,
                                                          const std::string& id) {
  auto intent = FindIntentById(id);
  if (intent && intent->tenant_id != tenant_id) return std::nullopt;
  return intent;
}

std::optional<domain::PaymentIntent> SqlStore::FindIntentOfIntegration(
    const std::string& integration_id, const std::string& id) {
  auto intent = FindIntentById(id);
  if (intent && intent->integration_id != integration_id) return std::nullopt;
  return intent;
}

std::optional<domain::PaymentIntent> SqlStore::FindIntentById(const std::string& id) {
  return Read([&](Connection& c) { return IntentById(c, id); });
}

std::vector<domain::PaymentIntent> SqlStore::ListIntents(const std::string& tenant_id,
                                                         std::optional<domain::IntentStatus> status,
                                                         int limit, int offset) {
  return Read([&](Connection& c) {
    if (!status) {
      // The list's length from the counts by status (SQLite 19 / PostgreSQL
      // 12): a burst of new intents costs a deep page nothing.
      static constexpr std::string_view kLength =
          "SELECT CAST(sum(n) AS BIGINT) FROM intent_status_counts WHERE tenant_id = ?1";
      if (auto page = DeepPage<domain::PaymentIntent>(
              c, kIntentColumns, "payment_intents", tenant_id, limit, offset, ReadIntent, kLength))
        return std::move(*page);
    }
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

std::optional<domain::Payment> SqlStore::FindPayment(const std::string& tenant_id,
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

std::vector<domain::Payment> SqlStore::ListPayments(const std::string& tenant_id,
                                                    std::optional<domain::PaymentStatus> status,
                                                    int limit, int offset) {
  return Read([&](Connection& c) {
    if (!status) {
      if (auto page = DeepPage<domain::Payment>(c, kPaymentColumns, "payments", tenant_id, limit,
                                                offset, ReadPayment))
        return std::move(*page);
    }
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

}  // namespace payd::store::sql
