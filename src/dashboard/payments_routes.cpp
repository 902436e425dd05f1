// The payments table (routes.h): a tenant's intents, newest first, with the
// filters of payment_filters.h and keyset paging; the transfers no intent
// took, to attach; the CSV export of what the filters show, streamed a page
// at a time (fine at 100,000 rows: memory stays one page); and the live
// stream that tells an open page to refresh its table when the ledger moved.
#include <memory>

#include "dashboard/csv.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/payment_filters.h"
#include "dashboard/payment_views.h"
#include "dashboard/routes.h"
#include "domain/access/access.h"
#include "domain/management/payment_exceptions.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr int kPageRows = 50;
constexpr int kCsvRowsPerStep = 1000;

boost::json::array StatusOptions(const std::string& selected) {
  boost::json::array out;
  const std::pair<const char*, const char*> options[] = {
      {"", html::Translatable("Any status")},
      {"decision", html::Translatable("Needs a decision")},
      {"created", html::Translatable("Created")},
      {"pending", html::Translatable("Pending")},
      {"paid", html::Translatable("Paid")},
      {"expired", html::Translatable("Expired")},
      {"failed", html::Translatable("Failed")}};
  for (const auto& [value, label] : options) {
    out.push_back({{"value", value}, {"label", label}, {"selected", selected == value}});
  }
  return out;
}

http::Response Table(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                     http::Status status = http::Status::ok, boost::json::array errors = {}) {
  PaymentFilters filters = ReadPaymentFilters(req);
  filters.query.limit = kPageRows;
  const std::string& tenant = v.current.user.tenant_id;
  auto intents = ctx.store.QueryIntents(tenant, filters.query);
  boost::json::object model = PageModel(ctx, html::Translatable("Payments"), &v);
  model["navPayments"] = true;
  model["filters"] = filters.echo;
  model["statusOptions"] = StatusOptions(std::string(filters.echo.at("status").as_string()));
  boost::json::array rows;
  for (const auto& intent : intents) rows.push_back(IntentRow(intent, ctx.catalog));
  model["rows"] = std::move(rows);
  model["empty"] = intents.empty();
  std::string qs = filters.query_string;
  model["filtered"] = !qs.empty();
  model["csvUrl"] = "/dashboard/payments/export.csv" + (qs.empty() ? "" : "?" + qs);
  if (static_cast<int>(intents.size()) == kPageRows) {
    model["olderUrl"] = "/dashboard/payments?" + (qs.empty() ? "" : qs + "&") +
                        "after=" + CursorAfter(intents.back());
  }
  if (filters.query.after) model["firstUrl"] = "/dashboard/payments" + (qs.empty() ? "" : "?" + qs);
  boost::json::array unmatched;
  for (const auto& p : ctx.store.UnmatchedPayments(tenant, 20)) {
    unmatched.push_back(PaymentRow(p, ctx.catalog));
  }
  model["hasUnmatched"] = !unmatched.empty();
  model["unmatched"] = std::move(unmatched);
  model["canDecide"] = domain::PersonMay(v.current.user.role, domain::Operation::kAttachTransfer);
  for (auto& e : filters.errors) errors.push_back(e);
  if (!filters.errors.empty()) status = http::Status::bad_request;
  model["typedIntent"] = http::FormValue(req.body(), "intent");
  AddErrors(model, errors);
  return Page(req, ctx, status, "payments", model);
}

