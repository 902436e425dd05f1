// GET /api/v1/audit-log (DECISIONS §13): what was changed in the tenant's
// account, by whom, newest first, paged. The account key only: it shows
// every change to keys and secrets (never a secret itself).
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

boost::json::value Snapshot(const std::optional<std::string>& json) {
  if (!json) return nullptr;
  boost::system::error_code ec;
  auto value = boost::json::parse(*json, ec);
  return ec ? boost::json::value(nullptr) : value;
}

boost::json::object AuditView(const domain::AuditEntry& a) {
  return {{"id", a.id},
          {"actor", a.actor},
          {"action", a.action},
          {"objectId", a.object_id},
          {"before", Snapshot(a.before_json)},
          {"after", Snapshot(a.after_json)},
          {"createdAt", base::FormatTimestamp(a.created_at)}};
}

}  // namespace

void AddAuditLogRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/api/v1/audit-log", Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireAccountKey(req, ctx, api);
               Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
               boost::json::array items;
               for (const auto& a :
                    api.store.ListAuditLog(principal.tenant_id, page.limit + 1, page.offset)) {
                 items.push_back(AuditView(a));
               }
               return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
             }));
}

}  // namespace payd::api
