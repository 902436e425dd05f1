// The merchant's cancel of an intent it no longer wants (DECISIONS §12): one
// transaction with its PAYMENT_EXPIRED event and its audit row, used alike by
// /v1, /api/v1 and the CLI.
#pragma once

#include <optional>
#include <string>

#include "domain/intents/payment_intent.h"
#include "domain/management/change.h"
#include "domain/views/representation.h"

namespace payd::domain {

// A CREATED intent (its payer's choice made or not) becomes EXPIRED at once:
// `canceledAt` and `expiresAt` are the change's time, so that its 24 h late
// window, and the reservation of its exact amount, run from then; whatever
// pays it afterwards is a late payment (PAID_LATE, DECISIONS §5). Emits the
// PAYMENT_EXPIRED an expiry emits.
//
// None when the tenant has no such intent. An intent canceled already is
// answered as it is (a retry: no second event, no second audit row). 400
// naming `id` for any other intent: PENDING or PAID (money was seen), FAILED,
// or EXPIRED (expiresAt passed, by the chain's time or payd's clock).
std::optional<PaymentIntent> CancelIntent(const Change& change,
                                          const Representation& representation,
                                          const std::string& intent_id);

}  // namespace payd::domain
