// The intent lifecycle of DECISIONS §5 as one pure function: given the
// transfers matched to an intent that are still on the canonical chain, and
// the chain's time, what is the intent's status? Recomputing from the facts
// (rather than applying deltas) is what makes reorgs, restarts and late or
// split payments come out the same whichever order they are seen in.
//
//   CREATED  -> PENDING   a matching transfer is seen
//   PENDING  -> PAID      every matched transfer has its confirmations and they add up
//   PENDING  -> CREATED   a reorg removes the transfers before expiry
//   CREATED  -> EXPIRED   expiresAt passes (in chain time) with nothing seen
//   PENDING  -> FAILED    underpaid at expiry, or a reorg drops the transfers after
//                         expiry of an intent that had them when it expired
//   EXPIRED/FAILED -> PENDING -> PAID (PAID_LATE)   completed within the 24 h late window
//   EXPIRED -> PENDING -> EXPIRED   a reorg removes the late payment
//
// A canceled intent (canceled_at set, DECISIONS §12) is expired whatever the
// chain's time: whatever pays it is PAID_LATE, and a reorg that removes that
// takes it back to EXPIRED.
//
// Paid in full means at least the requested amount (the unique offset only
// tells intents apart); OVERPAID means more than the exact amount.
//
// PAID is final: a reorg deeper than the confirmation policy that leaves the
// confirmed transfers short of the amount keeps PAID and sets the exception
// REVERSED_AFTER_CONFIRMATION; once they are back and confirmed, it clears.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/intents/payment_intent.h"

namespace payd::domain {

struct MatchedTransfer {
  Uint256 amount = 0;
  base::TimeMs block_time = 0;
  std::int64_t confirmations = 0;
  bool confirmed = false;
  std::string tx_hash;
  std::string sender;
  // Matched by a near amount (DECISIONS §17): how far short of the price it
  // was accepted, counted as paid toward the requested amount.
  Uint256 accepted_shortfall = 0;
};

struct IntentOutcome {
  IntentStatus status = IntentStatus::kCreated;
  IntentException exception = IntentException::kNone;
  Uint256 received = 0;
  std::int64_t confirmations = 0;
  std::optional<std::string> tx_hash;  // the transfer that completed the amount
  std::optional<std::string> sender_address;
  std::optional<IntentStatus> status_at_expiry;  // set once chain time reaches expiresAt
};

IntentOutcome EvaluateIntent(const PaymentIntent& intent, std::vector<MatchedTransfer> transfers,
                             base::TimeMs chain_time);

}  // namespace payd::domain
