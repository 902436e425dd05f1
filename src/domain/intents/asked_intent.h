// Intents created through /v1 (DECISIONS §12): stored with the merchant's
// asked terms and no chain yet (PaymentIntent::asked, chain_id 0); the
// payer's choice of one of their options, on the hosted page, fills in the
// chain, the token and the amount, and may be made again while nothing is
// seen on chain. Terms are checked before (v1_intent_terms.h).
#pragma once

#include <optional>
#include <string>

#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/pricing.h"
#include "domain/store.h"
#include "domain/views/representation.h"

namespace payd::domain {

struct AskedIntentRequest {
  AskedTerms terms;
  std::string metadata_json = "{}";
  base::TimeMs lifetime_ms = kDefaultIntentLifetimeMs;  // operator's setting
};

// The intent to store: unchosen, its recipient the integration's payout
// address. `return_url`: where the hosted page sends the payer once paid;
// throws domain::Error naming returnUrl when it is not one a link could have
// (CheckReturnUrl).
PaymentIntent PrepareAskedIntent(const Integration& integration, const AskedIntentRequest& request,
                                 base::TimeMs now,
                                 const std::optional<std::string>& return_url = std::nullopt);

// Throws PriceUnavailable when the intent's price is in a currency with no
// usable rate now: refused when asked (503), not first at the payer's choice.
void RequireRate(const PaymentIntent& intent, PriceSource& prices);

// `intent` with `option` chosen: its chain and token, and the asked amount in
// that token's smallest units (a USD amount at the current price, rounded up;
// a token amount as written). Throws domain::Error (invalid, param "option")
// for an option the intent does not offer, PriceUnavailable without a price.
PaymentIntent WithChoice(const PaymentIntent& intent, const PayOption& option,
                         const ChainCatalog& catalog, PriceSource& prices);

// Records the payer's choice (Store::ChooseIntentOption). Nothing when the
// intent does not exist or no longer takes a choice.
std::optional<PaymentIntent> ChooseOption(Store& store, const ChainCatalog& catalog,
                                          PriceSource& prices, const std::string& intent_id,
                                          const PayOption& option, base::TimeMs now);

// Expires the asked intents never chosen whose expiresAt has passed at `now`
// (the wall clock), each with its PAYMENT_EXPIRED event; how many (at most
// `limit`: the caller comes back for the rest).
int ExpireUnchosenIntents(Store& store, const Representation& representation, base::TimeMs now,
                          int limit);

}  // namespace payd::domain
