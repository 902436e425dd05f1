// Webhooks (routes.h): the tenant's endpoints and their deliveries.
//   GET  /dashboard/webhooks                         endpoints, and the form to add one
//   POST /dashboard/webhooks                         add (the SSRF guard's refusal by the URL)
//   POST /dashboard/webhooks/:id/enable|disable|remove|test
//   GET  /dashboard/webhooks/deliveries[?endpoint=]  deliveries, newest first, paged
//   POST /dashboard/webhooks/deliveries/:id/redeliver
// Every change is an operation of domain/management/webhook_endpoints.h, the
// same as /api/v1/webhook-endpoints and `payd webhook-endpoint`, audited with
// the person's id. Reading is for everyone; changing needs kDeveloperTools.
#include <algorithm>
#include <boost/url/decode_view.hpp>
#include <boost/url/parse_query.hpp>
#include <cctype>

#include "dashboard/dashboard_http.h"
#include "dashboard/list_pages.h"
#include "dashboard/routes.h"
#include "domain/webhooks/event.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kWebhooksHome = "/dashboard/webhooks";
constexpr std::string_view kDeliveries = "/dashboard/webhooks/deliveries";
// Deliveries are paged by the store; this far back and no further.
constexpr int kMaxOffset = 100000;

std::string Time(base::TimeMs ms) {
  return base::FormatTimestamp(ms);
}

// What the add form had typed in it, when it comes back with errors.
struct TypedEndpoint {
  std::string url, description;
  std::vector<std::string> events;
};

bool Contains(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The message of a refused change to one card (`field` "endpoint-<id>"), if any.
void AttachError(boost::json::object& card, const boost::json::array& errors,
                 const std::string& field) {
  for (const auto& e : errors) {
    if (e.as_object().at("field").as_string() == field) card["error"] = e.as_object().at("message");
  }
}

boost::json::object EndpointCard(const domain::WebhookEndpoint& e,
                                 const boost::json::array& errors) {
  boost::json::object card{{"id", e.id},
                           {"url", e.url},
                           {"enabled", e.enabled},
                           {"createdAt", Time(e.created_at)},
                           {"v1Shape", e.shape == domain::PayloadShape::kV1}};
  if (e.description && !e.description->empty()) card["description"] = *e.description;
  if (e.disabled_reason) card["disabledReason"] = *e.disabled_reason;
  if (e.event_types) {
    boost::json::array types;
    for (const auto& t : *e.event_types) types.emplace_back(t);
    card["events"] = std::move(types);
  }
  AttachError(card, errors, "endpoint-" + e.id);
  return card;
}

http::Response WebhooksPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                            http::Status status, const TypedEndpoint& typed,
                            const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("Webhooks"), &v);
  model["navWebhooks"] = true;
  boost::json::array endpoints;
  for (const auto& e : ctx.store.ListWebhookEndpoints(v.current.user.tenant_id)) {
    endpoints.push_back(EndpointCard(e, errors));
  }
  model["hasEndpoints"] = !endpoints.empty();
  model["endpoints"] = std::move(endpoints);
  boost::json::array types;
  for (std::string_view t : domain::SubscribableEventTypes()) {
    types.push_back({{"value", t}, {"checked", Contains(typed.events, t)}});
  }
  model["eventTypes"] = std::move(types);
  model["addUrl"] = typed.url;
  model["addDescription"] = typed.description;
  AddErrors(model, errors);
  return Page(req, ctx, status, "webhooks", model);
}

auto RedrawWebhooks(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                    TypedEndpoint typed = {}) {
  return [&req, &ctx, &v, typed](const boost::json::array& errors) {
    return WebhooksPage(req, ctx, v, http::Status::bad_request, typed, errors);
  };
}

http::Response Add(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  TypedEndpoint typed{http::FormValue(req.body(), "url"),
                      http::FormValue(req.body(), "description"),
                      http::FormValues(req.body(), "events")};
  return OrFieldError(
      [&] {
        domain::NewEndpoint request;
        request.url = typed.url;
        // No box ticked: every type, as the API's `events` left out.
        if (!typed.events.empty()) request.events = typed.events;
        if (!typed.description.empty()) request.description = typed.description;
        domain::CreateWebhookEndpoint(ChangeBy(ctx, v), request, ctx.webhook_target_check);
        return Redirect(req, std::string(kWebhooksHome));
      },
      RedrawWebhooks(req, ctx, v, typed));
}

// A change to one endpoint of the tenant: another tenant's id is not found;
// a refusal is said on the endpoint's card.
template <typename Fn>
SignedInHandler ToEndpoint(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto e = ctx.store.FindWebhookEndpoint(std::string(rctx.Param("id")));
    if (!e || e->tenant_id != v.current.user.tenant_id) return NotFoundPage(req, ctx, &v);
    return OrFieldError([&] { return fn(req, v, *e); },
                        [&](boost::json::array errors) {
                          for (auto& err : errors) err.as_object()["field"] = "endpoint-" + e->id;
                          return RedrawWebhooks(req, ctx, v)(errors);
                        });
  };
}

// --- Deliveries ---------------------------------------------------------------

