// /refund/<token>: the payer's refund page (issue 37 item 2,
// domain/refunds/refund_address.h). It names the merchant, the amount, the
// chain and token, warns against an exchange's deposit address, and takes the
// wallet address typed twice. The link works once, until it expires; never in
// a frame.
#include "base/strings.h"
#include "domain/error.h"
#include "domain/money/address.h"
#include "domain/refunds/refund_address.h"
#include "html/i18n.h"
#include "pages/page_common.h"
#include "pages/routes.h"

namespace payd::pages {

namespace {

constexpr std::size_t kMaxAddressInput = 200;

struct RefundForm {
  std::string address;
  std::string again;
  std::string address_error;
  std::string again_error;
};

std::string MerchantOf(const PagesContext& ctx, const domain::Refund& refund) {
  if (refund.intent_id) {
    if (auto intent = ctx.store.FindIntentById(*refund.intent_id)) {
      if (auto integration = ctx.store.FindIntegrationById(intent->integration_id))
        return integration->name;
    }
  }
  auto tenant = ctx.store.FindTenant(refund.tenant_id);
  return tenant ? tenant->name : "";
}

http::Response RenderRefund(const http::Request& req, const PagesContext& ctx,
                            const html::PageRequest& page, const domain::Refund& refund,
                            const std::string& token, const RefundForm& form, bool done,
                            http::Status status) {
  const html::Catalog& t = *page.catalog;
  std::string merchant = MerchantOf(ctx, refund);
  std::string network = ctx.catalog.NameOf(refund.chain_id);
  std::string amount =
      html::FormatAmount(domain::UnitsToDecimal(refund.amount, refund.decimals), t.number) + " " +
      refund.token_symbol;
  boost::json::object model = BaseModel(ctx, page, t.Text("refund_title"));
  model["pageKind"] = done ? "refund-done" : "refund";
  model["merchant"] = merchant;
  model["heading"] =
      done ? t.Text("refund_done_heading") : t.Text("refund_heading", {{"merchant", merchant}});
  model["amountText"] = amount;
  model["token"] = token;
  model["done"] = done;
  model["doneText"] =
      t.Text("refund_done", {{"merchant", merchant}, {"amount", amount}, {"network", network}});
  model["intro"] = t.Text("refund_intro", {{"merchant", merchant},
                                           {"amount", amount},
                                           {"network", network},
                                           {"token", refund.token_symbol}});
  model["addressHint"] = t.Text("refund_address_hint", {{"network", network}});
  model["address"] = done && refund.to_address ? *refund.to_address : form.address;
  model["addressAgain"] = form.again;
  model["addressError"] = form.address_error;
  model["againError"] = form.again_error;
  boost::json::array errors;
  if (!form.address_error.empty())
    errors.push_back({{"href", "#address-input"}, {"text", form.address_error}});
  if (!form.again_error.empty())
    errors.push_back({{"href", "#address-again-input"}, {"text", form.again_error}});
  model["hasErrors"] = !errors.empty();
  model["errors"] = std::move(errors);
  return html::HtmlResponse(req, page, status, ctx.templates.Render("refund", model), "'none'");
}

http::Response RefundGone(const http::Request& req, const http::RequestContext& rctx,
                          const PagesContext& ctx) {
  return MessagePage(
      req, rctx, ctx,
      {http::Status::not_found, "not_found",
       "This refund link no longer works: ask the merchant for a new one.", "refund_gone", ""});
}

bool RefundAllowed(const http::RequestContext& rctx, PagesContext& ctx) {
  return ctx.rate_allow(rctx.remote_ip, "page-refund", ctx.writes_per_min);
}

http::Response RefundTooMany(const http::Request& req, const http::RequestContext& rctx,
                             const PagesContext& ctx) {
  return MessagePage(req, rctx, ctx,
                     {http::Status::too_many_requests, "rate_limited",
                      "Too many requests from this address; retry in a minute.", "busy", "60"});
}

http::Response GetRefundPage(const http::Request& req, http::RequestContext& rctx,
                             PagesContext& ctx) {
  std::string token(rctx.Param("token"));
  if (!ctx.rate_allow(rctx.remote_ip, "page-refund-read", ctx.reads_per_min))
    return RefundTooMany(req, rctx, ctx);
  auto refund = domain::RefundOfPage(ctx.store, token, base::NowMs());
  if (!refund) return RefundGone(req, rctx, ctx);
  return RenderRefund(req, ctx, ReadPageRequest(req, ctx), *refund, token, {}, false,
                      http::Status::ok);
}

http::Response PostRefundPage(const http::Request& req, http::RequestContext& rctx,
                              PagesContext& ctx) {
  std::string token(rctx.Param("token"));
  if (!RefundAllowed(rctx, ctx)) return RefundTooMany(req, rctx, ctx);
  base::TimeMs now = base::NowMs();
  auto refund = domain::RefundOfPage(ctx.store, token, now);
  if (!refund) return RefundGone(req, rctx, ctx);
  html::PageRequest page = ReadPageRequest(req, ctx, http::FormValue(req.body(), "lang"));
  const html::Catalog& t = *page.catalog;
  RefundForm form;
  form.address = http::FormValue(req.body(), "address").substr(0, kMaxAddressInput);
  form.again = http::FormValue(req.body(), "address_again").substr(0, kMaxAddressInput);
  if (!domain::ParseAddress(base::TrimBlanks(form.address))) {
    form.address_error = t.Text("error_refund_address");
    return RenderRefund(req, ctx, page, *refund, token, form, false, http::Status::bad_request);
  }
  try {
    auto ready = domain::GiveRefundAddress(ctx.store, token, form.address, form.again, now);
    return RenderRefund(req, ctx, page, ready, token, form, true, http::Status::ok);
  } catch (const domain::Error& e) {
    if (e.kind() == domain::ErrorKind::kNotFound) return RefundGone(req, rctx, ctx);
    if (e.param() == "address_again") {
      form.again_error = t.Text("error_refund_again");
    } else {
      form.address_error = t.Text("error_refund_unusable");
    }
    return RenderRefund(req, ctx, page, *refund, token, form, false, http::Status::bad_request);
  }
}

}  // namespace

void AddRefundPageRoutes(http::Router& router, PagesContext& pages) {
  router.Add(http::Verb::get, "/refund/:token",
             [&pages](const auto& req, auto& rctx) { return GetRefundPage(req, rctx, pages); });
  router.Add(http::Verb::post, "/refund/:token",
             [&pages](const auto& req, auto& rctx) { return PostRefundPage(req, rctx, pages); });
}

}  // namespace payd::pages
