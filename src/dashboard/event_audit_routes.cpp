// Events and the audit log (routes.h), for every role:
//   GET /dashboard/events[?type=&object=&offset=]      the latest events, with their payloads
//   GET /dashboard/audit-log[?action=&actor=&offset=]  the latest changes, by whom
// The same reads as /api/v1/events and /api/v1/audit-log (Store::RecentEvents,
// Store::ListAuditLog). The store filters neither, so a filter looks through
// the latest kScanLimit rows here, as the API pages a tenant's few endpoints
// in memory; without a filter the pages are the store's own.
#include <boost/json/parse.hpp>
#include <unordered_map>

#include "dashboard/dashboard_http.h"
#include "dashboard/list_pages.h"
#include "dashboard/routes.h"
#include "domain/audit.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

// How far back a filter looks: a page answers fast however long the history.
constexpr int kScanLimit = 1000;
// How far back the unfiltered audit log pages (the store skips the rest).
constexpr int kMaxAuditOffset = 100000;

// The rows of one page out of `rows` (newest first) from `offset`; `has_more`
// when a row follows it.
template <typename T>
std::vector<T> PageOf(std::vector<T> rows, int offset, bool& has_more) {
  auto from = std::min(rows.size(), static_cast<std::size_t>(offset));
  auto to = std::min(rows.size(), from + kListPageSize);
  has_more = rows.size() > to;
  return std::vector<T>(rows.begin() + static_cast<std::ptrdiff_t>(from),
                        rows.begin() + static_cast<std::ptrdiff_t>(to));
}

// --- Events -------------------------------------------------------------------

struct EventFilter {
  std::string type, object;
  bool Any() const { return !type.empty() || !object.empty(); }
};

// An event is about an object when a top-level field of its data names it:
// the intent's or link's own `id`, or a reference such as `intentId`.
bool IsAbout(const boost::json::value& data, const std::string& object) {
  if (!data.is_object()) return false;
  for (const auto& [key, value] : data.as_object()) {
    if (value.is_string() && value.as_string() == object) return true;
  }
  return false;
}

bool Matches(const domain::Event& e, const EventFilter& f) {
  if (!f.type.empty() && e.type != f.type) return false;
  if (f.object.empty()) return true;
  boost::system::error_code ec;
  auto data = boost::json::parse(e.data_json, ec);
  return !ec && IsAbout(data, f.object);
}

boost::json::object EventCard(const domain::Event& e) {
  boost::json::object card{{"id", e.id},
                           {"type", e.type},
                           {"createdAt", base::FormatTimestamp(e.created_at)},
                           {"payload", PrettyJson(e.data_json)}};
  boost::system::error_code ec;
  auto data = boost::json::parse(e.data_json, ec);
  if (!ec && data.is_object()) {
    if (const auto* id = data.as_object().if_contains("id"); id && id->is_string()) {
      card["objectId"] = id->as_string();
    }
  }
  return card;
}

boost::json::array TypeOptions(const std::string& selected) {
  boost::json::array out{
      {{"value", ""}, {"label", html::Translatable("Every type")}, {"selected", selected.empty()}}};
  std::vector<std::string_view> types(domain::SubscribableEventTypes().begin(),
                                      domain::SubscribableEventTypes().end());
  types.push_back(domain::kWebhookTestEvent);
  types.push_back(domain::event_type::kWebhookSent);
  for (std::string_view t : types) {
    out.push_back({{"value", t}, {"label", t}, {"selected", t == selected}});
  }
  return out;
}

http::Response EventsPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  const std::string& tenant = v.current.user.tenant_id;
  EventFilter filter{http::QueryParam(req, "type"), http::QueryParam(req, "object")};
  int offset = OffsetParam(req, kScanLimit);
  std::vector<domain::Event> events;
  if (filter.Any()) {
    for (auto& e : ctx.store.RecentEvents(tenant, kScanLimit)) {
      if (Matches(e, filter)) events.push_back(std::move(e));
    }
  } else {
    // The latest rows up to this page's end, and one more to know there is an older page.
    events = ctx.store.RecentEvents(tenant, std::min(offset + kListPageSize + 1, kScanLimit));
  }
  bool has_more = false;
  boost::json::array cards;
  for (const auto& e : PageOf(std::move(events), offset, has_more)) cards.push_back(EventCard(e));

  boost::json::object model = PageModel(ctx, html::Translatable("Events"), &v);
  model["navEvents"] = true;
  model["typeOptions"] = TypeOptions(filter.type);
  model["object"] = filter.object;
  model["filtered"] = filter.Any();
  model["scanLimit"] = kScanLimit;
  model["hasEvents"] = !cards.empty();
  model["events"] = std::move(cards);
  AddPagingLinks(model, "/dashboard/events", {{"type", filter.type}, {"object", filter.object}},
                 offset, has_more);
  return Page(req, ctx, http::Status::ok, "events", model);
}

