// A merchant cancels an intent it no longer wants (DECISIONS §12), scope
// payments:write (the account key too), no body (or an empty object):
//   POST /v1/payment_intents/:id/cancel       the intent in the /v1 shape
//   POST /api/v1/payment-intents/:id/cancel   the intent in the /api/v1 shape
// Both run domain/management/payment_intents.h's CancelIntent: another
// tenant's intent is a 404, as a read of it is.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/management_http.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "domain/management/payment_intents.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

template <typename View>
http::Response Cancel(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                      View view) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCancelIntent);
  ParseQuery(req, {});
  RequireNoFields(req);
  std::string id(ctx.Param("id"));
  auto intent = domain::CancelIntent(ChangeBy(api, principal), api.representation(), id);
  if (!intent) ThrowNotFound("payment intent", id);
  // Open payer pages see it over.
  api.IntentsChanged();
  return http::JsonResponse(http::Status::ok, view(*intent));
}

}  // namespace

void AddIntentCancelRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/v1/payment_intents/:id/cancel",
             Endpoint([&api](const auto& req, auto& ctx) {
               return Cancel(req, ctx, api, [&api](const domain::PaymentIntent& i) {
                 return api.representation().IntentV1(i);
               });
             }));
  router.Add(http::Verb::post, "/api/v1/payment-intents/:id/cancel",
             Endpoint([&api](const auto& req, auto& ctx) {
               return Cancel(req, ctx, api, [&api](const domain::PaymentIntent& i) {
                 return api.representation().Intent(i);
               });
             }));
}

}  // namespace payd::api
