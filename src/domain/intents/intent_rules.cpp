#include "domain/intents/intent_rules.h"

#include <algorithm>

namespace payd::domain {

namespace {

// The transfers in chain order, the total, and the one that completed the
// requested amount (the exact amount's offset only tells intents apart:
// paying the amount asked, as a payer known by sender hint may, is paying in full).
struct Tally {
  Uint256 received = 0;
  Uint256 confirmed = 0;  // with the shortfalls accepted (below)
  const MatchedTransfer* completing = nullptr;
  bool all_confirmed = true;
  std::int64_t confirmations = 0;
};

Tally Count(const PaymentIntent& intent, std::vector<MatchedTransfer>& transfers) {
  std::stable_sort(transfers.begin(), transfers.end(),
                   [](const auto& a, const auto& b) { return a.block_time < b.block_time; });
  Tally t;
  if (!transfers.empty()) t.confirmations = transfers.front().confirmations;
  // A near-amount match's accepted shortfall counts toward the requested
  // amount (DECISIONS §17), never toward what was received.
  Uint256 credited = 0;
  for (const auto& m : transfers) {
    t.received += m.amount;
    credited += m.amount + m.accepted_shortfall;
    if (m.confirmed) t.confirmed += m.amount + m.accepted_shortfall;
    if (!t.completing && credited >= intent.requested_amount) t.completing = &m;
    t.all_confirmed = t.all_confirmed && m.confirmed;
    t.confirmations = std::min(t.confirmations, m.confirmations);
  }
  return t;
}

// A canceled intent was over when the merchant said so: block times, which
// may lag the wall clock that stamped the cancel by seconds (or more), do
// not make what pays it afterwards on time.
IntentException PaidException(const PaymentIntent& intent, const Tally& t) {
  if (intent.canceled_at || t.completing->block_time > intent.expires_at)
    return IntentException::kPaidLate;
  if (t.received > intent.amount) return IntentException::kOverpaid;
  return IntentException::kNone;
}

// What the intent was at expiresAt, from the transfers in blocks up to then.
IntentStatus StatusAtExpiry(const PaymentIntent& intent,
                            const std::vector<MatchedTransfer>& transfers) {
  if (intent.status == IntentStatus::kPaid) return IntentStatus::kPaid;
  // Only a CREATED intent with nothing seen can be canceled: it had nothing.
  if (intent.canceled_at) return IntentStatus::kExpired;
  Uint256 before = 0;
  for (const auto& m : transfers) {
    if (m.block_time <= intent.expires_at) before += m.amount + m.accepted_shortfall;
  }
  if (before == 0) return IntentStatus::kExpired;
  return before < intent.requested_amount ? IntentStatus::kFailed : IntentStatus::kPending;
}

// Of two readings of what the intent was at expiresAt, the one with more paid.
IntentStatus MostAtExpiry(std::optional<IntentStatus> recorded, IntentStatus now) {
  auto rank = [](IntentStatus s) {
    switch (s) {
      case IntentStatus::kExpired:
        return 0;
      case IntentStatus::kFailed:
        return 1;
      case IntentStatus::kPending:
        return 2;
      default:
        return 3;  // PAID
    }
  };
  return recorded && rank(*recorded) >= rank(now) ? *recorded : now;
}

// PAID is final; only whether what paid it is still confirmed on chain may change.
IntentOutcome StayPaid(const PaymentIntent& intent, std::vector<MatchedTransfer> transfers) {
  IntentOutcome out;
  out.status = IntentStatus::kPaid;
  out.tx_hash = intent.tx_hash;
  out.sender_address = intent.sender_address;
  out.confirmations = intent.confirmations;
  Tally t = Count(intent, transfers);
  out.received = t.received;
  if (t.confirmed < intent.requested_amount) {
    out.exception = IntentException::kReversedAfterConfirmation;
  } else if (intent.exception == IntentException::kReversedAfterConfirmation) {
    out.exception = PaidException(intent, t);  // what paid it is back and confirmed again
    out.confirmations = t.confirmations;
  } else {
    out.exception = intent.exception;
  }
  return out;
}

}  // namespace

IntentOutcome EvaluateIntent(const PaymentIntent& intent, std::vector<MatchedTransfer> transfers,
                             base::TimeMs chain_time) {
  bool expired = intent.canceled_at || intent.IsExpiredAt(chain_time);
  // What it had at expiresAt is the most its matched transfers ever showed:
  // a transfer made in time may be read after the expiry was applied (the
  // next transfer of the same pass, logs indexed late), while one that a
  // reorganisation took after expiry still counts as had. A reorganisation
  // may also take the chain clock back before expiresAt: the expiry it had
  // seen is then undone, and is judged afresh when it passes again.
  std::optional<IntentStatus> at_expiry;
  if (expired) at_expiry = MostAtExpiry(intent.status_at_expiry, StatusAtExpiry(intent, transfers));

  IntentOutcome out;
  if (intent.status == IntentStatus::kPaid) {
    out = StayPaid(intent, std::move(transfers));
    out.status_at_expiry = at_expiry;
    return out;
  }
  out.status_at_expiry = at_expiry;
  if (transfers.empty()) {
    // After expiry, an intent that had something when it expired failed; one
    // that had expired unpaid (and lost a late payment since) is EXPIRED again.
    out.status = !expired ? IntentStatus::kCreated
                          : (at_expiry == IntentStatus::kExpired ? IntentStatus::kExpired
                                                                 : IntentStatus::kFailed);
    return out;
  }
  Tally t = Count(intent, transfers);
  out.received = t.received;
  out.confirmations = t.confirmations;
  if (!t.completing) {
    out.exception = IntentException::kUnderpaid;
    out.status = expired ? IntentStatus::kFailed : IntentStatus::kPending;
    out.tx_hash = transfers.back().tx_hash;
    out.sender_address = transfers.back().sender;
    return out;
  }
  out.tx_hash = t.completing->tx_hash;
  out.sender_address = t.completing->sender;
  out.exception = PaidException(intent, t);
  out.status = t.all_confirmed ? IntentStatus::kPaid : IntentStatus::kPending;
  return out;
}

}  // namespace payd::domain
