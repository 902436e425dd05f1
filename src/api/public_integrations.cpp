// /public/integrations/:publicId: the key-less endpoint a widget or the hosted
// page calls to learn an integration's chains and tokens. Guarded by the
// origin allowlist and a per-IP limit; answers CORS preflights.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/origin_guard.h"
#include "api/routes.h"
#include "api/views.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

constexpr const char* kAllowedMethods = "GET, POST, OPTIONS";
constexpr const char* kAllowedHeaders = "Content-Type, Idempotency-Key";
constexpr const char* kPreflightMaxAge = "600";

domain::Integration LoadIntegration(const http::RequestContext& ctx, ApiContext& api) {
  std::string id(ctx.Param("publicId"));
  auto integration = api.store.FindIntegrationById(id);
  if (!integration)
    throw ApiError(http::Status::not_found, "not_found", "No such integration: " + id);
  return *integration;
}

void ChargePublicRead(const http::RequestContext& ctx, ApiContext& api) {
  std::string bucket = "read|" + ctx.remote_ip + "|" + std::string(ctx.Param("publicId"));
  if (!api.public_limiter.Allow(bucket, api.public_reads_per_min, base::NowMs())) {
    throw ApiError(http::Status::too_many_requests, "rate_limited",
                   "Too many requests from this address; retry in a minute.")
        .WithHeader("Retry-After", "60");
  }
}

http::Response GetConfig(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  ChargePublicRead(ctx, api);
  ParseQuery(req, {});
  auto integration = LoadIntegration(ctx, api);
  AddCorsHeaders(ctx, RequireAllowedOrigin(req, integration, api.public_url));
  return http::JsonResponse(http::Status::ok, PublicIntegrationView(integration, api.catalog));
}

http::Response Preflight(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  ChargePublicRead(ctx, api);
  auto integration = LoadIntegration(ctx, api);
  AddCorsHeaders(ctx, RequireAllowedOrigin(req, integration, api.public_url));
  http::Response res{http::Status::no_content, 11};
  res.set("Access-Control-Allow-Methods", kAllowedMethods);
  res.set("Access-Control-Allow-Headers", kAllowedHeaders);
  res.set("Access-Control-Max-Age", kPreflightMaxAge);
  return res;
}

}  // namespace

void AddPublicIntegrationRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/public/integrations/:publicId",
             Endpoint([&api](const auto& req, auto& ctx) { return GetConfig(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId",
             Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); }));
}

}  // namespace payd::api
