// Intents created through /v1 (DECISIONS §12) before and at the payer's
// choice: choosing (and choosing again) a chain and token, and the
// wall-clock expiry of those never chosen.
#include "domain/webhooks/event.h"
#include "store/sql/amount_reservations.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

std::optional<domain::PaymentIntent> SqlStore::ChooseIntentOption(
    const std::string& intent_id,
    const std::function<domain::PaymentIntent(const domain::PaymentIntent&)>& choose,
    base::TimeMs now) {
  return Write([&](Connection& c) -> std::optional<domain::PaymentIntent> {
    // Two choices of one intent take turns (on SQLite the write lock does that already).
    c.LockUntilCommit("intent|" + intent_id);
    auto current = IntentById(c, intent_id);
    if (!current || !current->TakesAChoiceAt(now)) return std::nullopt;
    domain::PaymentIntent chosen = choose(*current);
    // The row as read must still take a choice: a ledger in another process
    // may have matched a transfer to the old choice meanwhile (PostgreSQL
    // re-reads the row under its lock); then the whole choice runs again.
    c.Prepare(
         "UPDATE payment_intents SET chain_id = ?, token_symbol = ?, token_address = ?, "
         "token_key = ?, decimals = ?, recipient = ?, requested_amount = ?, amount_usd = ?, "
         "required_confirmations = ?, chosen_at = ?, rate = ? WHERE id = ? AND status = 'CREATED' "
         "AND received = '0' AND chain_id = ? AND expires_at >= ?")
        .Bind(1, chosen.chain_id)
        .Bind(2, chosen.token_symbol)
        .Bind(3, chosen.token_address)
        .Bind(4, chosen.TokenKey())
        .Bind(5, static_cast<std::int64_t>(chosen.decimals))
        .Bind(6, chosen.recipient)
        .Bind(7, domain::FormatUnits(chosen.requested_amount))
        .Bind(8, chosen.amount_usd)
        .Bind(9, chosen.required_confirmations)
        .Bind(10, now)
        .Bind(11, chosen.rate ? std::optional<std::string>(RateToJson(*chosen.rate)) : std::nullopt)
        .Bind(12, intent_id)
        .Bind(13, current->chain_id)
        .Bind(14, now)
        .Run();
    if (c.Changes() != 1) throw Conflict("the intent changed while its choice was being made");
    if (current->IsChosen()) {
      // Held no longer, but kept until the ledger releases it by chain time:
      // ReserveExactAmount reuses it only once the clock skew has passed.
      c.Prepare(
           "UPDATE amount_reservations SET reserved_until = ?1 WHERE chain_id = ?2 AND "
           "token_key = ?3 AND recipient = ?4 AND amount = ?5 AND intent_id = ?6 AND "
           "reserved_until > ?1")
          .Bind(1, now)
          .Bind(2, current->chain_id)
          .Bind(3, current->TokenKey())
          .Bind(4, current->recipient)
          .Bind(5, AmountKey(current->amount))
          .Bind(6, intent_id)
          .Run();
    }
    chosen.amount =
        ReserveExactAmount(c, {chosen.chain_id, chosen.TokenKey(), chosen.recipient},
                           chosen.requested_amount, intent_id, chosen.late_until(), now);
    c.Prepare("UPDATE payment_intents SET amount = ? WHERE id = ?")
        .Bind(1, domain::FormatUnits(chosen.amount))
        .Bind(2, intent_id)
        .Run();
    return IntentById(c, intent_id);
  });
}

int SqlStore::ExpireUnchosenIntents(
    base::TimeMs now, int limit,
    const std::function<domain::Event(const domain::PaymentIntent&)>& expired) {
  // Read first: most of the time nothing is due, and a write transaction
  // every few seconds in every process would take the write lock for nothing.
  auto due = Read([&](Connection& c) {
    static const std::string sql =
        "SELECT " + std::string(kIntentColumns) +
        " FROM payment_intents WHERE chain_id = 0 AND status = 'CREATED' AND expires_at < ? "
        "ORDER BY expires_at LIMIT ?";
    auto q = c.Prepare(sql);
    q.Bind(1, now).Bind(2, limit);
    std::vector<domain::PaymentIntent> intents;
    while (q.Step()) intents.push_back(ReadIntent(q));
    return intents;
  });
  if (due.empty()) return 0;
  return Write([&](Connection& c) {
    int count = 0;
    for (auto intent : due) {
      // A choice made meanwhile (in any process) wins.
      c.Prepare(
           "UPDATE payment_intents SET status = 'EXPIRED', status_at_expiry = 'CREATED' "
           "WHERE id = ? AND chain_id = 0 AND status = 'CREATED'")
          .Bind(1, intent.id)
          .Run();
      if (c.Changes() == 0) continue;
      intent.status = domain::IntentStatus::kExpired;
      InsertEventRow(c, expired(intent));
      ++count;
    }
    return count;
  });
}

}  // namespace payd::store::sql
