// /api/v1/api-keys[/:id] (the account key, DECISIONS §2, §13): create a key
// (its text in the answer, this once), list and read them (prefix and last 4
// characters, never the text), revoke one, and rotate one (the same
// credential with new text; the old text ends now or after `overlapSeconds`).
// The account key is rotated the same way: POST /api/v1/api-keys/:id/rotate
// with its own id. Each change is domain/management/api_keys.h's.
#include "domain/management/api_keys.h"

#include <boost/json/array.hpp>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/management_http.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

domain::ApiKeyRequest ReadKeyRequest(const boost::json::object& body) {
  FieldReader fields(body);
  domain::ApiKeyRequest r;
  r.name = fields.RequiredString("name");
  std::string kind = fields.OptionalString("kind").value_or("public");
  auto parsed = domain::ParseKeyKind(kind);
  if (!parsed) ThrowBadRequest("kind", "kind must be \"public\", \"account\" or \"integration\".");
  r.kind = *parsed;
  r.scopes = fields.OptionalStrings("scopes").value_or(std::vector<std::string>{});
  r.integration_id = fields.OptionalString("integrationId");
  r.expires = fields.OptionalString("expiresAt");
  fields.RejectUnknown();
  return r;
}

// The key as made, with its text: the only time it is shown.
boost::json::object IssuedView(const domain::IssuedKey& issued, base::TimeMs now) {
  auto view = domain::ApiKeyView(issued.record, now);
  view["key"] = issued.plaintext;
  return view;
}

http::Response CreateKey(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kManageApiKeys);
  ParseQuery(req, {});
  auto body = ParseJsonObjectBody(req);
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto made = domain::CreateApiKey(frame.change, api.environment, ReadKeyRequest(body));
  return CreationResponse(
      made, made.object ? IssuedView(*made.object, frame.change.now) : boost::json::object{},
      ctx.request_id);
}

http::Response ListKeys(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireAccountKey(req, ctx, api);
  Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
  auto all = api.store.ListApiKeys(principal.tenant_id);
  base::TimeMs now = base::NowMs();
  boost::json::array items;
  for (std::size_t i = static_cast<std::size_t>(page.offset);
       i < all.size() && items.size() <= static_cast<std::size_t>(page.limit); ++i) {
    items.push_back(domain::ApiKeyView(all[i], now));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

http::Response Rotate(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kManageApiKeys);
  ParseQuery(req, {});
  std::int64_t overlap_s = 0;
  if (!req.body().empty()) {
    auto body = ParseJsonObjectBody(req);
    FieldReader fields(body);
    if (body.contains("overlapSeconds")) overlap_s = fields.RequiredInt("overlapSeconds");
    fields.RejectUnknown();
  }
  if (overlap_s < 0 || overlap_s > domain::kMaxRotationOverlapMs / 1000)
    ThrowBadRequest("overlapSeconds", "overlapSeconds must be 0 to 604800 (7 days).");
  std::string id(ctx.Param("id"));
  auto change = ChangeBy(api, principal);
  auto issued = domain::RotateApiKey(change, api.environment, id, overlap_s * 1000);
  if (!issued) ThrowNotFound("API key", id);
  return http::JsonResponse(http::Status::created, IssuedView(*issued, change.now));
}

}  // namespace

void AddApiKeyRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/api/v1/api-keys",
             Endpoint([&api](const auto& req, auto& ctx) { return CreateKey(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/api-keys",
             Endpoint([&api](const auto& req, auto& ctx) { return ListKeys(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/api-keys/:id", Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireAccountKey(req, ctx, api);
               ParseQuery(req, {});
               std::string id(ctx.Param("id"));
               auto key = api.store.FindApiKey(id);
               if (!key || key->tenant_id != principal.tenant_id) ThrowNotFound("API key", id);
               return http::JsonResponse(http::Status::ok, domain::ApiKeyView(*key, base::NowMs()));
             }));
  router.Add(http::Verb::post, "/api/v1/api-keys/:id/revoke",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kManageApiKeys);
               ParseQuery(req, {});
               RequireNoFields(req);
               std::string id(ctx.Param("id"));
               auto change = ChangeBy(api, principal);
               auto key = domain::RevokeApiKey(change, id);
               if (!key) ThrowNotFound("API key", id);
               return http::JsonResponse(http::Status::ok, domain::ApiKeyView(*key, change.now));
             }));
  router.Add(http::Verb::post, "/api/v1/api-keys/:id/rotate",
             Endpoint([&api](const auto& req, auto& ctx) { return Rotate(req, ctx, api); }));
}

}  // namespace payd::api
