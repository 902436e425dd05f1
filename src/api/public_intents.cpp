// The payer's side of payment intents, key-less and origin-checked:
// POST /public/integrations/:publicId/intent creates one (the widget, SDK or
// hosted page), GET .../intents/:id lets the checkout page follow it.
// Anyone may call these, so what they accept is bounded: a payment link's
// terms hold, and an integration has at most `public_max_open_intents` open
// key-less intents holding exact amounts.
#include <boost/json/serialize.hpp>

#include "api/api_error.h"
#include "api/idempotency_http.h"
#include "api/json_input.h"
#include "api/public_guard.h"
#include "api/routes.h"
#include "domain/error.h"
#include "domain/intents/keyless_intent.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

http::Response CreatePublicIntent(const http::Request& req, http::RequestContext& ctx,
                                  ApiContext& api) {
  domain::Integration integration = AdmitPublic(req, ctx, api, PublicLimit::kWrite);
  ParseQuery(req, {});
  auto header_key = IdempotencyKeyHeader(req);
  boost::json::object body = ParseJsonObjectBody(req);
  FieldReader fields(body);
  domain::IntentRequest request;
  if (auto usd = fields.OptionalString("amount_usd")) request.price = domain::Price{*usd, "USD"};
  request.amount = fields.OptionalString("amount");
  request.currency = fields.RequiredString("currency");
  request.chain_id = fields.RequiredInt("chainId");
  request.metadata_json = ReadMetadata(fields.OptionalObject("metadata"));
  auto body_key = fields.OptionalString("idempotencyKey");
  request.sender_address = fields.OptionalString("senderAddress");
  request.payment_link_id = fields.OptionalString("paymentLinkId");
  request.lifetime_ms = api.intent_lifetime_ms;
  fields.RejectUnknown();

  if (body_key) {
    if (auto problem = domain::IdempotencyKeyProblem(*body_key))
      ThrowBadRequest("idempotencyKey", *problem);
    if (header_key && *header_key != *body_key) {
      ThrowBadRequest("idempotencyKey", "idempotencyKey and the Idempotency-Key header differ.");
    }
  }
  std::optional<std::string> key = body_key ? body_key : header_key;
  std::optional<domain::IdempotencyClaim> claim;
  if (key) {
    // The key is not a parameter: sent in the body, the header or both, the
    // same request is one request (DECISIONS §8). It is fingerprinted as the
    // body field, as the widget and the SDK send it, so that their claims
    // keep their fingerprints across an upgrade.
    boost::json::value parameters = body;
    parameters.as_object()["idempotencyKey"] = *key;
    claim = domain::IdempotencyClaim{
        "integration:" + integration.id, *key, RequestFingerprint(req, parameters), {}};
  }
  domain::CreateResult result =
      domain::CreateKeylessIntent(api.store, api.catalog, api.prices, api.representation(),
                                  integration, request, claim ? &*claim : nullptr,
                                  api.public_max_open_intents, base::NowMs())
          .result;
  if (result.outcome == domain::CreateOutcome::kLimitReached) {
    throw ApiError(http::Status::too_many_requests, "rate_limited",
                   "This integration has " + std::to_string(api.public_max_open_intents) +
                       " open payment intents created without a key, the most it may hold; "
                       "retry once some are paid or expire.")
        .WithHeader("Retry-After", "60");
  }
  return CreateResultResponse(result, ctx.request_id);
}

http::Response GetPublicIntent(const http::Request& req, http::RequestContext& ctx,
                               ApiContext& api) {
  domain::Integration integration = AdmitPublic(req, ctx, api, PublicLimit::kRead);
  ParseQuery(req, {});
  return http::JsonResponse(http::Status::ok,
                            api.representation().PublicIntent(IntentOfPath(integration, ctx, api)));
}

}  // namespace

void AddPublicIntentRoutes(http::Router& router, ApiContext& api) {
  auto preflight =
      Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); });
  router.Add(
      http::Verb::post, "/public/integrations/:publicId/intent",
      Endpoint([&api](const auto& req, auto& ctx) { return CreatePublicIntent(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intent", preflight);
  router.Add(
      http::Verb::get, "/public/integrations/:publicId/intents/:id",
      Endpoint([&api](const auto& req, auto& ctx) { return GetPublicIntent(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id", preflight);
}

}  // namespace payd::api
