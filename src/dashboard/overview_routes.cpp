// The dashboard's front page (routes.h), what a merchant looks for first:
// received volume per day for 30 days by token, intents by status, the
// latest payments, each chain's state (the node's head, how far behind payd
// is, the last RPC error: a merchant sees at once when payd cannot see a
// chain) and the webhook backlog. And the 404 page for every other path.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <map>

#include "base/strings.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/getting_started.h"
#include "dashboard/payment_views.h"
#include "dashboard/payout_change_view.h"
#include "dashboard/routes.h"
#include "dashboard/volume_chart.h"
#include "domain/money/amount.h"
#include "domain/money/reporting.h"
#include "domain/webhooks/event.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr int kChartDays = 30;
// Failed webhook deliveries are counted over this past week.
constexpr base::TimeMs kFailedWindowMs = 7LL * 24 * 3600 * 1000;
// A chain whose last processed block is older than this, in this process, is behind.
constexpr base::TimeMs kStaleMs = 5 * 60 * 1000;

boost::json::array Volumes(DashboardContext& ctx, const std::string& tenant, base::TimeMs now) {
  auto sums = ctx.store.ReceivedPerDay(tenant, FirstChartDay(now, kChartDays));
  boost::json::array out;
  for (const auto& v : VolumeByDay(sums, kChartDays)) {
    boost::json::array days;
    base::TimeMs first = FirstChartDay(now, kChartDays);
    for (std::size_t i = 0; i < v.per_day.size(); ++i) {
      if (v.per_day[i] == 0) continue;
      // Not "day" and "amount": such fields would hide the templates' {{#day}} and {{#amount}}.
      days.push_back(
          {{"date", base::FormatTimestamp(first + static_cast<base::TimeMs>(i) * 24 * 3600 * 1000)
                        .substr(0, 10)},
           {"amountDecimal", domain::UnitsToDecimal(v.per_day[i], v.decimals)}});
    }
    out.push_back({{"token", v.token},
                   {"total", domain::UnitsToDecimal(v.total, v.decimals)},
                   {"chart", VolumeChart(v, "chart-" + v.token, now)},
                   {"days", std::move(days)}});
  }
  return out;
}

// `minor` units of a currency with `digits` minor units, all of them shown: "25.00".
std::string PriceText(const domain::Uint256& minor, unsigned digits) {
  return domain::PadFraction(domain::UnitsToDecimal(minor, digits), digits);
}

// What was paid by the prices asked (issue 36 item 5): a sum per currency,
// and one total in the tenant's reporting currency, each payment at its own
// rate into US dollars and, for another reporting currency, at today's rate.
void AddPricedTotals(boost::json::object& model, DashboardContext& ctx, const std::string& tenant,
                     base::TimeMs now) {
  const base::TimeMs since = FirstChartDay(now, kChartDays);
  auto paid = ctx.store.PaidPricesSince(tenant, since);
  auto found = ctx.store.FindTenant(tenant);
  std::string code = found ? found->reporting_currency : "USD";
  auto reporting = domain::FindCurrency(code);
  if (!reporting) reporting = domain::FindCurrency("USD");
  bool needs_today = false;
  for (const auto& p : paid) needs_today = needs_today || p.price.currency != reporting->code;
  needs_today = needs_today && reporting->code != "USD";
  std::optional<domain::UsdRate> today;
  if (needs_today) today = ctx.rate_of(code);
  auto totals = domain::TotalPaid(paid, *reporting, today);
  // A chart per asked currency, as the tokens' below: the day a payment was
  // confirmed, its price in the currency's minor units.
  constexpr base::TimeMs kDayMs = 24LL * 3600 * 1000;
  std::vector<domain::Store::DailyReceived> sums;
  for (const auto& p : paid) {
    auto currency = domain::FindCurrency(p.price.currency);
    auto minor =
        currency ? domain::DecimalToUnits(p.price.amount, currency->minor_units) : std::nullopt;
    if (!minor) continue;
    sums.push_back(
        {p.price.currency, currency->minor_units, (p.confirmed_at - since) / kDayMs, *minor});
  }
  boost::json::array priced;
  for (const auto& v : VolumeByDay(sums, kChartDays)) {
    boost::json::array days;
    for (std::size_t i = 0; i < v.per_day.size(); ++i) {
      if (v.per_day[i] == 0) continue;
      days.push_back(
          {{"date",
            base::FormatTimestamp(since + static_cast<base::TimeMs>(i) * kDayMs).substr(0, 10)},
           {"amountDecimal", PriceText(v.per_day[i], v.decimals)}});
    }
    priced.push_back({{"currency", v.token},
                      {"amountDecimal", PriceText(v.total, v.decimals)},
                      {"chart", VolumeChart(v, "chart-price-" + v.token, now)},
                      {"days", std::move(days)}});
  }
  model["hasPriced"] = !priced.empty();
  model["priced"] = std::move(priced);
  model["reportingCurrency"] = std::string(reporting->code);
  model["convertedToday"] = needs_today;
  if (totals.total) model["pricedTotal"] = *totals.total;
}

