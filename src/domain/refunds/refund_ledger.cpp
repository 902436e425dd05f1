#include "domain/refunds/refund_ledger.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "domain/refunds/refund_view.h"

namespace payd::domain {

void RefundPass::Save(Refund& refund, std::string_view event) {
  refund.updated_at = now_;
  tx_.UpdateRefund(refund);
  ++updated_;
  if (!event.empty()) tx_.InsertEvent(RefundEvent(event, refund, now_));
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
    Save(r, event_type::kRefundReversed);
    if (was_confirmed) tx_.RecountRefunded(r.payment_id);
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
    Save(*refund, event_type::kRefundSent);
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
      Save(r, "");
      continue;
    }
    r.status = RefundStatus::kConfirmed;
    r.confirmed_at = now_;
    Save(r, event_type::kRefundConfirmed);
    tx_.RecountRefunded(r.payment_id);
  }
}

}  // namespace payd::domain
