#include "api/public_guard.h"

#include "api/api_error.h"
#include "api/origin_guard.h"
#include "api/public_limiter.h"
#include "api/rest_auth.h"
#include "http/client_address.h"

namespace payd::api {

namespace {

constexpr const char* kAllowedMethods = "GET, POST, OPTIONS";
constexpr const char* kAllowedHeaders = "Content-Type, Idempotency-Key, X-API-Key";
constexpr const char* kPreflightMaxAge = "600";

// True when the request carries an integration key of `integration` (it is
// then admitted whatever its origin); throws 401 for an integration key that
// is another integration's, revoked, expired, unknown or malformed (anything
// with its prefix). Anything else in X-API-Key is not looked at: the
// origin decides, as without a key.
bool AdmittedByKey(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                   const domain::Integration& integration) {
  std::string_view header = req["X-API-Key"];
  auto presented = domain::ParsePresentedKey(header);
  bool integration_shaped = false;
  for (auto env : {domain::Environment::kTestnet, domain::Environment::kMainnet})
    integration_shaped |= header.starts_with(domain::KeyPrefix(domain::KeyKind::kIntegration, env));
  if (!presented && integration_shaped) {
    throw ApiError(http::Status::unauthorized, "unauthorized", "Unknown integration key.")
        .WithHeader("WWW-Authenticate", "Bearer");
  }
  if (!presented || presented->kind != domain::KeyKind::kIntegration) return false;
  auto auth = domain::AuthenticateIntegrationKey(api.store, *presented, api.environment,
                                                 integration.id, base::NowMs());
  if (!auth.principal) {
    throw ApiError(http::Status::unauthorized, AuthErrorCode(auth.failure), auth.message)
        .WithHeader("WWW-Authenticate", "Bearer");
  }
  ctx.key_id = auth.principal->key_id;
  return true;
}

// The numbers of the bucket the request counted in, as /api/v1 sends a key's
// (DECISIONS §9), on every answer to it, refusals included; a page's script
// can read them (Access-Control-Expose-Headers, origin_guard.cpp).
void AddRateLimitHeaders(http::RequestContext& ctx, const domain::RateDecision& rate) {
  ctx.response_headers.emplace_back("X-RateLimit-Limit", std::to_string(rate.limit));
  ctx.response_headers.emplace_back("X-RateLimit-Remaining", std::to_string(rate.remaining));
  ctx.response_headers.emplace_back("X-RateLimit-Reset", std::to_string(rate.reset_epoch_s));
}

}  // namespace

domain::Integration AdmitPublic(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api, PublicLimit limit) {
  std::string id(ctx.Param("publicId"));
  std::string client = http::ClientKey(ctx.remote_ip);
  auto integration = api.store.FindIntegrationById(id);
  bool write = limit == PublicLimit::kWrite;
  std::string bucket = !integration ? "unknown|" + client
                                    : std::string(write ? "write|" : "read|") + client + "|" + id;
  int per_min = integration && write ? api.public_intents_per_min : api.public_reads_per_min;
  auto rate = api.public_limiter.Charge(bucket, per_min, base::NowMs());
  AddRateLimitHeaders(ctx, rate);
  if (!rate.allowed) {
    throw ApiError(http::Status::too_many_requests, "rate_limited",
                   "Too many requests from this address; retry in a minute.")
        .WithHeader("Retry-After", "60");
  }
  if (!integration)
    throw ApiError(http::Status::not_found, "not_found", "No such integration: " + id);
  if (!AdmittedByKey(req, ctx, api, *integration)) {
    AddCorsHeaders(ctx, RequireAllowedOrigin(req, *integration, api.public_url));
  } else if (auto origin = AllowedOrigin(req, *integration, api.public_url)) {
    AddCorsHeaders(ctx, *origin);  // a page of an allowed origin may read the answer too
  }
  return *integration;
}

domain::PaymentIntent IntentOfPath(const domain::Integration& integration,
                                   const http::RequestContext& ctx, ApiContext& api) {
  std::string id(ctx.Param("id"));
  auto intent = api.store.FindIntentOfIntegration(integration.id, id);
  if (!intent)
    throw ApiError(http::Status::not_found, "not_found", "No such payment intent: " + id);
  return std::move(*intent);
}

http::Response Preflight(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  AdmitPublic(req, ctx, api, PublicLimit::kRead);
  http::Response res{http::Status::no_content, 11};
  res.set("Access-Control-Allow-Methods", kAllowedMethods);
  res.set("Access-Control-Allow-Headers", kAllowedHeaders);
  res.set("Access-Control-Max-Age", kPreflightMaxAge);
  return res;
}

}  // namespace payd::api
