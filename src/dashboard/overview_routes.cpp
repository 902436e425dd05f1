// The dashboard's front page (routes.h): who is signed in, for which tenant,
// in which environment; and the 404 page for every other /dashboard path.
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "pages/page_common.h"

namespace payd::dashboard {

namespace {

http::Response Overview(const http::Request& req, DashboardContext& ctx, const Visitor& visitor) {
  boost::json::object model = PageModel(ctx, "Overview", &visitor);
  model["navOverview"] = true;
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
    if (!pages::PrefersHtml(req)) return http::Router::NoRoute(req, rctx);
    return NotFoundPage(req, ctx, nullptr);
  });
}

}  // namespace payd::dashboard
