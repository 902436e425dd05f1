#include "domain/intents/keyless_intent.h"

#include <boost/json/serialize.hpp>
#include <utility>

#include "domain/error.h"
#include "domain/links/link_terms.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

KeylessIntent CreateKeylessIntent(Store& store, const ChainCatalog& catalog, PriceSource& prices,
                                  const Representation& representation,
                                  const Integration& integration, const IntentRequest& request,
                                  const IdempotencyClaim* claim, int max_open_keyless,
                                  base::TimeMs now) {
  KeylessIntent out;
  // A retry gets its original answer before anything of today is asked: the
  // price may be gone, the link changed (DECISIONS §8).
  if (claim) {
    if (auto earlier = store.FindClaimOutcome(*claim, now)) {
      out.result = std::move(*earlier);
      return out;
    }
  }
  RequireEnabled(integration);
  out.intent = PrepareIntent(integration, catalog, prices, request, now);
  out.intent.keyless = true;
  if (request.payment_link_id) {
    auto link = store.FindPaymentLink(integration.tenant_id, *request.payment_link_id);
    if (!link) ThrowInvalid("paymentLinkId", "No such payment link on this integration.");
    EnforceLinkTerms(*link, integration.id, out.intent);
  }
  // The payer gets the payer's view (as from the public get); the merchant's
  // event carries the merchant's (metadata, integration, link).
  auto finish = [&](const PaymentIntent& stored) {
    return Store::IntentCreated{
        {201, boost::json::serialize(representation.PublicIntent(stored))},
        representation.IntentEvent(event_type::kPaymentCreated, stored, now)};
  };
  try {
    out.result = store.InsertIntent(out.intent, claim, {max_open_keyless}, finish, now);
  } catch (const Error& e) {
    // No exact amount left: the field at fault is the one the payer sent.
    if (e.param() == "amount" && request.price) {
      throw e.At(request.price_field);
    }
    throw;
  }
  return out;
}

}  // namespace payd::domain
