// The JSON shapes of the API's objects. One function per resource view, so
// that a field is named in exactly one place.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "domain/integration.h"
#include "domain/management/payment_links.h"
#include "domain/money/chain_catalog.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"

namespace payd::api {

using domain::PaymentLinkView;

boost::json::object EventView(const domain::Event& event);
boost::json::object DeliveryView(const domain::WebhookDelivery& delivery);
// The spec's integration configuration: what a widget needs to offer chains and tokens.
boost::json::object PublicIntegrationView(const domain::Integration& integration,
                                          const domain::ChainCatalog& catalog);

}  // namespace payd::api