// "delivered", as the tags say it (and name their class), for the API's "DELIVERED".
std::string StatusText(domain::DeliveryStatus status) {
  std::string text(domain::DeliveryStatusName(status));
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

boost::json::object DeliveryRow(const domain::WebhookDelivery& d,
                                const boost::json::array& errors) {
  boost::json::object row{{"id", d.id},
                          {"type", d.type},
                          {"eventId", d.event_id},
                          {"endpointId", d.endpoint_id},
                          {"endpointUrl", d.endpoint_url},
                          {"status", StatusText(d.status)},
                          {"attempts", d.attempts},
                          {"createdAt", Time(d.created_at)}};
  if (d.last_response_status) row["responseStatus"] = *d.last_response_status;
  if (d.last_error) row["lastError"] = *d.last_error;
  if (d.delivered_at) row["deliveredAt"] = Time(*d.delivered_at);
  if (d.next_attempt_at && (d.status == domain::DeliveryStatus::kPending ||
                            d.status == domain::DeliveryStatus::kRetrying)) {
    row["nextAttemptAt"] = Time(*d.next_attempt_at);
  }
  AttachError(row, errors, "delivery-" + d.id);
  return row;
}

http::Response DeliveriesPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                              http::Status status, const boost::json::array& errors) {
  const std::string& tenant = v.current.user.tenant_id;
  std::string endpoint_id = http::QueryParam(req, "endpoint");
  std::optional<std::string> only;
  boost::json::object model = PageModel(ctx, html::Translatable("Webhook deliveries"), &v);
  if (!endpoint_id.empty()) {
    auto e = ctx.store.FindWebhookEndpoint(endpoint_id);
    if (!e || e->tenant_id != tenant) return NotFoundPage(req, ctx, &v);
    only = e->id;
    model["endpoint"] = boost::json::object{{"id", e->id}, {"url", e->url}};
  }
  model["navWebhooks"] = true;
  boost::json::array options{
      {{"value", ""}, {"label", html::Translatable("Every endpoint")}, {"selected", !only}}};
  for (const auto& e : ctx.store.ListWebhookEndpoints(tenant)) {
    options.push_back({{"value", e.id}, {"label", e.url}, {"selected", only == e.id}});
  }
  model["endpointOptions"] = std::move(options);
  int offset = OffsetParam(req, kMaxOffset);
  auto deliveries = ctx.store.ListDeliveries(tenant, only, kListPageSize + 1, offset);
  bool has_more = deliveries.size() > static_cast<std::size_t>(kListPageSize);
  if (has_more) deliveries.pop_back();
  boost::json::array rows;
  for (const auto& d : deliveries) rows.push_back(DeliveryRow(d, errors));
  model["hasDeliveries"] = !rows.empty();
  model["deliveries"] = std::move(rows);
  AddPagingLinks(model, kDeliveries, {{"endpoint", endpoint_id}}, offset, has_more);
  AddErrors(model, errors);
  return Page(req, ctx, status, "webhook_deliveries", model);
}

// Where a form on the deliveries page goes back to: the same filter.
std::string DeliveriesHref(const std::string& endpoint_id) {
  return endpoint_id.empty() ? std::string(kDeliveries)
                             : std::string(kDeliveries) + "?endpoint=" + endpoint_id;
}

http::Response RedeliverOne(const http::Request& req, http::RequestContext& rctx,
                            DashboardContext& ctx, const Visitor& v) {
  std::string id(rctx.Param("id"));
  auto d = ctx.store.FindDelivery(id);
  if (!d || d->tenant_id != v.current.user.tenant_id) return NotFoundPage(req, ctx, &v);
  return OrFieldError(
      [&] {
        if (!domain::Redeliver(ChangeBy(ctx, v), id)) return NotFoundPage(req, ctx, &v);
        // Back to the list the button was on: only an endpoint of this tenant.
        std::string back = http::FormValue(req.body(), "endpoint");
        return Redirect(req, DeliveriesHref(back == d->endpoint_id ? back : ""));
      },
      [&](boost::json::array errors) {
        for (auto& err : errors) err.as_object()["field"] = "delivery-" + id;
        return DeliveriesPage(req, ctx, v, http::Status::bad_request, errors);
      });
}

}  // namespace

void AddWebhookRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kWebhooksHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return WebhooksPage(req, ctx, v, http::Status::ok, {}, {});
                   });
  // Adding an endpoint looks its URL's host up (the SSRF guard): off the connection threads.
  AddSignedInRoute(router, http::Verb::post, home, ctx,
                   Gate{domain::Permission::kDeveloperTools, false, Heavy::kLookup},
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return Add(req, ctx, v);
                   });
  for (bool enable : {true, false}) {
    AddSignedInRoute(
        router, http::Verb::post, home + (enable ? "/:id/enable" : "/:id/disable"), ctx,
        kDevelopers,
        ToEndpoint(ctx, [&ctx, home, enable](const http::Request& req, const Visitor& v,
                                             const domain::WebhookEndpoint& e) {
          domain::EndpointPatch patch;
          patch.enabled = enable;
          domain::UpdateWebhookEndpoint(ChangeBy(ctx, v), e.id, patch, ctx.webhook_target_check);
          return Redirect(req, home);
        }));
  }
  AddSignedInRoute(router, http::Verb::post, home + "/:id/remove", ctx, kDevelopers,
                   ToEndpoint(ctx, [&ctx, home](const http::Request& req, const Visitor& v,
                                                const domain::WebhookEndpoint& e) {
                     domain::DeleteWebhookEndpoint(ChangeBy(ctx, v), e.id);
                     return Redirect(req, home);
                   }));
  AddSignedInRoute(router, http::Verb::post, home + "/:id/test", ctx, kDevelopers,
                   ToEndpoint(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                          const domain::WebhookEndpoint& e) {
                     domain::SendTestEvent(ChangeBy(ctx, v), e.id);
                     return Redirect(req, DeliveriesHref(e.id));
                   }));
  AddSignedInRoute(router, http::Verb::get, std::string(kDeliveries), ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return DeliveriesPage(req, ctx, v, http::Status::ok, {});
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kDeliveries) + "/:id/redeliver", ctx,
                   kDevelopers,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     return RedeliverOne(req, rctx, ctx, v);
                   });
}

}  // namespace payd::dashboard
