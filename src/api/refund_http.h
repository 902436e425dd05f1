// What /api/v1/refunds (refunds.cpp) and /v1/refunds (v1_refunds.cpp) share:
// the two differ in the refund's shape alone.
#pragma once

#include <boost/json/object.hpp>

#include "api/api_context.h"
#include "domain/refunds/refund.h"
#include "http/message.h"

namespace payd::api {

// What a `status` filter of refunds may be, for its 400.
inline constexpr const char* kRefundStatusNames =
    "requested, address_needed, ready, sent, confirmed, canceled, reversed";

using RefundRender = boost::json::object (*)(const domain::Refund&);

// POST .../refunds/:id/cancel: the key may cancel refunds (refunds:write), no
// query or body; the refund as canceled (as it is when canceled already) in
// `render`'s shape, 404 when the tenant has no such refund.
http::Response CancelRefundAnswer(const http::Request& req, http::RequestContext& ctx,
                                  ApiContext& api, RefundRender render);

}  // namespace payd::api
