#include "domain/refunds/refund_ledger.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "domain/payouts/payout_view.h"
#include "domain/refunds/refund_view.h"

namespace payd::domain {

namespace {

std::string_view EventOf(const Refund& r, RefundPass::Move move) {
  using namespace event_type;
  switch (move) {
    case RefundPass::Move::kSent:
      return r.IsPayoutLine() ? kPayoutLineSent : kRefundSent;
    case RefundPass::Move::kConfirmed:
      return r.IsPayoutLine() ? kPayoutLineConfirmed : kRefundConfirmed;
    case RefundPass::Move::kReversed:
      return r.IsPayoutLine() ? kPayoutLineReversed : kRefundReversed;
    case RefundPass::Move::kNone:
      break;
  }
  return "";
}

}  // namespace

void RefundPass::Save(Refund& refund, Move move) {
  refund.updated_at = now_;
  tx_.UpdateRefund(refund);
  ++updated_;
  std::string_view event = EventOf(refund, move);
  if (event.empty()) return;
  if (!refund.IsPayoutLine()) {
    tx_.InsertEvent(RefundEvent(event, refund, now_));
    if (move != Move::kSent) tx_.RecountRefunded(refund.payment_id);
    return;
  }
  tx_.InsertEvent(PayoutLineEvent(event, refund, now_));
  payouts_moved_.insert(*refund.payout_id);
}

void RefundPass::SettlePayouts() {
  // Once per payout, not per line: a batch's hundreds of lines move in one pass.
  for (const std::string& id : payouts_moved_) {
    auto payout = tx_.PayoutById(id);
    if (!payout) continue;
    bool completed = payout->Status() == PayoutStatus::kCompleted;
    if (completed == payout->completed_at.has_value()) continue;
    payout->completed_at = completed ? std::optional(now_) : std::nullopt;
    payout->updated_at = now_;
    tx_.UpdatePayout(*payout);
    if (completed) tx_.InsertEvent(PayoutEvent(event_type::kPayoutCompleted, *payout, now_));
  }
  payouts_moved_.clear();
}

void RefundPass::Rewind() {
  if (!update_.rewind_to) return;
  for (Refund r : tx_.RefundsSentAbove(update_.chain_id, *update_.rewind_to)) {
    bool was_confirmed = r.status == RefundStatus::kConfirmed;
    r.status = was_confirmed ? RefundStatus::kReversed : RefundStatus::kReady;
    r.transfer.reset();
    r.confirmations = 0;
    r.sent_at.reset();
    r.confirmed_at.reset();
    Save(r, Move::kReversed);
  }
}

void RefundPass::Record() {
  // Most transfers of a pass are payments coming in: only those sent by a
  // payout address with a refund waiting (the watcher's `senders`) are looked up.
  std::set<std::string_view> senders(update_.senders.begin(), update_.senders.end());
  if (senders.empty()) return;
  for (const ObservedTransfer& t : update_.transfers) {
    if (!senders.contains(t.sender) || t.sender == t.recipient) continue;
    if (tx_.RefundTransferTaken(t.chain_id, t.tx_hash, t.position, t.block_hash)) continue;
    auto refund = tx_.RefundAwaiting(t.chain_id, t.TokenKey(), t.sender, t.recipient, t.amount);
    if (!refund) continue;
    refund->status = RefundStatus::kSent;
    refund->transfer =
        RefundTransfer{t.tx_hash, t.position, t.block_number, t.block_hash, t.block_time};
    refund->confirmations = std::max<std::int64_t>(0, update_.head.latest - t.block_number + 1);
    refund->sent_at = now_;
    Save(*refund, Move::kSent);
  }
}

void RefundPass::Confirm() {
  for (Refund r : tx_.SentRefunds(update_.chain_id)) {
    if (!r.transfer) continue;
    std::int64_t number = r.transfer->block_number;
    std::int64_t confirmations = std::max<std::int64_t>(0, update_.head.latest - number + 1);
    bool confirmed = IsConfirmed(chain_.confirmations, number, update_.head);
    if (confirmations == r.confirmations && !confirmed) continue;
    r.confirmations = confirmations;
    if (!confirmed) {
      Save(r, Move::kNone);
      continue;
    }
    r.status = RefundStatus::kConfirmed;
    r.confirmed_at = now_;
    Save(r, Move::kConfirmed);
  }
}

}  // namespace payd::domain
