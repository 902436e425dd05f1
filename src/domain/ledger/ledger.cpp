#include "domain/ledger/ledger.h"

#include <boost/json/serialize.hpp>
#include <limits>
#include <map>
#include <set>
#include <unordered_set>

#include "base/ids.h"
#include "domain/intents/intent_events.h"
#include "domain/intents/intent_rules.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/ledger/swap_checks.h"
#include "domain/refunds/refund_ledger.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

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
    for (Payment p : tx_.LivePaymentsAbove(update_.chain_id, *update_.rewind_to)) Drop(p);
    tx_.DeleteBlocksAbove(update_.chain_id, *update_.rewind_to);
  }

  // The payments recorded provisionally in the blocks this verified update
  // covers (above the cursor it started from, up to its own) whose block it
  // does not hold: what a provider showed from another branch while the
  // others disagreed. One in a block it holds stays: its transfer was proven
  // from that very block's receipts (a log indexed late is no reason to drop it).
  void Reconcile() {
    if (update_.provisional || !update_.cursor || !update_.cursor_before) return;
    std::map<std::int64_t, std::string> held;
    for (const BlockHeader& b : update_.blocks) held[b.number] = b.hash;
    for (Payment p : tx_.LivePaymentsAbove(update_.chain_id, update_.cursor_before->number)) {
      if (p.transfer.block_number > update_.cursor->number) continue;
      auto block = held.find(p.transfer.block_number);
      if (block == held.end() || block->second != p.transfer.block_hash) Drop(p);
    }
  }

  // A payment no longer on the chain: REORGED, and its intent evaluated again.
  void Drop(Payment& p) {
    p.status = PaymentStatus::kReorged;
    tx_.UpdatePayment(p);
    ++summary_.payments_reorged;
    if (!p.intent_id) return;
    lost_.insert(*p.intent_id);
    Reevaluate(*p.intent_id);
  }

  void Record() {
    // Headers below the kept window would be deleted again at the end of
    // this transaction (a catch-up of thousands of blocks keeps the last 512).
    std::vector<BlockHeader> kept;
    std::int64_t keep_from = update_.cursor ? update_.cursor->number - kKeptBlocks
                                            : std::numeric_limits<std::int64_t>::min();
    for (const auto& b : update_.blocks) {
      if (b.number >= keep_from) kept.push_back(b);
    }
    tx_.InsertBlocks(update_.chain_id, kept);
    LoadRecorded();
    for (const ObservedTransfer& t : update_.transfers)
      earliest_ = std::min(earliest_.value_or(t.block_time), t.block_time);
    for (const ObservedTransfer& t : update_.transfers) Record(t);
  }

  // An intent whose payment a reorg took may be paid by a transfer kept as
  // unmatched only because the intent was covered then: one of its exact
  // amount (the payer paid twice), or, failing that, transfers from its
  // trusted sender made while it waited.
  void Rematch() {
    for (const auto& id : lost_) {
      RematchExactAmount(id);
      RematchFromTrustedSender(id);
    }
  }

  void Confirm() {
    // Payments above the blocks the watcher has covered were recorded
    // provisionally (ChainUpdate::provisional): they wait to be verified.
    auto covered = update_.cursor ? update_.cursor : update_.cursor_before;
    for (Payment p : tx_.PendingPayments(update_.chain_id)) {
      if (covered && p.transfer.block_number > covered->number) continue;
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

  // A merchant's decisions (the functions below Ledger::Advance).
  // Attached to the intent it was kept as the candidate of, it is that near
  // amount accepted: matched by it, with its shortfall (DECISIONS §17).
  void AttachPayment(Payment& payment, const std::string& intent_id) {
    if (payment.candidate_intent_id == intent_id) {
      auto intent = tx_.Intent(intent_id);
      if (intent && payment.transfer.amount <= intent->requested_amount)
        payment.near_amount_shortfall = intent->requested_amount - payment.transfer.amount;
    }
    Assign(payment, intent_id);
  }
  void MatchTrustedSender(const std::string& intent_id) { RematchFromTrustedSender(intent_id); }

  // Events compare each intent's status before this transaction with its status after it.
  void Announce() {
    for (const auto& [id, before] : original_) {
      auto intent = tx_.Intent(id);
      if (!intent) continue;
      auto moves = MovesBetween(before, *intent);
      if (intent->status == before.status && moves.empty()) continue;
      ++summary_.intents_changed;
      for (const IntentMove& move : moves) {
        // Each event carries the intent as it was at that step.
        PaymentIntent then = *intent;
        then.status = move.status;
        then.exception = move.exception;
        if (move.status != IntentStatus::kPaid) then.confirmed_at.reset();
        tx_.InsertEvent(representation_.IntentEvent(move.type, then, now_));
      }
      if (intent->status == IntentStatus::kPaid && before.status != IntentStatus::kPaid &&
          intent->payment_link_id) {
        tx_.CountLinkPayment(*intent->payment_link_id);
      }
    }
  }

 private:
  // The live payments of every block this update's transfers are in, read
  // once: recent blocks are read again on every poll (logs are indexed late),
  // so most of their transfers are known, and a catch-up of thousands of
  // transfers would otherwise ask the database about each one.
  void LoadRecorded() {
    if (update_.transfers.empty()) return;
    std::int64_t lowest = update_.transfers.front().block_number;
    for (const auto& t : update_.transfers) lowest = std::min(lowest, t.block_number);
    for (const Payment& p : tx_.LivePaymentsAbove(update_.chain_id, lowest - 1))
      recorded_.insert(TransferKey(p.transfer));
  }

  // What LedgerTx::IsRecorded compares, for any tenant.
  static std::string TransferKey(const ObservedTransfer& t) {
    return t.block_hash + '|' + t.tx_hash + '|' + t.position;
  }

  void Record(const ObservedTransfer& t) {
    // recorded_ is updated as transfers are recorded, so that the same
    // transfer twice in one update (a provider's repeated log) counts once.
    if (!recorded_.insert(TransferKey(t)).second) return;
    auto intent =
        tx_.IntentByExactAmount(t.chain_id, t.TokenKey(), t.recipient, t.amount, t.block_time);
    // An intent already covered by an earlier transfer does not take a second
    // exact payment: that one is the payer paying twice, kept as unmatched.
    if (intent && intent->Covered()) intent.reset();
    if (!intent)
      intent =
          tx_.IntentBySenderHint(t.chain_id, t.TokenKey(), t.recipient, t.sender, t.block_time);
    // Failing both, the one intent a near amount fits (near_amount.h).
    std::optional<NearAmountFit> near;
    if (!intent) {
      near = NearAmountCandidate(Waiting(t), t.amount, t.block_time);
      if (near && near->waiting->match_near_amounts) intent = near->waiting->intent;
    }
    if (intent) {
      Payment p = NewPayment(t, intent->tenant_id, intent->id);
      if (near) p.near_amount_shortfall = near->shortfall;
      // A swap in the payer's transaction may have paid it (DECISIONS §16):
      // its receipt says, read by the watcher before a later pass.
      p.swap_check = chain_.swap && t.token_address && tx_.Converts(intent->integration_id);
      if (tx_.InsertPayment(p)) {
        Count(p);
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
        if (near && near->waiting->intent.tenant_id == tenant)
          p.candidate_intent_id = near->waiting->intent.id;
        auto inserted = tx_.InsertPayment(p);
        if (!inserted) continue;
        Count(p);
        // A payment back on chain after a reorg was announced when first seen,
        // unless it paid an intent then.
        if (inserted->revived && inserted->was_unmatched) continue;
        p.id = inserted->id;
        ++summary_.unmatched;
        tx_.InsertEvent(representation_.PaymentEvent(event_type::kPaymentUnmatched, p, now_));
      }
    }
  }

  // The intents a near amount to `t`'s recipient in its token could pay,
  // read once a pass (a catch-up's thousands of transfers would each read
  // them all) from the pass's earliest transfer on; Reevaluate drops those
  // that receive something meanwhile.
  const std::vector<WaitingIntent>& Waiting(const ObservedTransfer& t) {
    std::string key = t.TokenKey() + '|' + t.recipient;
    auto it = waiting_.find(key);
    if (it == waiting_.end()) {
      it = waiting_
               .emplace(key, tx_.IntentsAwaitingNearAmount(t.chain_id, t.TokenKey(), t.recipient,
                                                           earliest_.value_or(t.block_time)))
               .first;
    }
    return it->second;
  }

  void Count(const Payment& recorded) {
    ++summary_.payments_recorded;
    if (recorded.status == PaymentStatus::kConfirmed) ++summary_.payments_confirmed;
  }

  // The intent as stored, if it may still take a payment: not PAID, not covered.
  std::optional<PaymentIntent> StillShort(const std::string& id) {
    auto intent = tx_.Intent(id);
    if (!intent || intent->status == IntentStatus::kPaid || intent->resolution || intent->Covered())
      return std::nullopt;
    return intent;
  }

  void RematchExactAmount(const std::string& id) {
    auto intent = StillShort(id);
    if (!intent) return;
    for (Payment p :
         tx_.UnmatchedPayments(intent->tenant_id, intent->chain_id, intent->token_symbol,
                               intent->recipient, intent->amount)) {
      base::TimeMs at = p.transfer.block_time;
      if (at >= intent->late_until() || intent->MatchableFrom() > at + kChainClockSkewMs) continue;
      Assign(p, id);
      return;
    }
  }

  void RematchFromTrustedSender(const std::string& id) {
    auto intent = StillShort(id);
    if (!intent || !intent->sender_hint || !IsTrusted(intent->sender_hint_source)) return;
    for (Payment p :
         tx_.UnmatchedPaymentsFrom(intent->tenant_id, intent->chain_id, intent->token_symbol,
                                   intent->recipient, *intent->sender_hint)) {
      base::TimeMs at = p.transfer.block_time;
      if (intent->IsExpiredAt(at) || intent->MatchableFrom() > at + kChainClockSkewMs) continue;
      Assign(p, id);
      if (!StillShort(id)) return;
    }
  }

  void Assign(Payment& p, const std::string& intent_id) {
    p.intent_id = intent_id;
    p.candidate_intent_id.reset();
    tx_.UpdatePayment(p);
    // Kept unmatched, it was every watching tenant's; matched, it is this
    // tenant's alone (docs/api-reference.md, Matching 4).
    tx_.DeleteOtherTenantsUnmatched(p);
    Reevaluate(intent_id);
  }

  Payment NewPayment(const ObservedTransfer& t, const std::string& tenant,
                     std::optional<std::string> intent_id) const {
    Payment p;
    p.id = base::NewId("pay_");
    p.tenant_id = tenant;
    p.intent_id = std::move(intent_id);
    p.transfer = t;
    p.created_at = now_;
    if (update_.provisional) return p;  // pending, 0 confirmations, until verified
    p.confirmations = std::max<std::int64_t>(0, update_.head.latest - t.block_number + 1);
    // Already past its confirmation depth (catching up): written once as
    // CONFIRMED, as Confirm() would make it in this same transaction.
    if (IsConfirmed(chain_.confirmations, t.block_number, update_.head)) {
      p.status = PaymentStatus::kConfirmed;
      p.confirmed_at = now_;
    }
    return p;
  }

  void Reevaluate(const std::string& id) {
    auto intent = tx_.Intent(id);
    if (!intent) return;
    original_.emplace(id,
                      IntentBefore{intent->status, intent->exception, intent->status_at_expiry});
    std::vector<MatchedTransfer> transfers;
    std::optional<Uint256> near_shortfall;  // matched by a near amount: what they fell short
    for (const Payment& p : tx_.LivePaymentsOfIntent(id)) {
      Uint256 accepted = p.near_amount_shortfall.value_or(0);
      if (p.near_amount_shortfall) near_shortfall = near_shortfall.value_or(0) + accepted;
      transfers.push_back({p.transfer.amount, p.transfer.block_time, p.confirmations,
                           p.status == PaymentStatus::kConfirmed, p.transfer.tx_hash,
                           p.transfer.sender, accepted});
    }
    IntentOutcome o = EvaluateIntent(*intent, std::move(transfers), update_.head.time);
    // The merchant settled it (DECISIONS §5): its payments still count in
    // what it received, its status and exception stay the merchant's.
    if (intent->resolution) {
      o.status = intent->status;
      o.exception = intent->exception;
    }
    if (o.status == intent->status && o.exception == intent->exception &&
        o.received == intent->received && o.confirmations == intent->confirmations &&
        o.tx_hash == intent->tx_hash && o.sender_address == intent->sender_address &&
        o.status_at_expiry == intent->status_at_expiry &&
        near_shortfall == intent->near_amount_shortfall) {
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
    intent->status_at_expiry = o.status_at_expiry;
    intent->near_amount_shortfall = near_shortfall;
    tx_.UpdateIntent(*intent);
    ++summary_.intents_updated;
    if (intent->received > 0) {
      for (auto& [key, list] : waiting_)
        std::erase_if(list, [&](const WaitingIntent& w) { return w.intent.id == id; });
    }
  }

  LedgerTx& tx_;
  const ChainUpdate& update_;
  const ChainInfo& chain_;
  const Representation& representation_;
  base::TimeMs now_;
  LedgerSummary& summary_;
  // Each touched intent as it was before this transaction.
  std::map<std::string, IntentBefore> original_;
  std::set<std::string> lost_;  // intents that lost a payment to the rewind
  // Transfers with a live payment (TransferKey), in the blocks of this update's transfers.
  std::unordered_set<std::string> recorded_;
  // Waiting(): by "<token key>|<recipient>"; earliest_: this update's first transfer time.
  std::map<std::string, std::vector<WaitingIntent>> waiting_;
  std::optional<base::TimeMs> earliest_;
};

}  // namespace

LedgerSummary Ledger::Advance(const ChainUpdate& update, base::TimeMs now) {
  const ChainInfo* chain = catalog_.FindChain(update.chain_id);
  if (!chain) return {};
  LedgerSummary summary;
  store_.WithLedger([&](LedgerTx& tx) {
    tx.LockChain(update.chain_id);
    summary = {};
    Pass pass(tx, update, *chain, representation_, now, summary);
    RefundPass refunds(tx, update, *chain, now, summary.refunds_updated);
    if (update.provisional) {
      pass.Record();
      pass.Announce();
      return;
    }
    pass.Rewind();
    refunds.Rewind();
    pass.Reconcile();
    // Before the new blocks' transfers: what is already on chain below the
    // reorganisation came first, so it pays an intent that lost its payment.
    pass.Rematch();
    pass.Record();
    summary.intents_updated += ApplySwapChecks(tx, update.swap_checks);
    refunds.Record();
    pass.Confirm();
    refunds.Confirm();
    refunds.SettlePayouts();
    pass.Expire();
    pass.Announce();
    if (update.cursor) {
      tx.DeleteBlocksBelow(update.chain_id, update.cursor->number - kKeptBlocks);
      tx.SaveCursor(update.chain_id, update.cursor_before, *update.cursor);
    }
  });
  if (on_intents_updated_ && (summary.intents_updated > 0 || summary.refunds_updated > 0))
    on_intents_updated_();
  return summary;
}

namespace {

// A decision's pass: no new blocks, the chain's time as it last stood.
template <typename Fn>
bool Decide(LedgerTx& tx, const Representation& representation, std::int64_t chain_id,
            base::TimeMs chain_time, base::TimeMs now, Fn&& fn) {
  static const ChainInfo kNoChain;
  ChainUpdate update;
  update.chain_id = chain_id;
  update.head.time = chain_time;
  LedgerSummary summary;
  tx.LockChain(chain_id);
  Pass pass(tx, update, kNoChain, representation, now, summary);
  fn(pass);
  pass.Announce();
  return summary.intents_changed > 0;
}

}  // namespace

bool AttachInLedger(LedgerTx& tx, const Representation& representation, Payment payment,
                    const std::string& intent_id, base::TimeMs chain_time, base::TimeMs now) {
  return Decide(tx, representation, payment.transfer.chain_id, chain_time, now,
                [&](Pass& pass) { pass.AttachPayment(payment, intent_id); });
}

bool MatchTrustedSenderInLedger(LedgerTx& tx, const Representation& representation,
                                std::int64_t chain_id, const std::string& intent_id,
                                base::TimeMs chain_time, base::TimeMs now) {
  return Decide(tx, representation, chain_id, chain_time, now,
                [&](Pass& pass) { pass.MatchTrustedSender(intent_id); });
}

}  // namespace payd::domain
