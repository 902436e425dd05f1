// The two shapes every merchant read takes, shared by /api/v1 and /v1: a
// paged list of the tenant's objects and one object by id. Each checks the
// key's scope first, refuses unknown query parameters, and renders with the
// view it is given, so that the two APIs differ only in their views.
#pragma once

#include <set>
#include <string>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "http/json_response.h"

namespace payd::api {

// `fetch(tenant_id, query, limit, offset)` returns up to `limit` objects, the
// list's filters read from `query` (already checked against `params`).
template <typename Fetch, typename Render>
http::Response ListResources(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                             domain::Scope scope, const std::set<std::string>& params, Fetch fetch,
                             Render render) {
  auto principal = RequireScope(req, ctx, api, scope);
  auto query = ParseQuery(req, params);
  Page page = ReadPage(query);
  boost::json::array items;
  for (const auto& item : fetch(principal.tenant_id, query, page.limit + 1, page.offset)) {
    items.push_back(render(item));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

// `find(tenant_id, id)` returns the tenant's object or nothing: 404 naming the noun.
template <typename Find, typename Render>
http::Response GetResource(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                           domain::Scope scope, const char* noun, Find find, Render render) {
  auto principal = RequireScope(req, ctx, api, scope);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto found = find(principal.tenant_id, id);
  if (!found)
    throw ApiError(http::Status::not_found, "not_found",
                   std::string("No such ") + noun + ": " + id);
  return http::JsonResponse(http::Status::ok, render(*found));
}

// The `status` query parameter read by `parse`, or nothing when absent; 400
// listing the `allowed` values when it is not one of them.
template <typename Status>
std::optional<Status> ReadStatusFilter(
    const std::vector<std::pair<std::string, std::string>>& query,
    std::optional<Status> (*parse)(std::string_view), const char* allowed) {
  const std::string* text = QueryValue(query, "status");
  if (!text) return std::nullopt;
  auto status = parse(*text);
  if (!status) ThrowBadRequest("status", std::string("status must be one of ") + allowed + ".");
  return status;
}

}  // namespace payd::api
