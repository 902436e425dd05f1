// The JSON shapes of intents and payments (DECISIONS §5, §6). They live in
// the domain because two layers need the very same shape: the REST API shows
// objects with them, and events (hence webhooks) carry them as snapshots.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "domain/intents/payment_intent.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

// The merchant's decision on an intent, as the API shows it.
boost::json::object ResolutionView(const Resolution& resolution);
// {value: "1.0825", sources: ["chainlink:1", "ecb"], at}: the rate an intent's price was converted
// with.
boost::json::object RateView(const CurrencyRate& rate);
// `matchedBy` ("near_amount" or null) and `underpaidBy` (the shortfall accepted
// in token units, or null) of DECISIONS §17, in both intent shapes.
void NearAmountFields(boost::json::object& out, const PaymentIntent& intent);

struct Representation {
  const ChainCatalog& catalog;
  std::string public_url;  // base of checkoutUrl

  // The merchant's full view (REST, events).
  boost::json::object Intent(const PaymentIntent& intent) const;
  // What the payer's checkout page may see: no metadata, no internal ids.
  boost::json::object PublicIntent(const PaymentIntent& intent) const;
  boost::json::object Payment(const domain::Payment& payment) const;

  // The /v1 shapes (DECISIONS §12, representation_v1.cpp): the spec's preview
  // fields with lowercase statuses, the amount in the currency it was asked in.
  boost::json::object IntentV1(const PaymentIntent& intent) const;
  boost::json::object PaymentV1(const domain::Payment& payment) const;

  // An event about the intent or payment, carrying its snapshot in both
  // shapes: endpoints take the one they were made for (Event::DataFor).
  Event IntentEvent(std::string_view type, const PaymentIntent& intent, base::TimeMs now) const;
  Event PaymentEvent(std::string_view type, const domain::Payment& payment, base::TimeMs now) const;
};

// Turns a payment's /api/v1 shape into its /v1 one, in place: the status in
// lower case, every other field as it is. PaymentV1, and Event::DataFor for
// payment events, which store the /api/v1 body alone.
void PaymentToV1Shape(boost::json::object& payment);

}  // namespace payd::domain
