#include "api/origin_guard.h"

#include "api/api_error.h"
#include "domain/access/origin.h"

namespace payd::api {

namespace {

constexpr const char* kExposedHeaders =
    "X-Request-Id, Idempotent-Replayed, X-RateLimit-Limit, X-RateLimit-Remaining, "
    "X-RateLimit-Reset, Retry-After";

[[noreturn]] void Refuse(std::string message) {
  throw ApiError(http::Status::forbidden, "origin_not_allowed", std::move(message));
}

}  // namespace

std::string RequireAllowedOrigin(const http::Request& req, const domain::Integration& integration,
                                 const std::string& public_url) {
  std::string_view origin_header = req[http::beast_http::field::origin];
  std::string_view referer = req[http::beast_http::field::referer];
  std::optional<domain::Origin> origin;
  if (!origin_header.empty()) {
    origin = domain::ParseOrigin(origin_header);
    if (!origin)
      Refuse("Origin '" + std::string(origin_header) + "' is not allowed for this integration.");
  } else if (!referer.empty()) {
    origin = domain::OriginOfUrl(referer);
    if (!origin) Refuse("The Referer header is not a URL this integration allows.");
  } else {
    Refuse("An Origin or Referer header is required on public endpoints.");
  }
  auto self = domain::OriginOfUrl(public_url);
  if ((self && *origin == *self) || domain::OriginAllowed(integration.OriginRules(), *origin)) {
    return origin->ToString();
  }
  Refuse("Origin " + origin->ToString() + " is not in this integration's allowlist.");
}

std::optional<std::string> AllowedOrigin(const http::Request& req,
                                         const domain::Integration& integration,
                                         const std::string& public_url) {
  try {
    return RequireAllowedOrigin(req, integration, public_url);
  } catch (const ApiError&) {
    return std::nullopt;
  }
}

void AddCorsHeaders(http::RequestContext& ctx, const std::string& origin) {
  ctx.response_headers.emplace_back("Access-Control-Allow-Origin", origin);
  // Without this a page's script sees none of these headers (CORS safelists only a few).
  ctx.response_headers.emplace_back("Access-Control-Expose-Headers", kExposedHeaders);
  ctx.response_headers.emplace_back("Vary", "Origin");
}

}  // namespace payd::api
