// The ledger's transaction (domain/ledger/ledger_tx.h). What the watchers read
// between transactions is chain_reads.cpp.
#include "domain/ledger/ledger.h"

#include <boost/json/parse.hpp>
#include <map>

#include "store/sql/amount_reservations.h"
#include "store/sql/payout_rows.h"
#include "store/sql/refund_rows.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

// The ledger also reads status_at_expiry, after the shared intent columns.
std::string SelectIntent(const char* where) {
  return "SELECT " + std::string(kIntentColumns) + ", status_at_expiry FROM payment_intents " +
         where;
}

constexpr int ColumnCount(std::string_view columns) {
  int n = 1;
  for (char c : columns) n += c == ',';
  return n;
}

std::string SelectPayments(const char* where) {
  return "SELECT " + std::string(kPaymentColumns) + " FROM payments " + where;
}

std::vector<domain::Payment> Payments(Query& q) {
  std::vector<domain::Payment> out;
  while (q.Step()) out.push_back(ReadPayment(q));
  return out;
}

// An intent row of SelectIntent: the shared columns and status_at_expiry.
domain::PaymentIntent ReadLedgerIntent(const Query& q) {
  domain::PaymentIntent intent = ReadIntent(q);
  if (auto at_expiry = q.OptText(ColumnCount(kIntentColumns)))
    intent.status_at_expiry = domain::ParseIntentStatus(*at_expiry);
  return intent;
}

std::optional<domain::PaymentIntent> OneIntent(Query& q) {
  if (!q.Step()) return std::nullopt;
  return ReadLedgerIntent(q);
}

class SqlLedgerTx final : public domain::LedgerTx {
 public:
  explicit SqlLedgerTx(Connection& c) : c_(c) {}

  void LockChain(std::int64_t chain_id) override {
    c_.LockUntilCommit("ledger|" + std::to_string(chain_id));
  }

  void DeleteBlocksAbove(std::int64_t chain_id, std::int64_t number) override {
    c_.Prepare("DELETE FROM chain_blocks WHERE chain_id = ? AND number > ?")
        .Bind(1, chain_id)
        .Bind(2, number)
        .Run();
  }

  void InsertBlocks(std::int64_t chain_id,
                    const std::vector<domain::BlockHeader>& blocks) override {
    for (const auto& b : blocks) {
      WriteBlock(
          "INSERT INTO chain_blocks(chain_id, number, hash, parent_hash, time) VALUES (?, ?, ?, ?, "
          "?) ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash, "
          "parent_hash = excluded.parent_hash, time = excluded.time",
          chain_id, b)
          .Run();
    }
  }

  void DeleteBlocksBelow(std::int64_t chain_id, std::int64_t number) override {
    c_.Prepare("DELETE FROM chain_blocks WHERE chain_id = ? AND number < ?")
        .Bind(1, chain_id)
        .Bind(2, number)
        .Run();
  }

  void SaveCursor(std::int64_t chain_id, const std::optional<domain::BlockHeader>& expected,
                  const domain::BlockHeader& b) override {
    if (expected) {
      WriteBlock(
          "UPDATE chain_cursors SET number = ?2, hash = ?3, parent_hash = ?4, time = ?5 "
          "WHERE chain_id = ?1 AND number = ?6 AND hash = ?7",
          chain_id, b)
          .Bind(6, expected->number)
          .Bind(7, expected->hash)
          .Run();
    } else {
      WriteBlock(
          "INSERT INTO chain_cursors(chain_id, number, hash, parent_hash, time) "
          "VALUES (?, ?, ?, ?, ?) ON CONFLICT (chain_id) DO NOTHING",
          chain_id, b)
          .Run();
    }
    if (c_.Changes() != 1) {
      throw domain::CursorMoved("chain " + std::to_string(chain_id) + "'s cursor is no longer at " +
                                (expected ? std::to_string(expected->number) : "none") +
                                ": another process moved it");
    }
  }

