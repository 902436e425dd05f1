// What every key-less public endpoint does first: count the request against
// the per-IP limit, find the integration (404), check the origin (403) and
// add the CORS headers. Also answers CORS preflights.
#pragma once

#include <string_view>

#include "api/api_context.h"
#include "domain/integration.h"
#include "http/message.h"

namespace payd::api {

enum class PublicLimit { kRead, kCreateIntent };

domain::Integration AdmitPublic(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api, PublicLimit limit);
http::Response Preflight(const http::Request& req, http::RequestContext& ctx, ApiContext& api);

}  // namespace payd::api
