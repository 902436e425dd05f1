#include "dashboard/dashboard_http.h"

#include <algorithm>
#include <boost/json/serialize.hpp>

#include "base/strings.h"
#include "base/time.h"
#include "domain/store.h"
#include "html/html.h"
#include "html/i18n.h"
#include "html/localizer.h"
#include "html/page_response.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

// What the banner on every page says: nobody should mistake one for the other.
boost::json::object EnvironmentModel(domain::Environment env) {
  bool mainnet = env == domain::Environment::kMainnet;
  return {
      {"name", domain::EnvironmentName(env)},
      {"label", mainnet ? html::Translatable("Mainnet") : html::Translatable("Testnet")},
      {"text", mainnet ? html::Translatable("Real payments: the money is real.")
                       : html::Translatable("Test networks only: nothing here is real money.")}};
}

// "https://pay.example.com" of "https://pay.example.com/base".
std::string OriginOf(const std::string& url) {
  auto scheme = url.find("://");
  if (scheme == std::string::npos) return url;
  auto path = url.find('/', scheme + 3);
  return base::AsciiLower(url.substr(0, path));
}

// Cookies go over https only when payd is reached over https.
std::string SecureAttribute(const DashboardContext& ctx) {
  return ctx.public_url.starts_with("https://") ? "; Secure" : "";
}

}  // namespace

std::optional<Visitor> FindVisitor(const http::Request& req, DashboardContext& ctx) {
  std::string token = http::CookieValue(req, kSessionCookie);
  auto current = domain::FindCurrentUser(ctx.store, token, ctx.sessions, base::NowMs());
  if (!current) return std::nullopt;
  return Visitor{*current, token};
}

bool FromThisSite(const http::Request& req, const DashboardContext& ctx) {
  std::string origin = base::AsciiLower(req[http::beast_http::field::origin]);
  if (!origin.empty()) {
    if (origin == OriginOf(ctx.public_url)) return true;
    // The address the browser used (its Host), by either scheme: a page of
    // another site cannot make the browser send our Host with its own Origin.
    std::string host = base::AsciiLower(req[http::beast_http::field::host]);
    return !host.empty() && (origin == "http://" + host || origin == "https://" + host);
  }
  std::string site = base::AsciiLower(req["Sec-Fetch-Site"]);
  return site != "cross-site" && site != "same-site";
}

bool FormIsOurs(const http::Request& req, const Visitor& visitor) {
  return domain::CsrfTokenMatches(visitor.token, http::FormValue(req.body(), "csrf"));
}

std::string SessionCookie(const DashboardContext& ctx, const std::string& token) {
  return std::string(kSessionCookie) + "=" + token + "; Path=/dashboard; HttpOnly; SameSite=Lax" +
         SecureAttribute(ctx);
}

std::string BrowserCookie(const DashboardContext& ctx, const std::string& token) {
  return std::string(kBrowserCookie) + "=" + token +
         "; Path=/dashboard; Max-Age=15552000; HttpOnly; SameSite=Lax" + SecureAttribute(ctx);
}

std::string ClearedSessionCookie(const DashboardContext& ctx) {
  return std::string(kSessionCookie) + "=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Lax" +
         SecureAttribute(ctx);
}

boost::json::object PageModel(const DashboardContext& ctx, std::string title,
                              const Visitor* visitor) {
  boost::json::object model{{"title", std::move(title)},
                            {"cssUrl", ctx.assets.Url("css/dashboard.css")},
                            {"faviconUrl", ctx.assets.Url("img/favicon.ico")},
                            {"jsUrl", ctx.assets.Url("js/dashboard.js")},
                            {"environment", EnvironmentModel(ctx.environment)}};
  if (visitor) {
    const domain::User& user = visitor->current.user;
    model["visitor"] = boost::json::object{{"name", user.name},
                                           {"email", user.email},
                                           {"language", user.language},
                                           {"timeZone", user.time_zone},
                                           {"role", domain::RoleName(user.role)},
                                           {"tenantId", user.tenant_id}};
    model["csrf"] = domain::CsrfToken(visitor->token);
    // What the pages offer: a button the role may not use is not shown.
    using domain::Permission;
    model["can"] = boost::json::object{
        {"developerTools", domain::Allows(user.role, Permission::kDeveloperTools)},
        {"commerce", domain::Allows(user.role, Permission::kCommerce)},
        {"account", domain::Allows(user.role, Permission::kAccount)},
        {"people", domain::Allows(user.role, Permission::kPeople)}};
  }
  return model;
}

http::Response Page(const http::Request& req, const DashboardContext& ctx, http::Status status,
                    std::string_view name, const boost::json::object& model) {
  // The person's own choices (Settings), else what their browser says: its
  // languages, and the zone dashboard.js reads from it into a cookie.
  std::string language, zone;
  if (const auto* visitor = model.if_contains("visitor"); visitor && visitor->is_object()) {
    const auto& v = visitor->as_object();
    if (const auto* l = v.if_contains("language"); l && l->is_string()) language = l->as_string();
    if (const auto* z = v.if_contains("timeZone"); z && z->is_string()) zone = z->as_string();
  }
  if (zone.empty()) zone = http::CookieValue(req, kTimeZoneCookie);
  static const html::Catalog kEnglish = [] {
    html::Catalog english;
    english.code = "en";
    return english;
  }();
  const html::Catalog* catalog = &kEnglish;
  if (ctx.languages) {
    catalog = &ctx.languages->Get(html::NegotiateLanguage(
        ctx.languages->codes(), language, "", req[http::beast_http::field::accept_language]));
  }
  html::Localizer localizer(*catalog, zone);
  boost::json::object localized = model;
  SayErrors(localizer, localized);
  localized["lang"] = catalog->code;
  localized["wordsJson"] = html::ScriptJson(catalog->dashboard_js);
  // The partials the payer's pages share read their words from the catalog's strings.
  localized["t"] = boost::json::object{
      {"error_summary_title",
       ctx.languages ? catalog->Text("error_summary_title") : std::string("There is a problem")}};
  std::string html = ctx.templates.Render("dashboard/" + std::string(name), localized,
                                          "dashboard/layout", &localizer);
  html::PageRequest page;
  page.lang = catalog->code;
  return html::HtmlResponse(req, page, status, std::move(html), "'none'");
}

