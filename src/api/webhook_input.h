// Reading webhook endpoint requests, shared by /v1/webhooks and
// /api/v1/webhook-endpoints: the same fields, checked the same way.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "domain/management/webhook_endpoints.h"
#include "http/message.h"

namespace payd::api {

// `url`, `events` (a list of event types, or null for every type),
// `description`; `payloadShape` ("events" or "v1") when `with_shape`.
domain::NewEndpoint ReadNewEndpoint(const boost::json::object& body, bool with_shape,
                                    domain::PayloadShape shape);
// Any of `url`, `events`, `description`, `enabled`; null clears `events`
// (every type) and `description`. At least one field.
domain::EndpointPatch ReadEndpointPatch(const boost::json::object& body);

}  // namespace payd::api
