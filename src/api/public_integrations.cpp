// /public/integrations/:publicId: the key-less endpoint a widget or the hosted
// page calls to learn an integration's chains and tokens.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/public_guard.h"
#include "api/routes.h"
#include "api/views.h"
#include "http/json_response.h"

namespace payd::api {

void AddPublicIntegrationRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/public/integrations/:publicId",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto integration = AdmitPublic(req, ctx, api, PublicLimit::kRead);
               ParseQuery(req, {});
               domain::RequireEnabled(integration);
               return http::JsonResponse(http::Status::ok,
                                         PublicIntegrationView(integration, api.catalog));
             }));
  router.Add(http::Verb::options, "/public/integrations/:publicId",
             Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); }));
}

}  // namespace payd::api