http::Response Redirect(const http::Request& req, const std::string& location) {
  http::Response res{http::Status::see_other, req.version()};
  res.set(http::beast_http::field::location, location);
  res.set(http::beast_http::field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

http::Response JsonAttachment(const http::Request& req, const boost::json::object& json,
                              const std::string& filename) {
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::content_type, "application/json");
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"" + filename + "\"");
  res.body() = boost::json::serialize(json);
  res.prepare_payload();
  return res;
}

void AddRoute(http::Router& router, http::Verb verb, std::string pattern,
              const DashboardContext& ctx, http::Handler handler, Heavy heavy) {
  http::Handler guarded = [handler = std::move(handler), &ctx](const http::Request& req,
                                                               http::RequestContext& rctx) {
    try {
      return handler(req, rctx);
    } catch (const domain::StoreUnavailable&) {
      http::Response res =
          Page(req, ctx, http::Status::service_unavailable, "unavailable",
               PageModel(ctx, html::Translatable("The dashboard is briefly unavailable"), nullptr));
      res.set(http::beast_http::field::retry_after, "5");
      return res;
    }
  };
  if (heavy == Heavy::kNone) {
    router.Add(verb, std::move(pattern), std::move(guarded));
    return;
  }
  router.Add(verb, std::move(pattern),
             [guarded = std::move(guarded), &ctx, heavy](const http::Request& req,
                                                         http::RequestContext& rctx) {
               rctx.offload = [&guarded, &req, &rctx] { return guarded(req, rctx); };
               rctx.offload_kind = heavy == Heavy::kLookup ? http::RequestContext::Offload::kWait
                                                           : http::RequestContext::Offload::kCpu;
               // What the server sends when its offload pool is full.
               http::Response busy =
                   Page(req, ctx, http::Status::too_many_requests, "busy",
                        PageModel(ctx, html::Translatable("Too many at once"), nullptr));
               busy.set(http::beast_http::field::retry_after, "1");
               return busy;
             });
}

http::Response RefusedForm(const http::Request& req, const DashboardContext& ctx) {
  boost::json::object model = PageModel(ctx, html::Translatable("This form was refused"), nullptr);
  return Page(req, ctx, http::Status::forbidden, "refused", model);
}

void AddSignedInRoute(http::Router& router, http::Verb verb, std::string pattern,
                      DashboardContext& ctx, Gate gate, SignedInHandler handler) {
  Heavy heavy = gate.heavy;
  AddRoute(
      router, verb, std::move(pattern), ctx,
      [&ctx, gate, handler = std::move(handler)](const http::Request& req,
                                                 http::RequestContext& rctx) {
        auto visitor = FindVisitor(req, ctx);
        if (!visitor) return Redirect(req, "/dashboard/sign-in");
        if (visitor->current.must_enrol && !gate.while_enrolling) {
          return Redirect(req, "/dashboard/two-factor");
        }
        bool changes = req.method() != http::Verb::get && req.method() != http::Verb::head;
        if (changes && (!FromThisSite(req, ctx) || !FormIsOurs(req, *visitor))) {
          return RefusedForm(req, ctx);
        }
        auto forbidden = [&](domain::Role needed) {
          boost::json::object model =
              PageModel(ctx, html::Translatable("You cannot do this"), &*visitor);
          model["roleNeeded"] = domain::RoleName(needed);
          return Page(req, ctx, http::Status::forbidden, "forbidden", model);
        };
        if (!domain::Allows(visitor->current.user.role, gate.permission)) {
          return forbidden(domain::RoleNeeded(gate.permission));
        }
        // The gate lets the person in; the operation may still need more of this
        // particular object (a key with payments:write needs an admin).
        try {
          return handler(req, rctx, *visitor);
        } catch (const domain::Forbidden& refused) {
          return forbidden(refused.needed());
        }
      },
      heavy);
}

http::Response NotFoundPage(const http::Request& req, const DashboardContext& ctx,
                            const Visitor* visitor) {
  return Page(req, ctx, http::Status::not_found, "not_found",
              PageModel(ctx, html::Translatable("Page not found"), visitor));
}

const domain::ChainCatalog& CatalogOf(const DashboardContext& ctx) {
  static const domain::ChainCatalog kNone;
  return ctx.catalog ? *ctx.catalog : kNone;
}

domain::Representation RepresentationOf(const DashboardContext& ctx) {
  return {CatalogOf(ctx), ctx.public_url};
}

domain::Change ChangeBy(const DashboardContext& ctx, const Visitor& visitor) {
  const domain::User& user = visitor.current.user;
  domain::Change change{ctx.store, domain::Actor::Person(user.id, user.role), user.tenant_id,
                        base::NowMs(), std::nullopt};
  change.mailing = ctx.mailing;
  return change;
}

}  // namespace payd::dashboard
