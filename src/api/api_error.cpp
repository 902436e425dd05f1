#include "api/api_error.h"

#include "base/log.h"
#include "domain/error.h"
#include "domain/money/pricing.h"
#include "domain/store.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

http::Status StatusOf(domain::ErrorKind kind) {
  switch (kind) {
    case domain::ErrorKind::kInvalidRequest:
      return http::Status::bad_request;
    case domain::ErrorKind::kNotFound:
      return http::Status::not_found;
    case domain::ErrorKind::kIdempotencyConflict:
      return http::Status::conflict;
    case domain::ErrorKind::kUnavailable:
      return http::Status::service_unavailable;
    case domain::ErrorKind::kNotWaiting:
      return http::Status::conflict;
    case domain::ErrorKind::kForbidden:
      return http::Status::forbidden;
  }
  return http::Status::internal_server_error;
}

const char* CodeOf(domain::ErrorKind kind) {
  switch (kind) {
    case domain::ErrorKind::kInvalidRequest:
      return "invalid_request";
    case domain::ErrorKind::kNotFound:
      return "not_found";
    case domain::ErrorKind::kIdempotencyConflict:
      return "idempotency_conflict";
    case domain::ErrorKind::kUnavailable:
      return "unavailable";
    case domain::ErrorKind::kNotWaiting:
      return "intent_not_waiting";
    case domain::ErrorKind::kForbidden:
      return "insufficient_scope";  // a key never carries a role: unreachable today
  }
  return "internal_error";
}

}  // namespace

http::Handler Endpoint(http::Handler handler) {
  return [handler = std::move(handler)](const http::Request& req, http::RequestContext& ctx) {
    try {
      return handler(req, ctx);
    } catch (const ApiError& e) {
      auto res = http::ErrorResponse(e.status(), e.code(), e.what(), ctx.request_id, e.param());
      for (const auto& [name, value] : e.headers()) res.set(name, value);
      return res;
    } catch (const domain::Error& e) {
      auto res = http::ErrorResponse(StatusOf(e.kind()), CodeOf(e.kind()), e.what(), ctx.request_id,
                                     e.param());
      // No price before the feeds are read again (DECISIONS §9: a 503 says when to retry).
      if (dynamic_cast<const domain::PriceUnavailable*>(&e))
        res.set(http::beast_http::field::retry_after, std::to_string(domain::kPriceRefreshS));
      return res;
    } catch (const domain::StoreUnavailable& e) {
      base::LogError("database unavailable", {{"requestId", ctx.request_id}, {"error", e.what()}});
      auto res =
          http::ErrorResponse(http::Status::service_unavailable, "unavailable",
                              "The database cannot be reached; retry shortly.", ctx.request_id);
      res.set("Retry-After", "5");
      return res;
    }
  };
}

http::Handler WaitingEndpoint(http::Handler handler) {
  return
      [inner = Endpoint(std::move(handler))](const http::Request& req, http::RequestContext& ctx) {
        ctx.offload = [&inner, &req, &ctx] { return inner(req, ctx); };
        ctx.offload_kind = http::RequestContext::Offload::kWait;
        auto busy = http::ErrorResponse(http::Status::too_many_requests, "rate_limited",
                                        "Too many requests wait on a lookup; retry in a second.",
                                        ctx.request_id);
        busy.set("Retry-After", "1");
        return busy;
      };
}

}  // namespace payd::api
