// Refunds in the dashboard (issue 37, domain/management/refunds.h, the same
// operations as /api/v1 and the CLI):
//   GET  /dashboard/refunds                     the tenant's refunds, by status
//   GET  /dashboard/refunds/:id                 one: what, to whom, the transfer to
//        sign (the browser wallet: web/js/dashboard_send.js; a QR for a phone
//        wallet; raw to/data/value; the Safe Transaction Builder file), live
//   GET  /dashboard/refunds/:id/safe-batch.json the Safe file
//   POST /dashboard/refunds/:id/address-page    a link for the payer, shown once
//   POST /dashboard/refunds/:id/cancel
//   GET/POST /dashboard/transfers/:id/refund    the form that refunds a payment
// A transaction the wallet reports is only shown as "waiting for the chain":
// the watcher, never the browser, says a refund was sent.
#include <algorithm>
#include <boost/json/serialize.hpp>

#include "base/strings.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/list_pages.h"
#include "dashboard/payment_views.h"
#include "dashboard/routes.h"
#include "domain/access/access.h"
#include "domain/management/refunds.h"
#include "domain/refunds/refund_view.h"
#include "html/i18n.h"
#include "html/qr.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

const Gate kRefunders{domain::Permission::kCommerce};

// The reasons as the form offers them.
constexpr std::pair<std::string_view, std::string_view> kReasons[] = {
    {"requested_by_customer", html::Translatable("The customer asked")},
    {"duplicate", html::Translatable("Paid twice")},
    {"fraudulent", html::Translatable("Fraudulent")},
    {"other", html::Translatable("Other")}};

std::string ReasonText(std::string_view reason) {
  for (auto [value, label] : kReasons) {
    if (value == reason) return std::string(label);
  }
  return std::string(reason);
}

// "address needed": a status in words.
std::string StatusText(domain::RefundStatus status) {
  std::string text(domain::RefundStatusName(status));
  std::replace(text.begin(), text.end(), '_', ' ');
  return text;
}

boost::json::object RefundRow(const domain::Refund& r, const domain::ChainCatalog* catalog) {
  return {{"id", r.id},
          {"paymentId", r.payment_id},
          {"intentId", r.intent_id.value_or("")},
          {"status", domain::RefundStatusName(r.status)},
          {"statusText", StatusText(r.status)},
          // Not "amount": a field of that name would hide the templates' {{#amount}} section.
          {"amountDecimal", domain::UnitsToDecimal(r.amount, r.decimals)},
          {"token", r.token_symbol},
          {"chain", ChainLabel(catalog, r.chain_id)},
          {"from", r.from_address},
          {"to", r.to_address.value_or("")},
          {"reason", r.reason},
          {"reasonText", ReasonText(r.reason)},
          {"txHash", r.transfer ? r.transfer->tx_hash : ""},
          {"confirmations", r.confirmations},
          {"createdAt", base::FormatTimestamp(r.created_at)}};
}

http::Response ListPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  std::string status(http::QueryParam(req, "status"));
  domain::RefundQuery query;
  query.status = domain::ParseRefundStatus(status);
  if (!query.status) status.clear();
  int offset = OffsetParam(req, 1'000'000);
  query.offset = offset;
  query.limit = kListPageSize + 1;
  auto refunds = ctx.store.ListRefunds(v.current.user.tenant_id, query);
  bool more = refunds.size() > static_cast<std::size_t>(kListPageSize);
  if (more) refunds.pop_back();
  boost::json::object model = PageModel(ctx, html::Translatable("Refunds"), &v);
  model["navPayments"] = true;
  boost::json::array rows,
      options{{{"value", ""}, {"label", html::Translatable("Any")}, {"selected", status.empty()}}};
  for (const auto& r : refunds) rows.push_back(RefundRow(r, &CatalogOf(ctx)));
  for (auto s : domain::RefundStatuses()) {
    std::string_view name = domain::RefundStatusName(s);
    options.push_back({{"value", name}, {"label", StatusText(s)}, {"selected", status == name}});
  }
  model["refunds"] = std::move(rows);
  model["statusOptions"] = std::move(options);
  model["empty"] = refunds.empty();
  model["filtered"] = !status.empty();
  AddPagingLinks(model, "/dashboard/refunds", {{"status", status}}, offset, more);
  return Page(req, ctx, http::Status::ok, "refunds", model);
}

http::Response RefundPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                          const domain::Refund& r, http::Status status,
                          std::optional<std::string> page_url = std::nullopt) {
  boost::json::object model = PageModel(ctx, html::Translatable("a refund's page::Refund"), &v);
  model["titleName"] = r.id;
  model["navPayments"] = true;
  model["refund"] = RefundRow(r, &CatalogOf(ctx));
  bool may = domain::PersonMay(v.current.user.role, domain::Operation::kCreateRefund);
  model["canAskAddress"] = may && r.status == domain::RefundStatus::kAddressNeeded;
  model["canCancel"] =
      domain::PersonMay(v.current.user.role, domain::Operation::kCancelRefund) && r.Cancelable();
  model["pageUrl"] = page_url.value_or("");
  if (auto t = domain::RefundTransferOf(r); t && r.AwaitsTransfer()) {
    const domain::ChainInfo* chain = CatalogOf(ctx).FindChain(r.chain_id);
    model["send"] = boost::json::object{
        {"chainId", t->chain_id},
        {"chainName", chain ? chain->name : std::to_string(r.chain_id)},
        {"from", t->from},
        {"to", t->to},
        {"data", t->data},
        {"value", t->value},
        {"uri", t->uri},
        {"qr", html::QrModel(t->uri, "refund-qr",
                             html::Translatable("The refund's transfer for a phone wallet"))},
        {"amountDecimal", domain::UnitsToDecimal(r.amount, r.decimals)},
        {"token", r.token_symbol},
    };
    model["sendJsUrl"] = ctx.assets.Url("js/dashboard_send.js");
  }
  auto events = ctx.store.EventsAbout(v.current.user.tenant_id, r.id, 100);
  boost::json::array timeline;
  for (const auto& e : events)
    timeline.push_back({{"type", e.type}, {"at", base::FormatTimestamp(e.created_at)}});
  model["timeline"] = std::move(timeline);
  return Page(req, ctx, status, "refund", model);
}

