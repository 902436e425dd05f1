#include "domain/intent_rules.h"

#include <algorithm>

namespace payd::domain {

IntentOutcome EvaluateIntent(const PaymentIntent& intent, std::vector<MatchedTransfer> transfers,
                             base::TimeMs chain_time) {
  IntentOutcome out;
  if (intent.status == IntentStatus::kPaid) {
    out.status = IntentStatus::kPaid;
    out.exception = intent.exception;
    out.received = intent.received;
    out.confirmations = intent.confirmations;
    out.tx_hash = intent.tx_hash;
    out.sender_address = intent.sender_address;
    return out;
  }
  bool expired = chain_time >= intent.expires_at;
  if (transfers.empty()) {
    bool had_payment =
        intent.status == IntentStatus::kPending || intent.status == IntentStatus::kFailed;
    out.status = !expired ? IntentStatus::kCreated
                          : (had_payment ? IntentStatus::kFailed : IntentStatus::kExpired);
    return out;
  }
  // In chain order, so that "the transfer that completed the amount" is well defined.
  std::stable_sort(transfers.begin(), transfers.end(),
                   [](const auto& a, const auto& b) { return a.block_time < b.block_time; });
  const MatchedTransfer* completing = nullptr;
  bool all_confirmed = true;
  out.confirmations = transfers.front().confirmations;
  for (const auto& t : transfers) {
    out.received += t.amount;
    // The exact amount's offset only tells intents apart: paying the amount
    // asked (as a payer known by sender hint may) is paying in full.
    if (!completing && out.received >= intent.requested_amount) completing = &t;
    all_confirmed = all_confirmed && t.confirmed;
    out.confirmations = std::min(out.confirmations, t.confirmations);
  }
  if (!completing) {
    out.exception = IntentException::kUnderpaid;
    out.status = expired ? IntentStatus::kFailed : IntentStatus::kPending;
    out.tx_hash = transfers.back().tx_hash;
    out.sender_address = transfers.back().sender;
    return out;
  }
  out.tx_hash = completing->tx_hash;
  out.sender_address = completing->sender;
  if (completing->block_time > intent.expires_at) {
    out.exception = IntentException::kPaidLate;
  } else if (out.received > intent.amount) {
    out.exception = IntentException::kOverpaid;
  }
  out.status = all_confirmed ? IntentStatus::kPaid : IntentStatus::kPending;
  return out;
}

}  // namespace payd::domain
