// What every dashboard handler does: find who is signed in (the session
// cookie), refuse a state-changing request that did not come from a
// dashboard page (the Origin check and the form's CSRF token), and answer
// with a page in the dashboard's layout under its strict CSP.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "dashboard/dashboard_context.h"
#include "dashboard/form_errors.h"
#include "domain/error.h"
#include "domain/management/change.h"
#include "domain/people/sign_in.h"
#include "domain/views/representation.h"
#include "http/message.h"
#include "http/router.h"

namespace payd::dashboard {

inline constexpr std::string_view kSessionCookie = "payd_session";
// The browser's time zone, as dashboard.js reads it (Intl): times are written
// in it until the person chooses one.
inline constexpr std::string_view kTimeZoneCookie = "payd_tz";

// The signed-in person and their session token, when the cookie names a live session.
struct Visitor {
  domain::CurrentUser current;
  std::string token;
};
std::optional<Visitor> FindVisitor(const http::Request& req, DashboardContext& ctx);

// False when a browser says the request comes from another site: an Origin
// other than this server's (public_url, or the Host the browser asked), or,
// without Origin, Sec-Fetch-Site cross-site or same-site. A client that
// sends neither (not a browser) passes.
bool FromThisSite(const http::Request& req, const DashboardContext& ctx);

// For a signed-in POST: FromThisSite and the form's csrf field.
bool FormIsOurs(const http::Request& req, const Visitor& visitor);

// The cookie that holds `token` (Secure when public_url is https), and the one that clears it.
std::string SessionCookie(const DashboardContext& ctx, const std::string& token);
// The known-browser cookie (domain::SignIn's `browser`): half a year, HttpOnly.
inline constexpr std::string_view kBrowserCookie = "payd_browser";
std::string BrowserCookie(const DashboardContext& ctx, const std::string& token);
std::string ClearedSessionCookie(const DashboardContext& ctx);

// The layout's fields: title, the environment banner, the stylesheet, and
// for a signed-in page the person, their role and the form token. `title` is
// English, translated by the layout; a page about one thing puts its name in
// the model's "titleName" ("Payment link" and "Spring sale").
boost::json::object PageModel(const DashboardContext& ctx, std::string title,
                              const Visitor* visitor);

// A page of the dashboard: web/templates/dashboard/<name>.mustache in its layout.
http::Response Page(const http::Request& req, const DashboardContext& ctx, http::Status status,
                    std::string_view name, const boost::json::object& model);

// 303 See Other to `location`.
http::Response Redirect(const http::Request& req, const std::string& location);
// `json` as a file to download (a Safe Transaction Builder batch), named `filename`.
http::Response JsonAttachment(const http::Request& req, const boost::json::object& json,
                              const std::string& filename);

// Registers `handler` under `pattern`; a database that cannot be reached
// answers a 503 page with Retry-After instead of an error.
// What a handler does that the connection threads must not wait on: hash a
// password (Argon2id: 64 MiB, 0.1 s of a core) or look up a webhook URL's
// host (DNS, up to seconds). Such a handler runs on one of the server's
// offload pools, a bounded number at once; a request beyond the pool's queue
// gets a 429 page asking to retry in a second.
enum class Heavy { kNone, kPasswordHash, kLookup };

void AddRoute(http::Router& router, http::Verb verb, std::string pattern,
              const DashboardContext& ctx, http::Handler handler, Heavy heavy = Heavy::kNone);

// 403, a page saying the form did not come from the dashboard.
http::Response RefusedForm(const http::Request& req, const DashboardContext& ctx);

// What a signed-in page asks of its visitor.
struct Gate {
  domain::Permission permission = domain::Permission::kRead;
  // Open to a person who must set up two factors before anything else.
  bool while_enrolling = false;
  // What the page does that must run off the connection threads (AddRoute).
  Heavy heavy = Heavy::kNone;
};
// The gates most pages share: whoever may read, and the developers' tools.
inline const Gate kReaders{domain::Permission::kRead};
inline const Gate kDevelopers{domain::Permission::kDeveloperTools};
using SignedInHandler =
    std::function<http::Response(const http::Request&, http::RequestContext&, const Visitor&)>;

// Registers a page for signed-in people (AddRoute's 503 included). Before
// `handler` runs: no session is a 303 to sign-in; a person who must set up
// two factors first a 303 to /dashboard/two-factor; a POST from another site
// or without the session's form token the refused page; a role without
// `gate.permission` a 403 page naming the role needed.
void AddSignedInRoute(http::Router& router, http::Verb verb, std::string pattern,
                      DashboardContext& ctx, Gate gate, SignedInHandler handler);

// The chains and tokens this payd serves (none in a context without a catalog).
const domain::ChainCatalog& CatalogOf(const DashboardContext& ctx);

// How payment views are written (the catalog's chains, the public URL).
domain::Representation RepresentationOf(const DashboardContext& ctx);

// A change made by the visitor now, in their tenant, audited with their id.
domain::Change ChangeBy(const DashboardContext& ctx, const Visitor& visitor);

// 404, the dashboard's page for what is not there (or is another tenant's).
http::Response NotFoundPage(const http::Request& req, const DashboardContext& ctx,
                            const Visitor* visitor);

}  // namespace payd::dashboard
