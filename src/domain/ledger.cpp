#include "domain/ledger.h"

#include <boost/json/serialize.hpp>
#include <map>
#include <set>

#include "base/ids.h"
#include "domain/intent_rules.h"
#include "domain/ledger_tx.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

std::string_view EventFor(IntentStatus status) {
  switch (status) {
    case IntentStatus::kPending:
      return event_type::kPaymentPending;
    case IntentStatus::kPaid:
      return event_type::kPaymentConfirmed;
    case IntentStatus::kExpired:
      return event_type::kPaymentExpired;
    case IntentStatus::kFailed:
      return event_type::kPaymentFailed;
    case IntentStatus::kCreated:
      return {};  // a reorg undid a payment; no event type says so
  }
  return {};
}

// The work of one Advance, inside its transaction.
class Pass {
 public:
  Pass(LedgerTx& tx, const ChainUpdate& update, const ChainInfo& chain,
       const Representation& representation, base::TimeMs now, LedgerSummary& summary)
      : tx_(tx),
        update_(update),
        chain_(chain),
        representation_(representation),
        now_(now),
        summary_(summary) {}

  void Rewind() {
    if (!update_.rewind_to) return;
    for (Payment p : tx_.LivePaymentsAbove(update_.chain_id, *update_.rewind_to)) {
      p.status = PaymentStatus::kReorged;
      tx_.UpdatePayment(p);
      ++summary_.payments_reorged;
      if (p.intent_id) Reevaluate(*p.intent_id);
    }
    tx_.DeleteBlocksAbove(update_.chain_id, *update_.rewind_to);
  }

  void Record() {
    tx_.InsertBlocks(update_.chain_id, update_.blocks);
    for (const ObservedTransfer& t : update_.transfers) Record(t);
  }

  void Confirm() {
    for (Payment p : tx_.PendingPayments(update_.chain_id)) {
      std::int64_t confirmations =
          std::max<std::int64_t>(0, update_.head.latest - p.transfer.block_number + 1);
      bool confirmed = IsConfirmed(chain_.confirmations, p.transfer.block_number, update_.head);
      if (confirmations == p.confirmations && !confirmed) continue;
      p.confirmations = confirmations;
      if (confirmed) {
        p.status = PaymentStatus::kConfirmed;
        p.confirmed_at = now_;
        ++summary_.payments_confirmed;
      }
      tx_.UpdatePayment(p);
      if (p.intent_id) Reevaluate(*p.intent_id);
    }
  }

  void Expire() {
    for (const auto& id : tx_.IntentsDue(update_.chain_id, update_.head.time)) Reevaluate(id);
    tx_.ReleaseReservations(update_.chain_id, update_.head.time);
  }

  // Events compare each intent's status before this transaction with its status after it.
  void Announce() {
    for (const auto& [id, before] : original_) {
      auto intent = tx_.Intent(id);
      if (!intent || intent->status == before) continue;
      ++summary_.intents_changed;
      std::string_view type = EventFor(intent->status);
      if (!type.empty()) {
        tx_.InsertEvent(NewEvent(intent->tenant_id, type,
                                 boost::json::serialize(representation_.Intent(*intent)), now_));
      }
      if (intent->status == IntentStatus::kPaid && intent->payment_link_id) {
        tx_.CountLinkPayment(*intent->payment_link_id);
      }
    }
  }

