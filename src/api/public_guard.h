// What every key-less public endpoint does first: find the integration,
// count the request against the per-client limit (429; the bucket's
// X-RateLimit-* headers on every answer), check the origin (403) and add the
// CORS headers. Also answers CORS preflights.
//
// Buckets: reads and writes of a known integration count per (client,
// integration); requests naming an unknown integration get 404 and count in
// one bucket per client whatever the id, at the read limit, so that made-up
// ids neither fill the limiter nor escape it.
#pragma once

#include <string_view>

#include "api/api_context.h"
#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "http/message.h"

namespace payd::api {

// kWrite: intent creation and sender proofs (`public_intents_per_min`).
enum class PublicLimit { kRead, kWrite };

domain::Integration AdmitPublic(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api, PublicLimit limit);
// The integration's payment intent named by the path's `:id` (404 otherwise).
domain::PaymentIntent IntentOfPath(const domain::Integration& integration,
                                   const http::RequestContext& ctx, ApiContext& api);
http::Response Preflight(const http::Request& req, http::RequestContext& ctx, ApiContext& api);

}  // namespace payd::api
