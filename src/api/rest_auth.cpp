#include "api/rest_auth.h"

#include <boost/beast/core/string.hpp>

#include "api/api_error.h"

namespace payd::api {

namespace {

std::string_view PresentedKey(const http::Request& req) {
  std::string_view header_key = req["X-API-Key"];
  std::string_view authorization = req[http::beast_http::field::authorization];
  // The Bearer scheme is payd's. Another one (a proxy's or a browser's Basic)
  // holds no payd credential: beside an X-API-Key it is ignored, alone it is
  // refused (DECISIONS §2, §3).
  std::string_view bearer_key;
  bool bearer =
      authorization.size() >= 7 && boost::beast::iequals(authorization.substr(0, 7), "Bearer ");
  if (bearer) {
    bearer_key = authorization.substr(7);
  } else if (!authorization.empty() && header_key.empty()) {
    throw ApiError(http::Status::unauthorized, "unauthorized",
                   "The Authorization header must be 'Bearer <API key>'.");
  }
  if (!header_key.empty() && !bearer_key.empty() && header_key != bearer_key) {
    throw ApiError(http::Status::unauthorized, "unauthorized",
                   "X-API-Key and Authorization carry different keys; send one.");
  }
  return header_key.empty() ? bearer_key : header_key;
}

}  // namespace

const char* AuthErrorCode(domain::AuthFailure failure) {
  switch (failure) {
    case domain::AuthFailure::kExpired:
      return "key_expired";
    case domain::AuthFailure::kRevoked:
      return "key_revoked";
    case domain::AuthFailure::kWrongEnvironment:
      return "wrong_environment";
    default:
      return "unauthorized";
  }
}

domain::Principal RequireKey(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  base::TimeMs now = base::NowMs();
  auto auth = domain::AuthenticateRestKey(api.store, PresentedKey(req), api.environment, now,
                                          api.api_requests_per_min);
  if (!auth.principal) {
    throw ApiError(http::Status::unauthorized, AuthErrorCode(auth.failure), auth.message)
        .WithHeader("WWW-Authenticate", "Bearer");
  }
  domain::Principal principal = *auth.principal;
  ctx.key_id = principal.key_id;

  const domain::RateDecision& rate = auth.rate;
  ctx.response_headers.emplace_back("X-RateLimit-Limit", std::to_string(rate.limit));
  ctx.response_headers.emplace_back("X-RateLimit-Remaining", std::to_string(rate.remaining));
  ctx.response_headers.emplace_back("X-RateLimit-Reset", std::to_string(rate.reset_epoch_s));
  if (!rate.allowed) {
    throw ApiError(http::Status::too_many_requests, "rate_limited",
                   "Rate limit of " + std::to_string(rate.limit) +
                       " requests per minute exceeded for this key.")
        .WithHeader("Retry-After", "60");
  }
  return principal;
}

domain::Principal RequireScope(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                               domain::Scope scope) {
  domain::Principal principal = RequireKey(req, ctx, api);
  if (!principal.scopes.Has(scope)) {
    std::string name(domain::ScopeName(scope));
    throw ApiError(http::Status::forbidden, "insufficient_scope",
                   "This key lacks the " + name + " scope needed for this request.", "");
  }
  return principal;
}

domain::Principal RequireKeyFor(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api, domain::Operation op) {
  domain::Principal principal = RequireKey(req, ctx, api);
  if (!domain::KeyMay({principal.scopes, principal.account_key}, op))
    throw ApiError(http::Status::forbidden, "insufficient_scope", domain::KeyRefusal(op), "");
  return principal;
}

domain::Principal RequireAccountKey(const http::Request& req, http::RequestContext& ctx,
                                    ApiContext& api) {
  domain::Principal principal = RequireKey(req, ctx, api);
  if (!principal.account_key) {
    throw ApiError(http::Status::forbidden, "insufficient_scope",
                   "Only the account key may make this request.", "");
  }
  return principal;
}

}  // namespace payd::api
