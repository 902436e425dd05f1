// Payouts in the dashboard (issue 37 item 5, domain/management/payouts.h, the
// same operations as /api/v1/payouts):
//   GET  /dashboard/payouts                      the tenant's payouts
//   GET/POST /dashboard/payouts/new              a CSV of recipient, amount,
//        reference (a file, read into the text box by web/js/dashboard_send.js,
//        or pasted), for one token on one chain
//   GET  /dashboard/payouts/:id                  its lines, each with a browser
//        wallet's send button; the whole batch as a Safe file; live
//   GET  /dashboard/payouts/:id/safe-batch.json  the Safe Transaction Builder file
//   POST /dashboard/payouts/:id/cancel           the lines not yet sent
// As for refunds, only the watcher says a line was sent.
#include <algorithm>
#include <set>

#include "base/strings.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/list_pages.h"
#include "dashboard/payment_views.h"
#include "dashboard/routes.h"
#include "domain/access/access.h"
#include "domain/integration.h"
#include "domain/management/payouts.h"
#include "domain/payouts/payout_csv.h"
#include "domain/payouts/payout_view.h"
#include "domain/refunds/refund_view.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

const Gate kPayers{domain::Permission::kCommerce};

boost::json::object PayoutRow(const domain::Payout& p, const domain::ChainCatalog* catalog) {
  return {{"id", p.id},
          {"name", p.name},
          {"status", domain::PayoutStatusName(p.Status())},
          {"total", domain::UnitsToDecimal(p.Total(), p.decimals)},
          {"token", p.token_symbol},
          {"chain", ChainLabel(catalog, p.chain_id)},
          {"from", p.from_address},
          {"lineCount", p.lines.size()},
          {"confirmedCount", p.ConfirmedCount()},
          {"createdAt", base::FormatTimestamp(p.created_at)}};
}

http::Response PayoutListPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  int offset = OffsetParam(req, 1'000'000);
  auto payouts = ctx.store.ListPayouts(v.current.user.tenant_id,
                                       domain::PayoutQuery{kListPageSize + 1, offset});
  bool more = payouts.size() > static_cast<std::size_t>(kListPageSize);
  if (more) payouts.pop_back();
  boost::json::object model = PageModel(ctx, html::Translatable("Payouts"), &v);
  model["navPayments"] = true;
  boost::json::array rows;
  for (const auto& p : payouts) rows.push_back(PayoutRow(p, &CatalogOf(ctx)));
  model["payouts"] = std::move(rows);
  model["empty"] = payouts.empty();
  model["canCreate"] = domain::PersonMay(v.current.user.role, domain::Operation::kCreatePayout);
  AddPagingLinks(model, "/dashboard/payouts", {}, offset, more);
  return Page(req, ctx, http::Status::ok, "payouts", model);
}

// Each token on each chain the tenant's enabled integrations take: what a
// payout may send. `value` ("chainId:SYMBOL") is the form's.
struct Asset {
  std::string value;
  std::string chain_name;  // shown as "USDC on Base" ({{#tr}}{{token}} on {{chainName}}{{/tr}})
  std::int64_t chain_id = 0;
  std::string symbol;
};

std::vector<Asset> Assets(DashboardContext& ctx, const std::string& tenant_id) {
  std::vector<Asset> out;
  std::set<std::string> seen;
  const auto& catalog = CatalogOf(ctx);
  for (const auto& integration : ctx.store.ListIntegrations(tenant_id)) {
    if (!integration.Enabled()) continue;
    for (std::int64_t id : integration.allow_chains) {
      const domain::ChainInfo* chain = catalog.FindChain(id);
      if (!chain) continue;
      for (const domain::TokenInfo* token : integration.TokensOn(*chain)) {
        std::string value = std::to_string(id) + ":" + token->symbol;
        if (seen.insert(value).second) out.push_back({value, chain->name, id, token->symbol});
      }
    }
  }
  return out;
}

http::Response NewPayoutPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                             http::Status status, const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("New payout"), &v);
  model["navPayments"] = true;
  std::string asset = http::FormValue(req.body(), "asset");
  boost::json::array options;
  for (const Asset& a : Assets(ctx, v.current.user.tenant_id))
    options.push_back({{"value", a.value},
                       {"token", a.symbol},
                       {"chainName", a.chain_name},
                       {"selected", a.value == asset}});
  model["noAssets"] = options.empty();
  model["assets"] = std::move(options);
  for (const char* field : {"name", "from", "csv"})
    model[field] = http::FormValue(req.body(), field);
  model["sendJsUrl"] = ctx.assets.Url("js/dashboard_send.js");
  model["maxLines"] = domain::kMaxPayoutLines;
  AddErrors(model, errors);
  return Page(req, ctx, status, "payout_new", model);
}

