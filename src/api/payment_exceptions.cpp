// The merchant's decisions on irregular payments (scope payments:write;
// DECISIONS §5 "the merchant decides"), each domain/management/payment_exceptions.h's:
//   POST /api/v1/payments/:id/attach              {intentId}
//   POST /api/v1/payment-intents/:id/resolve      {outcome: paid | not_paid, note}
//   POST /api/v1/payment-intents/:id/sender-hint  {address}
#include "domain/management/payment_exceptions.h"

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/management_http.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

// After a decision: open payer pages may have news (the store woke the
// webhook dispatcher when the decision's events committed).
void Changed(ApiContext& api) {
  api.IntentsChanged();
}

// A decision's request: the key (payments:write), no query, its body.
struct Decision {
  domain::Principal principal;
  boost::json::object body;
};
Decision ReadDecision(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                      domain::Operation op) {
  auto principal = RequireKeyFor(req, ctx, api, op);
  ParseQuery(req, {});
  return {principal, ParseJsonObjectBody(req)};
}

http::Response Attach(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto [principal, body] = ReadDecision(req, ctx, api, domain::Operation::kAttachTransfer);
  FieldReader fields(body);
  std::string intent_id = fields.RequiredString("intentId");
  fields.RejectUnknown();
  std::string id(ctx.Param("id"));
  auto payment =
      domain::AttachPayment(ChangeBy(api, principal), api.representation(), id, intent_id);
  if (!payment) ThrowNotFound("payment", id);
  Changed(api);
  return http::JsonResponse(http::Status::ok, api.representation().Payment(*payment));
}

http::Response Resolve(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto [principal, body] = ReadDecision(req, ctx, api, domain::Operation::kResolveIntent);
  FieldReader fields(body);
  std::string outcome = fields.RequiredString("outcome");
  if (outcome != "paid" && outcome != "not_paid")
    ThrowBadRequest("outcome", "outcome must be \"paid\" or \"not_paid\".");
  std::string note = fields.OptionalString("note").value_or("");
  fields.RejectUnknown();
  std::string id(ctx.Param("id"));
  auto intent = domain::ResolveIntent(ChangeBy(api, principal), api.representation(), id,
                                      outcome == "paid", note);
  if (!intent) ThrowNotFound("payment intent", id);
  Changed(api);
  return http::JsonResponse(http::Status::ok, api.representation().Intent(*intent));
}

http::Response SenderHint(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto [principal, body] = ReadDecision(req, ctx, api, domain::Operation::kTrustSender);
  FieldReader fields(body);
  std::string address = fields.RequiredString("address");
  fields.RejectUnknown();
  std::string id(ctx.Param("id"));
  auto intent =
      domain::SetMerchantSenderHint(ChangeBy(api, principal), api.representation(), id, address);
  if (!intent) ThrowNotFound("payment intent", id);
  Changed(api);
  return http::JsonResponse(http::Status::ok, api.representation().Intent(*intent));
}

}  // namespace

void AddPaymentExceptionRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/api/v1/payments/:id/attach",
             Endpoint([&api](const auto& req, auto& ctx) { return Attach(req, ctx, api); }));
  router.Add(http::Verb::post, "/api/v1/payment-intents/:id/resolve",
             Endpoint([&api](const auto& req, auto& ctx) { return Resolve(req, ctx, api); }));
  router.Add(http::Verb::post, "/api/v1/payment-intents/:id/sender-hint",
             Endpoint([&api](const auto& req, auto& ctx) { return SenderHint(req, ctx, api); }));
}

}  // namespace payd::api
