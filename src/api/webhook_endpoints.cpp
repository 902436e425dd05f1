// Webhook endpoints managed with a key (scope webhooks:write, DECISIONS §12):
//   /api/v1/webhook-endpoints[/:id] (create, list, get, update, delete,
//   send a test event, its deliveries), /api/v1/webhooks/:id/redeliver, and the account's
//   /api/v1/webhook-secret/rotate;
//   /v1/webhooks[/:id] (create, list, delete), whose endpoints take the /v1
//   data shape and sign with a secret of their own, shown once.
// Each change is a domain operation (domain/management/webhook_endpoints.h)
// with its audit row.
#include <algorithm>
#include <boost/json/array.hpp>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/management_http.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "api/views.h"
#include "api/webhook_input.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

// The endpoint as made, with its own secret shown this once.
boost::json::object CreatedView(const domain::WebhookEndpoint& e) {
  boost::json::object view = domain::WebhookEndpointView(e);
  view["secret"] = e.secret ? boost::json::value(*e.secret) : boost::json::value(nullptr);
  return view;
}

http::Response CreateEndpoint(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                              bool v1) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kAddWebhookEndpoint);
  ParseQuery(req, {});
  auto body = ParseJsonObjectBody(req);
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto request =
      ReadNewEndpoint(body, !v1, v1 ? domain::PayloadShape::kV1 : domain::PayloadShape::kEvents);
  request.own_secret = v1;
  auto made = domain::CreateWebhookEndpoint(frame.change, request, api.webhook_target_check);
  return CreationResponse(made, made.object ? CreatedView(*made.object) : boost::json::object{},
                          ctx.request_id);
}

http::Response ListEndpoints(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kWebhooksWrite);
  Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
  // A tenant has a handful of endpoints: paged here, not in the store.
  auto all = api.store.ListWebhookEndpoints(principal.tenant_id);
  boost::json::array items;
  for (std::size_t i = static_cast<std::size_t>(page.offset);
       i < all.size() && items.size() <= static_cast<std::size_t>(page.limit); ++i) {
    items.push_back(domain::WebhookEndpointView(all[i]));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

domain::WebhookEndpoint Find(ApiContext& api, const domain::Principal& principal,
                             const std::string& id) {
  auto e = api.store.FindWebhookEndpoint(id);
  if (!e || e->tenant_id != principal.tenant_id) ThrowNotFound("webhook endpoint", id);
  return *e;
}

http::Response Delete(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kRemoveWebhookEndpoint);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  if (!domain::DeleteWebhookEndpoint(ChangeBy(api, principal), id))
    ThrowNotFound("webhook endpoint", id);
  return http::JsonResponse(http::Status::ok, boost::json::object{{"id", id}, {"deleted", true}});
}

void AddManagementRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/api/v1/webhook-endpoints",
             WaitingEndpoint([&api](const auto& req, auto& ctx) {
               return CreateEndpoint(req, ctx, api, false);
             }));
  router.Add(http::Verb::get, "/api/v1/webhook-endpoints",
             Endpoint([&api](const auto& req, auto& ctx) { return ListEndpoints(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/webhook-endpoints/:id",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireScope(req, ctx, api, domain::Scope::kWebhooksWrite);
               ParseQuery(req, {});
               return http::JsonResponse(
                   http::Status::ok,
                   domain::WebhookEndpointView(Find(api, principal, std::string(ctx.Param("id")))));
             }));
  router.Add(http::Verb::patch, "/api/v1/webhook-endpoints/:id",
             WaitingEndpoint([&api](const auto& req, auto& ctx) {
               auto principal =
                   RequireKeyFor(req, ctx, api, domain::Operation::kChangeWebhookEndpoint);
               ParseQuery(req, {});
               std::string id(ctx.Param("id"));
               auto patch = ReadEndpointPatch(ParseJsonObjectBody(req));
               auto e = domain::UpdateWebhookEndpoint(ChangeBy(api, principal), id, patch,
                                                      api.webhook_target_check);
               if (!e) ThrowNotFound("webhook endpoint", id);
               return http::JsonResponse(http::Status::ok, domain::WebhookEndpointView(*e));
             }));
  router.Add(http::Verb::delete_, "/api/v1/webhook-endpoints/:id",
             Endpoint([&api](const auto& req, auto& ctx) { return Delete(req, ctx, api); }));
  router.Add(http::Verb::post, "/api/v1/webhook-endpoints/:id/test",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kSendTestEvent);
               ParseQuery(req, {});
               RequireNoFields(req);
               std::string id(ctx.Param("id"));
               auto event = domain::SendTestEvent(ChangeBy(api, principal), id);
               if (!event) ThrowNotFound("webhook endpoint", id);
               return http::JsonResponse(
                   http::Status::accepted,
                   boost::json::object{{"eventId", event->id}, {"type", event->type}});
             }));
  router.Add(http::Verb::get, "/api/v1/webhook-endpoints/:id/deliveries",
             Endpoint([&api](const auto& req, auto& ctx) {
               // Delivery logs are read with events:read (spec "Scopes").
               auto principal = RequireScope(req, ctx, api, domain::Scope::kEventsRead);
               Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
               auto e = Find(api, principal, std::string(ctx.Param("id")));
               boost::json::array items;
               for (const auto& d : api.store.ListDeliveries(principal.tenant_id, e.id,
                                                             page.limit + 1, page.offset)) {
                 items.push_back(DeliveryView(d));
               }
               return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
             }));
  router.Add(http::Verb::post, "/api/v1/webhooks/:id/redeliver",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kRedeliverWebhook);
               ParseQuery(req, {});
               RequireNoFields(req);
               std::string id(ctx.Param("id"));
               auto copy = domain::Redeliver(ChangeBy(api, principal), id);
               if (!copy) ThrowNotFound("webhook delivery", id);
               return http::JsonResponse(http::Status::accepted, DeliveryView(*copy));
             }));
  router.Add(http::Verb::post, "/api/v1/webhook-secret/rotate",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal =
                   RequireKeyFor(req, ctx, api, domain::Operation::kRotateWebhookSecret);
               ParseQuery(req, {});
               RequireNoFields(req);
               auto change = ChangeBy(api, principal);
               std::string secret = domain::RotateWebhookSecret(change);
               return http::JsonResponse(
                   http::Status::ok,
                   boost::json::object{
                       {"secret", secret},
                       {"previousValidUntil",
                        base::FormatTimestamp(change.now + domain::kWebhookSecretOverlapMs)}});
             }));
}

void AddV1Routes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/v1/webhooks", WaitingEndpoint([&api](const auto& req, auto& ctx) {
               return CreateEndpoint(req, ctx, api, true);
             }));
  router.Add(http::Verb::get, "/v1/webhooks",
             Endpoint([&api](const auto& req, auto& ctx) { return ListEndpoints(req, ctx, api); }));
  router.Add(http::Verb::delete_, "/v1/webhooks/:id",
             Endpoint([&api](const auto& req, auto& ctx) { return Delete(req, ctx, api); }));
}

}  // namespace

void AddWebhookEndpointRoutes(http::Router& router, ApiContext& api) {
  AddManagementRoutes(router, api);
  AddV1Routes(router, api);
}

}  // namespace payd::api
