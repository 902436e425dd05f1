// What the merchant is told when the ledger moves an intent (DECISIONS §5,
// §7): one event per move of the lifecycle, in order, even when one chain
// pass takes the intent several moves at once. A payment seen and confirmed
// in the same pass is PAYMENT_PENDING, then PAYMENT_CONFIRMED; a late payment
// of an intent whose expiry the same pass reached is PAYMENT_EXPIRED, then
// PAYMENT_PENDING. Pure: the ledger writes the events.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "domain/intents/payment_intent.h"

namespace payd::domain {

// An intent as it was before a pass touched it.
struct IntentBefore {
  IntentStatus status = IntentStatus::kCreated;
  IntentException exception = IntentException::kNone;
  std::optional<IntentStatus> status_at_expiry;  // set once its expiry was applied
};

// One event to record: its type and the intent's status and exception at
// that step (the last step is the intent as it now is).
struct IntentMove {
  std::string_view type;
  IntentStatus status;
  IntentException exception;
};

// The moves from `before` to `now`, oldest first; empty when nothing the
// merchant is told about changed.
std::vector<IntentMove> MovesBetween(const IntentBefore& before, const PaymentIntent& now);

}  // namespace payd::domain
