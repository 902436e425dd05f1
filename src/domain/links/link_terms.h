// The terms a payment link sets for the intents made from it, enforced by
// payd itself rather than trusted to the checkout page (anyone may call the
// key-less endpoint with a link's id): the link is active and on the
// integration; a fixed-price link takes exactly its amount in its
// denomination, a payer-chosen one at least its minAmount. What counts as a
// payment of the link is then what the merchant priced.
#pragma once

#include <string>

#include "domain/intents/payment_intent.h"
#include "domain/links/payment_link.h"

namespace payd::domain {

// `intent` as PrepareIntent made it (its token, decimals, requested amount,
// and amount_usd for a USD request). Throws domain::Error(kInvalidRequest)
// naming the request field that breaks the terms.
void EnforceLinkTerms(const PaymentLink& link, const std::string& integration_id,
                      const PaymentIntent& intent);

}  // namespace payd::domain