http::Response CreatePayoutFromForm(const http::Request& req, DashboardContext& ctx,
                                    const Visitor& v) {
  domain::PayoutRequest request;
  request.name = http::FormValue(req.body(), "name");
  std::string asset = http::FormValue(req.body(), "asset");
  auto assets = Assets(ctx, v.current.user.tenant_id);
  auto chosen =
      std::find_if(assets.begin(), assets.end(), [&](const Asset& a) { return a.value == asset; });
  if (chosen == assets.end())
    domain::ThrowInvalid("asset", html::Translatable("Choose the token and chain to pay out in."));
  request.chain_id = chosen->chain_id;
  request.token = chosen->symbol;
  std::string from(base::TrimBlanks(http::FormValue(req.body(), "from")));
  if (!from.empty()) request.from = from;
  auto csv = domain::PayoutLinesFromCsv(http::FormValue(req.body(), "csv"), "csv");
  auto made = domain::CreatePayoutFromCsv(ChangeBy(ctx, v), CatalogOf(ctx), request, csv, "csv");
  return Redirect(req, "/dashboard/payouts/" + made.object->id);
}

http::Response PayoutPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                          const domain::Payout& p) {
  boost::json::object model = PageModel(ctx, html::Translatable("Payout"), &v);
  model["titleName"] = p.name;
  model["navPayments"] = true;
  const domain::ChainInfo* chain = CatalogOf(ctx).FindChain(p.chain_id);
  model["payout"] = PayoutRow(p, &CatalogOf(ctx));
  boost::json::array lines;
  bool waiting = false;
  for (const auto& line : p.lines) {
    boost::json::object row = {
        {"number", line.line_number},
        {"id", line.id},
        {"to", line.to_address.value_or("")},
        {"amountDecimal", domain::UnitsToDecimal(line.amount, line.decimals)},
        {"token", line.token_symbol},
        {"reference", line.reference.value_or("")},
        {"status", domain::RefundStatusName(line.status)},
        {"txHash", line.transfer ? line.transfer->tx_hash : ""},
        {"confirmations", line.confirmations}};
    if (auto t = domain::RefundTransferOf(line); t && line.AwaitsTransfer()) {
      waiting = true;
      row["send"] = boost::json::object{
          {"chainId", t->chain_id}, {"chainName", chain ? chain->name : std::to_string(p.chain_id)},
          {"from", t->from},        {"to", t->to},
          {"data", t->data},        {"value", t->value}};
    }
    lines.push_back(std::move(row));
  }
  model["lines"] = std::move(lines);
  model["waiting"] = waiting;
  model["canCancel"] =
      p.Cancelable() && domain::PersonMay(v.current.user.role, domain::Operation::kCancelPayout);
  if (waiting) model["sendJsUrl"] = ctx.assets.Url("js/dashboard_send.js");
  return Page(req, ctx, http::Status::ok, "payout", model);
}

// The payout of the path, the tenant's; another tenant's is not found.
template <typename Fn>
SignedInHandler OnPayout(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto payout = ctx.store.FindPayout(v.current.user.tenant_id, std::string(rctx.Param("id")));
    if (!payout) return NotFoundPage(req, ctx, &v);
    return fn(req, v, *payout);
  };
}

}  // namespace

void AddPayoutRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payouts", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return PayoutListPage(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payouts/new", ctx, kPayers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return NewPayoutPage(req, ctx, v, http::Status::ok, {});
                   });
  AddSignedInRoute(router, http::Verb::post, "/dashboard/payouts/new", ctx, kPayers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return OrFieldError([&] { return CreatePayoutFromForm(req, ctx, v); },
                                         [&](const boost::json::array& errors) {
                                           return NewPayoutPage(req, ctx, v,
                                                                http::Status::bad_request, errors);
                                         });
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payouts/:id", ctx, kReaders,
                   OnPayout(ctx, [&ctx](const auto& req, const Visitor& v, const auto& p) {
                     return PayoutPage(req, ctx, v, p);
                   }));
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payouts/:id/safe-batch.json", ctx, kReaders,
                   OnPayout(ctx, [&ctx](const auto& req, const Visitor& v, const auto& p) {
                     auto file = domain::PayoutSafeBatch(p, base::NowMs());
                     if (!file) return NotFoundPage(req, ctx, &v);
                     return JsonAttachment(req, *file, "payd-payout-" + p.id + "-safe-batch.json");
                   }));
  AddSignedInRoute(router, http::Verb::post, "/dashboard/payouts/:id/cancel", ctx, kPayers,
                   OnPayout(ctx, [&ctx](const auto& req, const Visitor& v, const auto& p) {
                     if (p.Cancelable()) domain::CancelPayout(ChangeBy(ctx, v), p.id);
                     return Redirect(req, "/dashboard/payouts/" + p.id);
                   }));
}

}  // namespace payd::dashboard
