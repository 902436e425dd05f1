// One intent's page (routes.h): what was asked and by whom, what arrived,
// its timeline (events, the payments matched to it, their confirmations and
// the webhook deliveries of each event), and the merchant's decisions on an
// irregular one: accept as paid or decline (with a note), or set a trusted
// sender hint (attaching a transfer is payments_routes.cpp's). Every decision is
// domain/management/payment_exceptions.h, as on /api/v1.
#include <map>

#include "dashboard/dashboard_http.h"
#include "dashboard/list_pages.h"
#include "dashboard/payment_views.h"
#include "dashboard/routes.h"
#include "domain/access/access.h"
#include "domain/management/payment_exceptions.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

const Gate kDeciders{domain::Permission::kCommerce};

// Who set the amount, in the merchant's words (CreatedVia).
std::string AmountSetBy(std::string_view via) {
  if (via == "api") return html::Translatable("Your server, through the API (/v1)");
  if (via == "link") return html::Translatable("The payer, on a payment link");
  return html::Translatable(
      "The payer's browser, through your integration's public key (widget or SDK)");
}

http::Response IntentPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                          const domain::PaymentIntent& intent, http::Status status,
                          const boost::json::array& errors) {
  const std::string& tenant = v.current.user.tenant_id;
  boost::json::object model = PageModel(ctx, html::Translatable("Payment"), &v);
  model["titleName"] = intent.id;
  model["navPayments"] = true;
  auto row = IntentRow(intent, ctx.catalog);
  // Where it came from, by name (the ids stay beside them).
  if (auto integration = ctx.store.FindIntegration(tenant, intent.integration_id)) {
    row["integrationName"] = integration->name;
  }
  if (intent.payment_link_id) {
    if (auto link = ctx.store.FindPaymentLink(tenant, *intent.payment_link_id)) {
      row["paymentLinkName"] = link->name;
    }
  }
  model["intent"] = std::move(row);
  model["amountSetBy"] = AmountSetBy(domain::CreatedVia(intent));
  model["metadata"] = PrettyJson(intent.metadata_json);
  boost::json::array payments;
  bool can_refund = domain::PersonMay(v.current.user.role, domain::Operation::kCreateRefund);
  for (const auto& p : ctx.store.PaymentsOfIntent(tenant, intent.id)) {
    auto row = PaymentRow(p, ctx.catalog);
    row["refundable"] =
        p.status == domain::PaymentStatus::kConfirmed && p.refunded < p.transfer.amount;
    row["canRefund"] = can_refund;
    row["refunded"] = p.refunded > 0 ? domain::UnitsToDecimal(p.refunded, p.transfer.decimals) : "";
    payments.push_back(std::move(row));
  }
  model["hasPayments"] = !payments.empty();
  model["payments"] = std::move(payments);
  auto events = ctx.store.EventsAbout(tenant, intent.id, 100);
  std::vector<std::string> event_ids;
  for (const auto& e : events) event_ids.push_back(e.id);
  std::multimap<std::string, boost::json::object> deliveries;
  for (const auto& d : ctx.store.DeliveriesOfEvents(tenant, event_ids)) {
    deliveries.emplace(
        d.event_id, boost::json::object{{"url", d.endpoint_url},
                                        {"status", domain::DeliveryStatusName(d.status)},
                                        {"attempts", d.attempts},
                                        {"response", d.last_response_status
                                                         ? std::to_string(*d.last_response_status)
                                                         : d.last_error.value_or("")}});
  }
  boost::json::array timeline;
  for (const auto& e : events) {
    boost::json::array sent;
    auto [from, to] = deliveries.equal_range(e.id);
    for (auto it = from; it != to; ++it) sent.push_back(it->second);
    timeline.push_back({{"type", e.type},
                        {"at", base::FormatTimestamp(e.created_at)},
                        {"data", PrettyJson(e.data_json)},
                        {"deliveries", std::move(sent)}});
  }
  model["timeline"] = std::move(timeline);
  model["canDecide"] = domain::PersonMay(v.current.user.role, domain::Operation::kResolveIntent) &&
                       IntentRow(intent, ctx.catalog).at("needsDecision").as_bool();
  model["canHint"] = domain::PersonMay(v.current.user.role, domain::Operation::kTrustSender) &&
                     intent.WaitsForPayment(base::NowMs());
  model["note"] = http::FormValue(req.body(), "note");
  model["address"] = http::FormValue(req.body(), "address");
  AddErrors(model, errors);
  return Page(req, ctx, status, "payment", model);
}

// An action on the intent of the path: another tenant's is not found; a
// refused input shows the page again with it.
template <typename Fn>
SignedInHandler OnIntent(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    std::string id(rctx.Param("id"));
    auto intent = ctx.store.FindIntent(v.current.user.tenant_id, id);
    if (!intent) return NotFoundPage(req, ctx, &v);
    try {
      return OrFieldError([&] { return fn(req, v, *intent); },
                          [&](const boost::json::array& errors) {
                            return IntentPage(req, ctx, v, *intent, http::Status::bad_request,
                                              errors);
                          });
    } catch (const domain::Error& e) {
      if (e.kind() != domain::ErrorKind::kNotWaiting) throw;
      return IntentPage(req, ctx, v, *intent, http::Status::bad_request,
                        {FieldError("address", e)});
    }
  };
}

}  // namespace

void AddIntentRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payments/:id", ctx, kReaders,
                   OnIntent(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                        const domain::PaymentIntent& intent) {
                     return IntentPage(req, ctx, v, intent, http::Status::ok, {});
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/payments/:id/resolve", ctx, kDeciders,
                   OnIntent(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                        const domain::PaymentIntent& intent) {
                     std::string decision = http::FormValue(req.body(), "decision");
                     if (decision != "paid" && decision != "unpaid") {
                       domain::ThrowInvalid(
                           "decision",
                           html::Translatable("Choose whether to accept it as paid or decline it"));
                     }
                     domain::ResolveIntent(ChangeBy(ctx, v), RepresentationOf(ctx), intent.id,
                                           decision == "paid", http::FormValue(req.body(), "note"));
                     return Redirect(req, "/dashboard/payments/" + intent.id);
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/payments/:id/sender-hint", ctx, kDeciders,
                   OnIntent(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                        const domain::PaymentIntent& intent) {
                     domain::SetMerchantSenderHint(ChangeBy(ctx, v), RepresentationOf(ctx),
                                                   intent.id,
                                                   http::FormValue(req.body(), "address"));
                     return Redirect(req, "/dashboard/payments/" + intent.id);
                   }));
}

}  // namespace payd::dashboard
