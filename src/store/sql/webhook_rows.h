// Rows of webhook endpoints, deliveries, events and secrets, read and written
// inside the caller's transaction: shared by the store's own methods
// (webhooks.cpp) and the management transaction (management.cpp).
#pragma once

#include <optional>
#include <string>

#include "domain/people/tenant.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

inline constexpr const char* kEndpointColumns =
    "id, tenant_id, url, event_types, enabled, disabled_reason, created_at, description, "
    "payload_shape, secret";
inline constexpr const char* kEventColumns = "id, tenant_id, type, data, created_at, data_v1";

domain::WebhookEndpoint ReadEndpoint(const Query& q);
domain::Event ReadEvent(const Query& q);

// The endpoint of this id, in any tenant when `tenant_id` is empty.
std::optional<domain::WebhookEndpoint> EndpointById(Connection& c, const std::string& tenant_id,
                                                    const std::string& id);
void InsertEndpointRow(Connection& c, const domain::WebhookEndpoint& endpoint);
void UpdateEndpointRow(Connection& c, const domain::WebhookEndpoint& endpoint);
// A closed endpoint gets nothing: its deliveries not yet made fail, saying why.
// One in flight (its lease running at `now`) was sent already: its worker
// records how it went, and a retry of it is failed when claimed.
void FailOpenDeliveries(Connection& c, const std::string& endpoint_id, const std::string& why,
                        base::TimeMs now);
void InsertDeliveryRow(Connection& c, const domain::WebhookDelivery& delivery);
void RotateSecretRows(Connection& c, const domain::WebhookSecret& secret,
                      base::TimeMs previous_expires_at);

}  // namespace payd::store::sql
