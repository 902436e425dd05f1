// Settings > Your language and time zone (routes.h): the language the
// dashboard is written in for the signed-in person and the zone its times are
// in, each "your browser's" until chosen (domain/management/preferences.h).
#include "base/time_zone.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/management/preferences.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kPreferencesHome = "/dashboard/settings/preferences";

std::vector<std::string> Offered(const DashboardContext& ctx) {
  return ctx.languages ? ctx.languages->codes() : std::vector<std::string>{"en"};
}

http::Response PreferencesPage(const http::Request& req, DashboardContext& ctx,
                               const Visitor& visitor, const domain::Preferences& shown,
                               const boost::json::array& errors = {}) {
  boost::json::object model =
      PageModel(ctx, html::Translatable("Your language and time zone"), &visitor);
  model["navSettings"] = true;
  model["subPreferences"] = true;
  model["saved"] = http::QueryParam(req, "saved") == "1";
  boost::json::array languages;
  for (const auto& code : Offered(ctx)) {
    std::string name = ctx.languages ? ctx.languages->Get(code).name : "English";
    languages.push_back({{"code", code}, {"name", name}, {"selected", code == shown.language}});
  }
  model["languages"] = std::move(languages);
  model["browserLanguage"] = shown.language.empty();
  std::string browser_zone = http::CookieValue(req, kTimeZoneCookie);
  if (base::IsKnownTimeZone(browser_zone)) model["browserZoneName"] = browser_zone;
  boost::json::array zones;
  for (const auto& zone : base::TimeZoneNames()) {
    zones.push_back({{"name", zone}, {"selected", zone == shown.time_zone}});
  }
  model["zones"] = std::move(zones);
  model["browserZone"] = shown.time_zone.empty();
  AddErrors(model, errors);
  return Page(req, ctx, errors.empty() ? http::Status::ok : http::Status::bad_request,
              "preferences", model);
}

}  // namespace

void AddPreferencesRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kPreferencesHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     const domain::User& me = v.current.user;
                     return PreferencesPage(req, ctx, v, {me.language, me.time_zone});
                   });
  AddSignedInRoute(router, http::Verb::post, home, ctx, kReaders,
                   [&ctx, home](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     domain::Preferences wanted{http::FormValue(req.body(), "language"),
                                                http::FormValue(req.body(), "time_zone")};
                     return OrFieldError(
                         [&] {
                           domain::ChooseOwnPreferences(ChangeBy(ctx, v), wanted, Offered(ctx));
                           return Redirect(req, home + "?saved=1");
                         },
                         [&](const boost::json::array& errors) {
                           return PreferencesPage(req, ctx, v, wanted, errors);
                         });
                   });
}

}  // namespace payd::dashboard
