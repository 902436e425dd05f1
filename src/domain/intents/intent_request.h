// Creating a payment intent on an integration (POST
// /public/integrations/:publicId/intent): which inputs are acceptable and
// what intent they make. The exact (unique) amount is chosen later, by the
// store, in the transaction that stores the intent.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/currency.h"
#include "domain/money/pricing.h"

namespace payd::domain {

// Inputs already known to be of the right JSON types.
struct IntentRequest {
  // A price in a currency (DECISIONS §14): the public endpoint's amount_usd
  // ({amount_usd, "USD"}), a currency link's amount in the link's currency.
  std::optional<Price> price;
  std::string price_field = "amount_usd";  // the field a price error names
  std::optional<std::string> amount;       // smallest units
  std::string currency;                    // token symbol
  std::int64_t chain_id = 0;
  std::string metadata_json = "{}";
  std::optional<std::string> sender_address;
  std::optional<std::string> payment_link_id;           // checked by the caller
  base::TimeMs lifetime_ms = kDefaultIntentLifetimeMs;  // operator's setting
};

// Throws domain::Error naming the field at fault, or kUnavailable when a
// price needs a rate or a token price that cannot be had.
PaymentIntent PrepareIntent(const Integration& integration, const ChainCatalog& catalog,
                            PriceSource& prices, const IntentRequest& request, base::TimeMs now);

}  // namespace payd::domain
