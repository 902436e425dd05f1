// The merchant's decisions on irregular payments (DECISIONS §5 "the merchant
// decides", §13), each in one transaction with its audit row and the events
// of what it moved:
//   - attach an unmatched payment to an intent of the same chain and token
//     (the ledger then counts it as if it had matched: PENDING, PAID, ...);
//   - resolve an underpaid, overpaid, late or reversed intent as paid or not,
//     with a note (PAYMENT_RESOLVED, after PAYMENT_CONFIRMED or
//     PAYMENT_FAILED/EXPIRED when its status changes); from then on its status
//     is the merchant's and it takes no new transfers (they stay unmatched);
//   - set a trusted sender hint (rule 2, merchant-given), which also takes the
//     unmatched transfers that sender made while the intent waited.
// The ledger's rules carry them out (domain/ledger/ledger.h), at the time of the
// chain's last processed block.
#pragma once

#include <optional>
#include <string>

#include "domain/intents/payment_intent.h"
#include "domain/ledger/payment.h"
#include "domain/management/change.h"
#include "domain/views/representation.h"

namespace payd::domain {

// The payment as attached; none when the tenant has no such payment. 400
// naming `intentId` (no such intent, another chain or token, not chosen yet,
// resolved) or the payment's id (already matched, taken by a reorg).
std::optional<Payment> AttachPayment(const Change& change, const Representation& representation,
                                     const std::string& payment_id, const std::string& intent_id);

// The intent as resolved; none when the tenant has no such intent. 400 when
// it has nothing irregular to resolve, or was resolved the other way (the
// same decision again answers it as it is). `note`: at most 1,000 characters.
std::optional<PaymentIntent> ResolveIntent(const Change& change,
                                           const Representation& representation,
                                           const std::string& intent_id, bool paid,
                                           const std::string& note);

// The intent with `address` as its trusted sender hint (source merchant);
// none when the tenant has no such intent. 400 naming `address` (not an
// EIP-55 address); kNotWaiting when the intent no longer waits for payment.
std::optional<PaymentIntent> SetMerchantSenderHint(const Change& change,
                                                   const Representation& representation,
                                                   const std::string& intent_id,
                                                   const std::string& address);

}  // namespace payd::domain