 private:
  void Record(const ObservedTransfer& t) {
    auto intent =
        tx_.IntentByExactAmount(t.chain_id, t.TokenKey(), t.recipient, t.amount, t.block_time);
    // An intent already covered by an earlier transfer does not take a second
    // exact payment: that one is the payer paying twice, kept as unmatched.
    if (intent && intent->received >= intent->requested_amount) intent.reset();
    if (!intent)
      intent =
          tx_.IntentBySenderHint(t.chain_id, t.TokenKey(), t.recipient, t.sender, t.block_time);
    if (intent) {
      if (tx_.InsertPayment(NewPayment(t, intent->tenant_id, intent->id))) {
        ++summary_.payments_recorded;
        // At once, so that a second transfer of the same amount in this batch
        // sees the intent covered and stays unmatched.
        Reevaluate(intent->id);
      }
      return;
    }
    for (const auto& watched : update_.watched) {
      if (watched.address != t.recipient) continue;
      for (const auto& tenant : watched.tenant_ids) {
        Payment p = NewPayment(t, tenant, std::nullopt);
        if (!tx_.InsertPayment(p)) continue;
        ++summary_.payments_recorded;
        ++summary_.unmatched;
        tx_.InsertEvent(NewEvent(tenant, event_type::kPaymentUnmatched,
                                 boost::json::serialize(representation_.Payment(p)), now_));
      }
    }
  }

  Payment NewPayment(const ObservedTransfer& t, const std::string& tenant,
                     std::optional<std::string> intent_id) const {
    Payment p;
    p.id = base::NewId("pay_");
    p.tenant_id = tenant;
    p.intent_id = std::move(intent_id);
    p.transfer = t;
    p.confirmations = std::max<std::int64_t>(0, update_.head.latest - t.block_number + 1);
    p.created_at = now_;
    return p;
  }

  void Reevaluate(const std::string& id) {
    auto intent = tx_.Intent(id);
    if (!intent) return;
    original_.emplace(id, intent->status);
    std::vector<MatchedTransfer> transfers;
    for (const Payment& p : tx_.LivePaymentsOfIntent(id)) {
      transfers.push_back({p.transfer.amount, p.transfer.block_time, p.confirmations,
                           p.status == PaymentStatus::kConfirmed, p.transfer.tx_hash,
                           p.transfer.sender});
    }
    IntentOutcome o = EvaluateIntent(*intent, std::move(transfers), update_.head.time);
    if (o.status == intent->status && o.exception == intent->exception &&
        o.received == intent->received && o.confirmations == intent->confirmations &&
        o.tx_hash == intent->tx_hash) {
      return;
    }
    if (o.status == IntentStatus::kPaid && intent->status != IntentStatus::kPaid)
      intent->confirmed_at = now_;
    intent->status = o.status;
    intent->exception = o.exception;
    intent->received = o.received;
    intent->confirmations = o.confirmations;
    intent->tx_hash = o.tx_hash;
    intent->sender_address = o.sender_address;
    tx_.UpdateIntent(*intent);
  }

  LedgerTx& tx_;
  const ChainUpdate& update_;
  const ChainInfo& chain_;
  const Representation& representation_;
  base::TimeMs now_;
  LedgerSummary& summary_;
  std::map<std::string, IntentStatus> original_;
};

}  // namespace

bool IsConfirmed(const ConfirmationPolicy& policy, std::int64_t number, const ChainHead& head) {
  switch (policy.kind) {
    case ConfirmationPolicy::Kind::kBlocks:
      return head.latest - number + 1 >= std::max<std::int64_t>(1, policy.blocks);
    case ConfirmationPolicy::Kind::kSafe:
      return head.safe && number <= *head.safe;
    case ConfirmationPolicy::Kind::kFinalized:
      return head.finalized && number <= *head.finalized;
  }
  return false;
}

LedgerSummary Ledger::Advance(const ChainUpdate& update, base::TimeMs now) {
  const ChainInfo* chain = catalog_.FindChain(update.chain_id);
  if (!chain) return {};
  LedgerSummary summary;
  store_.WithLedger([&](LedgerTx& tx) {
    summary = {};
    Pass pass(tx, update, *chain, representation_, now, summary);
    pass.Rewind();
    pass.Record();
    pass.Confirm();
    pass.Expire();
    pass.Announce();
    if (update.cursor) {
      tx.DeleteBlocksBelow(update.chain_id, update.cursor->number - kKeptBlocks);
      tx.SaveCursor(update.chain_id, *update.cursor);
    }
  });
  if (on_events_ && (summary.intents_changed > 0 || summary.unmatched > 0)) on_events_();
  return summary;
}

}  // namespace payd::domain
