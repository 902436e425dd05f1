// Creating a payment intent on the payer's side, without a key: the public
// endpoint (POST /public/integrations/:publicId/intent, used by the widget and
// the SDK) and the hosted link page (POST /pay/<plink_…>) both come here, so
// that a payment link's terms and the cap on open key-less intents hold
// whichever way the payer arrives.
#pragma once

#include "domain/integration.h"
#include "domain/intents/idempotency.h"
#include "domain/intents/intent_request.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/pricing.h"
#include "domain/store.h"
#include "domain/views/representation.h"

namespace payd::domain {

struct KeylessIntent {
  CreateResult result;   // kLimitReached: the integration holds its most open key-less intents
  PaymentIntent intent;  // as stored, exact amount included, when result.outcome is kCreated
};

// With a claim whose key an earlier request used, answers that request's
// outcome (replay or conflict) and runs nothing else. Otherwise prepares the
// intent (PrepareIntent), checks the payment link's terms when the
// request names one, and stores it with its PAYMENT_CREATED event; the stored
// response is the payer's view. Throws domain::Error naming the request field
// at fault ("amount_usd" when no exact amount is left for a USD request).
KeylessIntent CreateKeylessIntent(Store& store, const ChainCatalog& catalog, PriceSource& prices,
                                  const Representation& representation,
                                  const Integration& integration, const IntentRequest& request,
                                  const IdempotencyClaim* claim, int max_open_keyless,
                                  base::TimeMs now);

}  // namespace payd::domain