  bool IsRecorded(const domain::ObservedTransfer& t) override {
    auto q = c_.Prepare(
        "SELECT 1 FROM payments WHERE chain_id = ? AND tx_hash = ? AND position = ? AND "
        "block_hash = ? AND status != 'REORGED' LIMIT 1");
    q.Bind(1, t.chain_id).Bind(2, t.tx_hash).Bind(3, t.position).Bind(4, t.block_hash);
    return q.Step();
  }

  std::optional<InsertedPayment> InsertPayment(const domain::Payment& p) override {
    // A transfer the tenant never held, the common case, in one statement.
    static const std::string insert =
        "INSERT INTO payments(" + std::string(kPaymentColumns) +
        ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (tenant_id, chain_id, block_hash, tx_hash, position) DO NOTHING RETURNING id";
    {
      auto q = c_.Prepare(insert);
      BindPayment(q, p);
      if (q.Step()) {
        InsertedPayment out;
        out.id = q.Text(0);
        while (q.Step()) {
        }
        return out;
      }
    }
    // The tenant holds it already: live (nothing to do), or REORGED and now
    // on the canonical chain again, brought back with its own id.
    const auto& t = p.transfer;
    auto before = c_.Prepare(
        "SELECT id, CASE WHEN intent_id IS NULL THEN 1 ELSE 0 END FROM payments WHERE "
        "tenant_id = ? AND chain_id = ? AND block_hash = ? AND tx_hash = ? AND position = ? AND "
        "status = 'REORGED'");
    before.Bind(1, p.tenant_id).Bind(2, t.chain_id).Bind(3, t.block_hash);
    before.Bind(4, t.tx_hash).Bind(5, t.position);
    if (!before.Step()) return std::nullopt;
    InsertedPayment out;
    out.id = before.Text(0);
    out.revived = true;
    out.was_unmatched = before.Int(1) != 0;
    before.Run();
    domain::Payment revived = p;
    revived.id = out.id;
    UpdatePayment(revived);
    return out;
  }

  void UpdatePayment(const domain::Payment& p) override {
    c_.Prepare(
          "UPDATE payments SET status = ?, confirmations = ?, confirmed_at = ?, intent_id = ?, "
          "candidate_intent_id = ?, near_amount_shortfall = ? WHERE id = ?")
        .Bind(1, std::string(domain::PaymentStatusName(p.status)))
        .Bind(2, p.confirmations)
        .Bind(3, p.confirmed_at)
        .Bind(4, p.intent_id)
        .Bind(5, p.candidate_intent_id)
        .Bind(6, OptUnits(p.near_amount_shortfall))
        .Bind(7, p.id)
        .Run();
  }

  std::optional<domain::Payment> PaymentById(const std::string& id) override {
    static const std::string sql = SelectPayments("WHERE id = ?");
    auto q = c_.Prepare(sql);
    q.Bind(1, id);
    auto found = Payments(q);
    if (found.empty()) return std::nullopt;
    return found.front();
  }

  void RecordSwapCheck(const domain::Payment& p) override {
    c_.Prepare("UPDATE payments SET swap_check = ?, paid_with = ?, sender = ? WHERE id = ?")
        .Bind(1, p.swap_check)
        .Bind(2,
              p.paid_with ? std::optional<std::string>(PaidWithToJson(*p.paid_with)) : std::nullopt)
        .Bind(3, p.transfer.sender)
        .Bind(4, p.id)
        .Run();
  }

  bool Converts(const std::string& integration_id) override {
    auto q = c_.Prepare("SELECT auto_conversion FROM integrations WHERE id = ?");
    q.Bind(1, integration_id);
    return q.Step() && q.Int(0) != 0;
  }