// The export: the header, then a page of rows per step until the filters run out.
http::Response Export(const http::Request& req, http::RequestContext& rctx, DashboardContext& ctx,
                      const Visitor& v) {
  PaymentFilters filters = ReadPaymentFilters(req);
  if (!filters.errors.empty()) return Table(req, ctx, v);
  struct State {
    domain::IntentQuery query;
    std::string tenant_id;
    bool header_sent = false;
    bool done = false;
  };
  auto state = std::make_shared<State>(State{filters.query, v.current.user.tenant_id});
  state->query.limit = kCsvRowsPerStep;
  state->query.after.reset();
  rctx.stream = [state, &ctx] {
    http::StreamStep step{{}, false, std::chrono::milliseconds(0)};
    if (state->done) {
      step.done = true;
      return step;
    }
    if (!state->header_sent) {
      state->header_sent = true;
      step.data = CsvRow(IntentCsvHeader());
    }
    auto page = ctx.store.QueryIntents(state->tenant_id, state->query);
    for (const auto& intent : page) step.data += CsvRow(IntentCsvCells(intent, ctx.catalog));
    if (static_cast<int>(page.size()) < state->query.limit) {
      state->done = true;
    } else {
      state->query.after = domain::IntentQuery::Cursor{page.back().created_at, page.back().id};
    }
    return step;
  };
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::content_type, "text/csv; charset=utf-8");
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"payments-" + base::FormatTimestamp(base::NowMs()).substr(0, 10) +
              ".csv\"");
  res.set(http::beast_http::field::cache_control, "no-store");
  res.set("X-Accel-Buffering", "no");
  return res;
}

// Server-sent events for an open page: `changed` whenever the ledger moved
// an intent in this process, and every 10 s anyway (other processes' writes
// are not counted here); the page then re-reads its table.
http::Response Live(const http::Request& req, http::RequestContext& rctx, DashboardContext& ctx) {
  using Clock = std::chrono::steady_clock;
  struct State {
    std::uint64_t seen;
    Clock::time_point opened, last;
    bool started = false;
  };
  auto state = std::make_shared<State>(State{ctx.intent_changes(), Clock::now(), Clock::now()});
  rctx.stream = [state, &ctx] {
    using namespace std::chrono_literals;
    http::StreamStep step{{}, false, 500ms};
    auto now = Clock::now();
    if (!state->started) {
      state->started = true;
      step.data = "retry: 5000\n\n";
    } else if (now - state->opened >= 10min) {
      step.done = true;
    } else if (std::uint64_t seen = ctx.intent_changes(); seen != state->seen) {
      state->seen = seen;
      state->last = now;
      step.data = "event: changed\ndata: {}\n\n";
    } else if (now - state->last >= 10s) {
      state->last = now;
      step.data = "event: changed\ndata: {}\n\n";
    }
    return step;
  };
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::content_type, "text/event-stream; charset=utf-8");
  res.set(http::beast_http::field::cache_control, "no-store");
  res.set("X-Accel-Buffering", "no");
  return res;
}

// A transfer no intent took, attached to the intent the merchant typed.
http::Response Attach(const http::Request& req, http::RequestContext& rctx, DashboardContext& ctx,
                      const Visitor& v) {
  std::string intent = http::FormValue(req.body(), "intent");
  std::string payment(rctx.Param("id"));
  if (!ctx.store.FindPayment(v.current.user.tenant_id, payment)) return NotFoundPage(req, ctx, &v);
  return OrFieldError(
      [&] {
        if (intent.empty())
          domain::ThrowInvalid("intent", html::Translatable("Enter the id of the payment intent"));
        domain::AttachPayment(ChangeBy(ctx, v), RepresentationOf(ctx), payment, intent);
        return Redirect(req, "/dashboard/payments/" + intent);
      },
      [&](boost::json::array errors) {
        // The refusal names intentId or the payment: either way, the intent field.
        for (auto& e : errors) e.as_object()["field"] = "intent";
        return Table(req, ctx, v, http::Status::bad_request, errors);
      });
}

}  // namespace

void AddPaymentsRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payments", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return Table(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/payments/export.csv", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     return Export(req, rctx, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::post, "/dashboard/transfers/:id/attach", ctx,
                   {domain::Permission::kCommerce},
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     return Attach(req, rctx, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/live", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor&) {
                     return Live(req, rctx, ctx);
                   });
}

}  // namespace payd::dashboard
