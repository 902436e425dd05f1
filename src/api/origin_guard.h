// The origin check of the public widget endpoints (DECISIONS §9): the Origin
// header decides; without it, the origin of Referer; with neither, 403. The
// service's own origin (its hosted /pay pages) is always allowed. Allowed
// requests get CORS headers naming their origin.
#pragma once

#include <optional>
#include <string>

#include "domain/integration.h"
#include "http/message.h"

namespace payd::api {

// Returns the request's origin if the integration allows it; throws 403
// origin_not_allowed otherwise.
std::string RequireAllowedOrigin(const http::Request& req, const domain::Integration& integration,
                                 const std::string& public_url);
// The request's origin if it is sent and allowed; nothing otherwise.
std::optional<std::string> AllowedOrigin(const http::Request& req,
                                         const domain::Integration& integration,
                                         const std::string& public_url);
void AddCorsHeaders(http::RequestContext& ctx, const std::string& origin);

}  // namespace payd::api