// --- The audit log ----------------------------------------------------------------

struct AuditFilter {
  std::string action, actor;
  bool Any() const { return !action.empty() || !actor.empty(); }
};

// The actor filter "key" is any API key (each key's id starts "key_").
bool Matches(const domain::AuditEntry& a, const AuditFilter& f) {
  if (!a.action.starts_with(f.action)) return false;
  if (f.actor.empty() || a.actor == f.actor) return true;
  return f.actor == "key" && a.actor.starts_with("key_");
}

// Who made a change, as a merchant knows them: a person by name, else the
// key's id or the server's command line.
class Actors {
 public:
  explicit Actors(const std::vector<domain::User>& users) {
    for (const auto& u : users) names_[u.id] = u.name.empty() ? u.email : u.name;
  }
  std::string Name(const std::string& actor) const {
    if (auto it = names_.find(actor); it != names_.end()) return it->second;
    if (actor == "cli") return html::Translatable("payd on the server (cli)");
    if (IsKey(actor)) return "API key " + actor;
    return actor;
  }
  // An API key, not a person: the page says "API key <id>".
  bool IsKey(const std::string& actor) const {
    return !names_.contains(actor) && actor.starts_with("key_");
  }

 private:
  std::unordered_map<std::string, std::string> names_;
};

boost::json::array ActorOptions(const std::vector<domain::User>& users,
                                const std::string& selected) {
  boost::json::array out{
      {{"value", ""}, {"label", html::Translatable("Anyone")}, {"selected", selected.empty()}}};
  for (const auto& u : users) {
    out.push_back({{"value", u.id},
                   {"label", (u.name.empty() ? u.email : u.name) + " (" + u.email + ")"},
                   {"selected", u.id == selected}});
  }
  out.push_back({{"value", "key"},
                 {"label", html::Translatable("Any API key")},
                 {"selected", selected == "key"}});
  out.push_back({{"value", "cli"},
                 {"label", html::Translatable("payd on the server (cli)")},
                 {"selected", selected == "cli"}});
  // An actor picked elsewhere (a key's link on an entry) stays selected.
  bool known = selected.empty() || selected == "key" || selected == "cli" ||
               std::any_of(users.begin(), users.end(),
                           [&](const domain::User& u) { return u.id == selected; });
  if (!known) out.push_back({{"value", selected}, {"label", selected}, {"selected", true}});
  return out;
}

boost::json::object AuditCard(const domain::AuditEntry& a, const Actors& actors) {
  boost::json::object card{{"id", a.id},
                           {"action", a.action},
                           {"actor", a.actor},
                           {"actorName", actors.Name(a.actor)},
                           {"objectId", a.object_id},
                           {"createdAt", base::FormatTimestamp(a.created_at)}};
  if (actors.IsKey(a.actor)) card["actorKey"] = a.actor;
  if (a.before_json) card["before"] = PrettyJson(*a.before_json);
  if (a.after_json) card["after"] = PrettyJson(*a.after_json);
  return card;
}

http::Response AuditPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  const std::string& tenant = v.current.user.tenant_id;
  AuditFilter filter{http::QueryParam(req, "action"), http::QueryParam(req, "actor")};
  int offset = OffsetParam(req, filter.Any() ? kScanLimit : kMaxAuditOffset);
  std::vector<domain::AuditEntry> entries;
  bool has_more = false;
  if (filter.Any()) {
    for (auto& a : ctx.store.ListAuditLog(tenant, kScanLimit, 0)) {
      if (Matches(a, filter)) entries.push_back(std::move(a));
    }
    entries = PageOf(std::move(entries), offset, has_more);
  } else {
    entries = ctx.store.ListAuditLog(tenant, kListPageSize + 1, offset);
    has_more = entries.size() > static_cast<std::size_t>(kListPageSize);
    if (has_more) entries.pop_back();
  }
  auto users = ctx.store.ListUsers(tenant);
  Actors actors(users);
  boost::json::array cards;
  for (const auto& a : entries) cards.push_back(AuditCard(a, actors));

  boost::json::object model = PageModel(ctx, html::Translatable("Audit log"), &v);
  model["navAudit"] = true;
  model["action"] = filter.action;
  model["actorOptions"] = ActorOptions(users, filter.actor);
  model["filtered"] = filter.Any();
  model["scanLimit"] = kScanLimit;
  model["hasEntries"] = !cards.empty();
  model["entries"] = std::move(cards);
  AddPagingLinks(model, "/dashboard/audit-log",
                 {{"action", filter.action}, {"actor", filter.actor}}, offset, has_more);
  return Page(req, ctx, http::Status::ok, "audit_log", model);
}

}  // namespace

void AddEventAndAuditRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, "/dashboard/events", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return EventsPage(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, "/dashboard/audit-log", ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return AuditPage(req, ctx, v);
                   });
}

}  // namespace payd::dashboard
