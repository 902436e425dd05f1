// The dashboard's front page (routes.h): who is signed in, for which tenant,
// in which environment; and the 404 page for every other /dashboard path.
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "pages/page_common.h"

namespace payd::dashboard {

namespace {

http::Response Overview(const http::Request& req, DashboardContext& ctx) {
  auto visitor = FindVisitor(req, ctx);
  if (!visitor) return Redirect(req, "/dashboard/sign-in");
  boost::json::object model = PageModel(ctx, "Overview", &*visitor);
  model["navOverview"] = true;
  model["sessionIdleMinutes"] = ctx.sessions.idle_ms / 60'000;
  model["sessionHours"] = ctx.sessions.absolute_ms / 3'600'000;
  return Page(req, ctx, http::Status::ok, "overview", model);
}

}  // namespace

void AddOverviewRoutes(http::Router& router, DashboardContext& ctx) {
  AddRoute(router, http::Verb::get, "/dashboard", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) { return Overview(req, ctx); });
  // A browser gets the 404 page; any other client the API's 404.
  router.AddUnmatched("/dashboard", [&ctx](const http::Request& req, http::RequestContext& rctx) {
    if (!pages::PrefersHtml(req)) return http::Router::NoRoute(req, rctx);
    return Page(req, ctx, http::Status::not_found, "not_found",
                PageModel(ctx, "Page not found", nullptr));
  });
}

}  // namespace payd::dashboard