boost::json::array Chains(DashboardContext& ctx, base::TimeMs now) {
  boost::json::array out;
  if (!ctx.catalog) return out;
  for (const auto& chain : ctx.catalog->chains()) {
    boost::json::object row{{"name", ChainLabel(ctx.catalog, chain.id)}};
    auto cursor = ctx.store.LoadCursor(chain.id);  // shared by every process
    if (cursor) {
      row["processed"] = cursor->number;
      row["processedAt"] = base::FormatTimestamp(cursor->time);
    }
    if (chain.quorum >= 2) {
      row["quorum"] = chain.quorum;
      row["providers"] = static_cast<std::int64_t>(chain.rpc_urls.size());
    }
    auto status = ctx.chain_status(chain.id);
    if (status && status->leading && !status->disagreement.empty()) {
      row["disagreement"] = status->disagreement;
      row["disagreementSince"] = base::FormatTimestamp(status->disagreement_since);
    }
    if (status && status->leading) {
      row["watchedHere"] = true;
      row["head"] = status->head;
      row["behind"] = status->head > status->processed ? status->head - status->processed : 0;
      row["stale"] = now - status->updated_at > kStaleMs;
    }
    if (status && !status->last_error.empty()) {
      row["lastError"] = status->last_error;
      row["lastErrorAt"] = base::FormatTimestamp(status->last_error_at);
      row["recentError"] = now - status->last_error_at < kStaleMs;
    }
    out.push_back(std::move(row));
  }
  return out;
}

http::Response Overview(const http::Request& req, DashboardContext& ctx, const Visitor& visitor) {
  const std::string& tenant = visitor.current.user.tenant_id;
  const base::TimeMs now = base::NowMs();
  boost::json::object model = PageModel(ctx, html::Translatable("Overview"), &visitor);
  model["navOverview"] = true;
  model["payoutChanges"] = PayoutNotices(ctx, tenant, now);
  auto volumes = Volumes(ctx, tenant, now);
  model["hasVolume"] = !volumes.empty();
  model["volumes"] = std::move(volumes);
  AddPricedTotals(model, ctx, tenant, now);
  auto counts = ctx.store.CountTenant(tenant, now - kFailedWindowMs);
  boost::json::array statuses;
  for (const char* status : {"CREATED", "PENDING", "PAID", "EXPIRED", "FAILED"}) {
    std::int64_t n = 0;
    for (const auto& [name, count] : counts.intents_by_status) {
      if (name == status) n = count;
    }
    statuses.push_back({{"status", base::AsciiLower(status)}, {"count", n}});
  }
  std::int64_t paid = 0;
  for (const auto& [name, count] : counts.intents_by_status) {
    if (name == "PAID") paid = count;
  }
  if (auto steps = GettingStarted(ctx, counts, visitor.current.user.role, paid); !steps.empty()) {
    model["gettingStarted"] = std::move(steps);
  }
  model["statuses"] = std::move(statuses);
  domain::IntentQuery decisions;
  decisions.needs_decision = true;
  decisions.limit = 100;
  auto waiting = ctx.store.QueryIntents(tenant, decisions).size();
  if (waiting > 0) {
    model["needsDecision"] = static_cast<std::int64_t>(waiting);
  }
  model["deliveriesWaiting"] = counts.deliveries_waiting;
  model["deliveriesFailed"] = counts.deliveries_failed;
  boost::json::array latest;
  for (const auto& p : ctx.store.ListPayments(tenant, std::nullopt, 5, 0)) {
    latest.push_back(PaymentRow(p, ctx.catalog));
  }
  model["hasLatest"] = !latest.empty();
  model["latest"] = std::move(latest);
  model["chains"] = Chains(ctx, now);
  model["sessionIdleMinutes"] = ctx.sessions.idle_ms / 60'000;
  model["sessionHours"] = ctx.sessions.absolute_ms / 3'600'000;
  return Page(req, ctx, http::Status::ok, "overview", model);
}

}  // namespace

void AddOverviewRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard", ctx, {},
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return Overview(req, ctx, v);
                   });
  // A browser gets the 404 page; any other client the API's 404.
  router.AddUnmatched("/dashboard", [&ctx](const http::Request& req, http::RequestContext& rctx) {
    if (!http::PrefersHtml(req)) return http::Router::NoRoute(req, rctx);
    return NotFoundPage(req, ctx, nullptr);
  });
}

}  // namespace payd::dashboard
