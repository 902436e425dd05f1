// Settings > Your notifications (routes.h): what the signed-in person is
// emailed about, a box per topic that can be turned off (domain/email/
// topics.h; their role's default until they choose) and, for payments
// received, a message each, a daily summary or none; the security messages
// listed as always sent. And the one-click unsubscribe link every other
// message carries (RFC 8058): GET shows what it stops and a button; POST
// (the button, or a mail provider's List-Unsubscribe=One-Click) stops it,
// without signing in: the link's token is the credential. Both changes are
// domain/management/email_choices.h's, audited.
#include <map>

#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/management/email_choices.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kNotificationsHome = "/dashboard/settings/notifications";

http::Response NotificationsPage(const http::Request& req, DashboardContext& ctx,
                                 const Visitor& visitor, const boost::json::array& errors = {}) {
  boost::json::object model = PageModel(ctx, html::Translatable("Your notifications"), &visitor);
  model["navSettings"] = true;
  model["subNotifications"] = true;
  model["emailOn"] = ctx.mailing != nullptr;
  model["me"] = visitor.current.user.email;
  model["saved"] = http::QueryParam(req, "saved") == "1";
  boost::json::array optional, daily, security;
  for (const auto& state : domain::EmailTopicsOf(ctx.store, visitor.current.user)) {
    const auto& info = domain::InfoOf(state.topic);
    boost::json::object row{{"name", info.name}, {"label", info.label}, {"on", state.on}};
    if (info.daily) {
      row["daily"] = state.daily;
      row["off"] = !state.on && !state.daily;
      daily.push_back(std::move(row));
    } else {
      (info.security ? security : optional).push_back(std::move(row));
    }
  }
  model["dailyTopics"] = std::move(daily);
  model["optional"] = std::move(optional);
  model["hasSecurity"] = true;
  model["security"] = std::move(security);
  AddErrors(model, errors);
  return Page(req, ctx, errors.empty() ? http::Status::ok : http::Status::bad_request,
              "notifications", model);
}

// The form's choices: a box ticked in `topics` for a topic on, and for a
// topic with a daily summary its own field (each, daily or off; a ticked box
// without it is each).
std::map<std::string, std::string> ChoicesOfForm(const std::string& body) {
  std::map<std::string, std::string> choices;
  for (const auto& info : domain::EmailTopics()) {
    if (!info.security) choices[std::string(info.name)] = domain::kEmailOff;
  }
  for (const auto& name : http::FormValues(body, "topics")) choices[name] = domain::kEmailEach;
  for (const auto& info : domain::EmailTopics()) {
    if (!info.daily) continue;
    std::string how = http::FormValue(body, info.name);
    if (how.empty()) continue;
    choices[std::string(info.name)] = how == "each" ? std::string(domain::kEmailEach) : how;
  }
  return choices;
}

http::Response UnsubscribePage(const http::Request& req, DashboardContext& ctx, bool act) {
  std::string token = http::QueryParam(req, "token");
  if (token.empty()) token = http::FormValue(req.body(), "token");
  base::TimeMs now = base::NowMs();
  auto topic = act ? domain::Unsubscribe(ctx.store, token, now)
                   : domain::UnsubscribeLinkTopic(ctx.store, token);
  if (!topic) {
    return Page(req, ctx, http::Status::not_found, "link_dead",
                PageModel(ctx, html::Translatable("This link no longer works"), nullptr));
  }
  boost::json::object model = PageModel(
      ctx,
      act ? html::Translatable("You are unsubscribed") : html::Translatable("Stop these emails"),
      nullptr);
  model["done"] = act;
  model["topic"] = domain::InfoOf(*topic).label;
  model["token"] = token;
  return Page(req, ctx, http::Status::ok, "unsubscribe", model);
}

}  // namespace

void AddNotificationRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kNotificationsHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return NotificationsPage(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::post, home, ctx, kReaders,
                   [&ctx, home](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     auto choices = ChoicesOfForm(req.body());
                     return OrFieldError(
                         [&] {
                           domain::ChooseOwnEmail(ChangeBy(ctx, v), choices);
                           return Redirect(req, home + "?saved=1");
                         },
                         [&](const boost::json::array& errors) {
                           return NotificationsPage(req, ctx, v, errors);
                         });
                   });
  AddRoute(router, http::Verb::get, "/dashboard/unsubscribe", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) {
             return UnsubscribePage(req, ctx, false);
           });
  AddRoute(router, http::Verb::post, "/dashboard/unsubscribe", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) {
             return UnsubscribePage(req, ctx, true);
           });
}

}  // namespace payd::dashboard
