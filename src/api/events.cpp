// What happened, for the merchant's backend: /api/v1/events (the latest 100
// events) and /api/v1/webhooks (delivery records, paged). Scope events:read.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "api/views.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

constexpr int kEventsShown = 100;

http::Response ListEvents(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kEventsRead);
  ParseQuery(req, {});
  boost::json::array data;
  for (const auto& event : api.store.RecentEvents(principal.tenant_id, kEventsShown)) {
    data.push_back(EventView(event));
  }
  return http::JsonResponse(http::Status::ok, boost::json::object{{"data", std::move(data)}});
}

http::Response ListDeliveries(const http::Request& req, http::RequestContext& ctx,
                              ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kEventsRead);
  Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
  boost::json::array items;
  for (const auto& d :
       api.store.ListDeliveries(principal.tenant_id, std::nullopt, page.limit + 1, page.offset)) {
    items.push_back(DeliveryView(d));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

}  // namespace

void AddEventRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/api/v1/events",
             Endpoint([&api](const auto& req, auto& ctx) { return ListEvents(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/webhooks", Endpoint([&api](const auto& req, auto& ctx) {
               return ListDeliveries(req, ctx, api);
             }));
}

}  // namespace payd::api