// The refund of the path, the tenant's; another tenant's is not found.
template <typename Fn>
SignedInHandler OnRefund(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    std::string id(rctx.Param("id"));
    auto refund = ctx.store.FindRefund(v.current.user.tenant_id, id);
    if (!refund) return NotFoundPage(req, ctx, &v);
    return fn(req, v, *refund);
  };
}

// The refund form of a confirmed payment: all of what is left, or a part in the token's units.
http::Response NewRefundPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                             const domain::Payment& p, http::Status status,
                             const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("Refund a payment"), &v);
  model["navPayments"] = true;
  model["payment"] = PaymentRow(p, &CatalogOf(ctx));
  model["refunded"] = domain::UnitsToDecimal(p.refunded, p.transfer.decimals);
  model["whole"] = http::FormValue(req.body(), "scope") != "part";
  // Not "amount": the templates' {{#amount}} section (html/templates.cpp) takes that name at the
  // top.
  model["typedAmount"] = http::FormValue(req.body(), "amount");
  std::string reason = http::FormValue(req.body(), "reason");
  boost::json::array reasons;
  for (auto [value, label] : kReasons) {
    reasons.push_back(
        {{"value", value},
         {"label", label},
         {"selected", reason.empty() ? value == kReasons[0].first : reason == value}});
  }
  model["reasons"] = std::move(reasons);
  AddErrors(model, errors);
  return Page(req, ctx, status, "refund_new", model);
}

http::Response CreateFromForm(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                              const domain::Payment& p) {
  domain::RefundRequest request;
  request.payment_id = p.id;
  request.reason = http::FormValue(req.body(), "reason");
  if (http::FormValue(req.body(), "scope") == "part") {
    std::string typed(base::TrimBlanks(http::FormValue(req.body(), "amount")));
    auto units = domain::DecimalToUnits(typed, p.transfer.decimals);
    if (!units || *units == 0) {
      domain::ThrowInvalid("amount", "Enter an amount of " + p.transfer.token_symbol +
                                         " with at most " + std::to_string(p.transfer.decimals) +
                                         " decimals, such as 2.5");
    }
    request.amount = domain::FormatUnits(*units);
  }
  domain::StaticPrices prices;  // the form refunds token units: no rate is asked
  auto made = domain::CreateRefund(ChangeBy(ctx, v), CatalogOf(ctx), prices, request);
  return Redirect(req, "/dashboard/refunds/" + made.object->id);
}

}  // namespace

void AddRefundRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard/refunds", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return ListPage(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/refunds/:id", ctx, kReaders,
                   OnRefund(ctx, [&ctx](const auto& req, const Visitor& v, const auto& r) {
                     return RefundPage(req, ctx, v, r, http::Status::ok);
                   }));
  AddSignedInRoute(router, http::Verb::get, "/dashboard/refunds/:id/safe-batch.json", ctx, kReaders,
                   OnRefund(ctx, [&ctx](const auto& req, const Visitor& v, const auto& r) {
                     auto file = domain::RefundSafeBatch(r, base::NowMs());
                     if (!file) return NotFoundPage(req, ctx, &v);
                     return JsonAttachment(req, *file, "payd-refund-" + r.id + "-safe-batch.json");
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/refunds/:id/address-page", ctx, kRefunders,
                   OnRefund(ctx, [&ctx](const auto& req, const Visitor& v, const auto& r) {
                     if (r.status != domain::RefundStatus::kAddressNeeded)
                       return Redirect(req, "/dashboard/refunds/" + r.id);
                     auto page = domain::NewRefundPage(ChangeBy(ctx, v), r.id);
                     return RefundPage(req, ctx, v, page->refund, http::Status::ok,
                                       ctx.public_url + domain::RefundPagePath(page->token));
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/refunds/:id/cancel", ctx, kRefunders,
                   OnRefund(ctx, [&ctx](const auto& req, const Visitor& v, const auto& r) {
                     if (r.Cancelable()) domain::CancelRefund(ChangeBy(ctx, v), r.id);
                     return Redirect(req, "/dashboard/refunds/" + r.id);
                   }));
  auto on_payment = [&ctx](auto fn) -> SignedInHandler {
    return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
      auto p = ctx.store.FindPayment(v.current.user.tenant_id, std::string(rctx.Param("id")));
      if (!p || p->status != domain::PaymentStatus::kConfirmed) return NotFoundPage(req, ctx, &v);
      return fn(req, v, *p);
    };
  };
  AddSignedInRoute(router, http::Verb::get, "/dashboard/transfers/:id/refund", ctx, kRefunders,
                   on_payment([&ctx](const auto& req, const Visitor& v, const auto& p) {
                     return NewRefundPage(req, ctx, v, p, http::Status::ok, {});
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/transfers/:id/refund", ctx, kRefunders,
                   on_payment([&ctx](const auto& req, const Visitor& v, const auto& p) {
                     return OrFieldError([&] { return CreateFromForm(req, ctx, v, p); },
                                         [&](const boost::json::array& errors) {
                                           return NewRefundPage(req, ctx, v, p,
                                                                http::Status::bad_request, errors);
                                         });
                   }));
}

}  // namespace payd::dashboard