  void DeleteOtherTenantsUnmatched(const domain::Payment& matched) override {
    const auto& t = matched.transfer;
    c_.Prepare(
          "DELETE FROM payments WHERE chain_id = ? AND tx_hash = ? AND position = ? AND "
          "block_hash = ? AND intent_id IS NULL AND tenant_id <> ?")
        .Bind(1, t.chain_id)
        .Bind(2, t.tx_hash)
        .Bind(3, t.position)
        .Bind(4, t.block_hash)
        .Bind(5, matched.tenant_id)
        .Run();
  }

  std::vector<domain::Payment> LivePaymentsAbove(std::int64_t chain_id,
                                                 std::int64_t number) override {
    static const std::string sql = SelectPayments(
        "WHERE chain_id = ? AND status IN ('PENDING', 'CONFIRMED') AND block_number > ?");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, number);
    return Payments(q);
  }

  std::vector<domain::Payment> PendingPayments(std::int64_t chain_id) override {
    static const std::string sql = SelectPayments("WHERE chain_id = ? AND status = 'PENDING'");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id);
    return Payments(q);
  }

  std::vector<domain::Payment> LivePaymentsOfIntent(const std::string& intent_id) override {
    static const std::string sql = SelectPayments("WHERE intent_id = ? AND status != 'REORGED'");
    auto q = c_.Prepare(sql);
    q.Bind(1, intent_id);
    return Payments(q);
  }

  std::vector<domain::Payment> UnmatchedPayments(const std::string& tenant_id,
                                                 std::int64_t chain_id,
                                                 const std::string& token_symbol,
                                                 const std::string& recipient,
                                                 const domain::Uint256& amount) override {
    static const std::string sql = SelectPayments(
        "WHERE chain_id = ? AND recipient = ? AND amount = ? AND intent_id IS NULL AND "
        "tenant_id = ? AND token_symbol = ? AND status != 'REORGED' "
        "ORDER BY block_number, log_index, rowid");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, recipient).Bind(3, domain::FormatUnits(amount));
    q.Bind(4, tenant_id).Bind(5, token_symbol);
    return Payments(q);
  }

  std::vector<domain::Payment> UnmatchedPaymentsFrom(const std::string& tenant_id,
                                                     std::int64_t chain_id,
                                                     const std::string& token_symbol,
                                                     const std::string& recipient,
                                                     const std::string& sender) override {
    static const std::string sql = SelectPayments(
        "WHERE chain_id = ? AND recipient = ? AND intent_id IS NULL AND sender = ? AND "
        "tenant_id = ? AND token_symbol = ? AND status != 'REORGED' "
        "ORDER BY block_number, log_index, rowid");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, recipient).Bind(3, sender);
    q.Bind(4, tenant_id).Bind(5, token_symbol);
    return Payments(q);
  }

  std::optional<domain::PaymentIntent> IntentByExactAmount(std::int64_t chain_id,
                                                           const std::string& token_key,
                                                           const std::string& recipient,
                                                           const domain::Uint256& amount,
                                                           base::TimeMs at) override {
    // The reservation names the intent; the intent must still ask for this
    // very amount: one chosen again (made through /v1) keeps its old
    // reservation until it lapses, but never takes a transfer of it. One the
    // merchant resolved takes no new transfer: it is kept unmatched, to be seen.
    static const std::string sql = SelectIntent(
        "WHERE id = (SELECT intent_id FROM amount_reservations WHERE chain_id = ?1 AND token_key = "
        "?2 AND recipient = ?3 AND amount = ?4) AND chain_id = ?1 AND token_key = ?2 AND "
        "recipient = ?3 AND amount = ?7 AND (status != 'PAID' OR exception = "
        "'REVERSED_AFTER_CONFIRMATION') AND late_until > ?5 AND "
        "COALESCE(chosen_at, created_at) <= ?6 AND resolution IS NULL");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, token_key).Bind(3, recipient).Bind(4, AmountKey(amount));
    q.Bind(5, at).Bind(6, at + domain::kChainClockSkewMs).Bind(7, domain::FormatUnits(amount));
    return OneIntent(q);
  }

  std::optional<domain::PaymentIntent> IntentBySenderHint(std::int64_t chain_id,
                                                          const std::string& token_key,
                                                          const std::string& recipient,
                                                          const std::string& sender,
                                                          base::TimeMs at) override {
    // DECISIONS §5 rule 2: only a trusted hint (proven by the wallet or set by
    // the merchant) moves money, and only to an intent still waiting at the
    // transfer's block time (not expired then, not covered); the oldest first.
    // Its status may already say EXPIRED or FAILED: payd moves intents by the
    // newest block's time, and a block before expiry can come later (catching
    // up, a reorganisation, the next transfer of the same block).
    // The chain id as CAST(?1 ...): compared bare with the literal of a partial
    // index (payment_intents_unchosen_due: chain_id = 0), it makes SQLite
    // prepare the statement again at every binding, once per transfer seen.
    static const std::string sql = SelectIntent(
        "WHERE chain_id = CAST(?1 AS BIGINT) AND token_key = ?2 AND recipient = ?3 AND "
        "sender_hint = ?4 AND sender_hint_source IN ('wallet', 'merchant') AND (status IN "
        "('CREATED', 'EXPIRED', "
        "'FAILED') OR (status = 'PENDING' AND exception = 'UNDERPAID')) AND expires_at >= ?5 AND "
        "COALESCE(chosen_at, created_at) <= ?6 AND resolution IS NULL "
        "ORDER BY created_at, rowid LIMIT 1");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, token_key).Bind(3, recipient).Bind(4, sender);
    q.Bind(5, at).Bind(6, at + domain::kChainClockSkewMs);
    return OneIntent(q);
  }

  std::vector<domain::WaitingIntent> IntentsAwaitingNearAmount(std::int64_t chain_id,
                                                               const std::string& token_key,
                                                               const std::string& recipient,
                                                               base::TimeMs at) override {
    // EXPIRED as well as CREATED, as for sender hints: payd moves intents by
    // the newest block's time, and a block before expiry can come later.
    static const std::string sql = SelectIntent(
        "WHERE chain_id = CAST(?1 AS BIGINT) AND token_key = ?2 AND recipient = ?3 AND status IN "
        "('CREATED', 'EXPIRED') AND received = '0' AND expires_at >= ?4 AND "
        "resolution IS NULL AND canceled_at IS NULL ORDER BY created_at, rowid");
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, token_key).Bind(3, recipient).Bind(4, at);
    std::vector<domain::WaitingIntent> out;
    while (q.Step()) out.push_back({ReadLedgerIntent(q), false, {}});
    // An integration's terms, read once however many of its intents wait.
    std::map<std::string, std::pair<bool, domain::UnderpaymentTolerance>> terms;
    for (auto& w : out) {
      auto [it, fresh] = terms.try_emplace(w.intent.integration_id);
      if (fresh) {
        auto t = c_.Prepare(
            "SELECT match_near_amounts, underpayment_tolerance FROM integrations WHERE id = ?");
        t.Bind(1, w.intent.integration_id);
        if (t.Step()) it->second = {t.Int(0) != 0, domain::ParseToleranceText(t.Text(1))};
      }
      w.match_near_amounts = it->second.first;
      w.tolerance = it->second.second;
    }
    return out;
  }

  std::optional<domain::PaymentIntent> Intent(const std::string& id) override {
    static const std::string sql = SelectIntent("WHERE id = ?");
    auto q = c_.Prepare(sql);
    q.Bind(1, id);
    return OneIntent(q);
  }

  std::vector<std::string> IntentsDue(std::int64_t chain_id, base::TimeMs chain_time) override {
    auto q = c_.Prepare(
        "SELECT id FROM payment_intents WHERE chain_id = ? AND status IN ('CREATED', 'PENDING') "
        "AND expires_at < ?");
    q.Bind(1, chain_id).Bind(2, chain_time);
    std::vector<std::string> out;
    while (q.Step()) out.push_back(q.Text(0));
    return out;
  }

  void UpdateIntent(const domain::PaymentIntent& i) override {
    c_.Prepare(
          "UPDATE payment_intents SET status = ?, exception = ?, received = ?, confirmations = ?, "
          "confirmed_at = ?, tx_hash = ?, sender_address = ?, status_at_expiry = ?, "
          "near_amount_shortfall = ? WHERE id = ?")
        .Bind(1, std::string(domain::IntentStatusName(i.status)))
        .Bind(2, std::string(domain::IntentExceptionName(i.exception)))
        .Bind(3, domain::FormatUnits(i.received))
        .Bind(4, i.confirmations)
        .Bind(5, i.confirmed_at)
        .Bind(6, i.tx_hash)
        .Bind(7, i.sender_address)
        .Bind(8, i.status_at_expiry
                     ? std::optional<std::string>(domain::IntentStatusName(*i.status_at_expiry))
                     : std::nullopt)
        .Bind(9, OptUnits(i.near_amount_shortfall))
        .Bind(10, i.id)
        .Run();
  }

  void ReleaseReservations(std::int64_t chain_id, base::TimeMs chain_time) override {
    ReleaseExactAmounts(c_, chain_id, chain_time);  // with their block counts
  }

  void CountLinkPayment(const std::string& payment_link_id) override {
    c_.Prepare("UPDATE payment_links SET payments = payments + 1 WHERE id = ?")
        .Bind(1, payment_link_id)
        .Run();
  }

  void InsertEvent(const domain::Event& event) override { InsertEventRow(c_, event); }

  std::vector<domain::Refund> RefundsSentAbove(std::int64_t chain_id,
                                               std::int64_t number) override {
    return RefundRowsSentAbove(c_, chain_id, number);
  }
  std::vector<domain::Refund> SentRefunds(std::int64_t chain_id) override {
    return SentRefundRows(c_, chain_id);
  }
  std::optional<domain::Refund> RefundAwaiting(std::int64_t chain_id, const std::string& token_key,
                                               const std::string& from, const std::string& to,
                                               const domain::Uint256& amount) override {
    return RefundRowAwaiting(c_, chain_id, token_key, from, to, amount);
  }
  bool RefundTransferTaken(std::int64_t chain_id, const std::string& tx_hash,
                           const std::string& position, const std::string& block_hash) override {
    return RefundTransferTakenRow(c_, chain_id, tx_hash, position, block_hash);
  }
  void UpdateRefund(const domain::Refund& refund) override { UpdateRefundRow(c_, refund); }
  void RecountRefunded(const std::string& payment_id) override {
    RecountRefundedRow(c_, payment_id);
  }
  std::optional<domain::Payout> PayoutById(const std::string& id) override {
    return PayoutRow(c_, "", id);
  }
  void UpdatePayout(const domain::Payout& payout) override { UpdatePayoutRow(c_, payout); }

 private:
  // chain_blocks and chain_cursors hold the same header columns: `sql` with
  // the chain as ?1 and the header as ?2 to ?5 bound, for the caller to run.
  Query WriteBlock(const char* sql, std::int64_t chain_id, const domain::BlockHeader& b) {
    auto q = c_.Prepare(sql);
    q.Bind(1, chain_id).Bind(2, b.number).Bind(3, b.hash).Bind(4, b.parent_hash).Bind(5, b.time);
    return q;
  }

  Connection& c_;
};

}  // namespace

std::unique_ptr<domain::LedgerTx> NewLedgerTx(Connection& c) {
  return std::make_unique<SqlLedgerTx>(c);
}

void SqlStore::WithLedger(const std::function<void(domain::LedgerTx&)>& fn) {
  Write([&](Connection& c) {
    SqlLedgerTx tx(c);
    fn(tx);
  });
}

}  // namespace payd::store::sql
