// /api/v1/integrations[/:id] (the account key, DECISIONS §13): create, list,
// read and change an integration (PATCH: its terms, `enabled`). Its payout
// address decides where money goes, so a public key, whatever its scopes,
// may not touch it. Each change is domain/management/integrations.h's.
#include "domain/management/integrations.h"

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

// underpaymentTolerance (DECISIONS §17): {"percent": "1.5"}, {"amount": "0.50"}
// or null (none; on PATCH, clears it). Absent: none given.
std::optional<domain::UnderpaymentTolerance> ReadTolerance(FieldReader& fields) {
  static const char* kName = "underpaymentTolerance";
  bool cleared = fields.IsNull(kName);
  const boost::json::value* v = fields.OptionalValue(kName);
  if (cleared) return domain::UnderpaymentTolerance{};
  if (!v) return std::nullopt;
  const char* shape =
      "underpaymentTolerance is {\"percent\": \"1.5\"} or {\"amount\": \"0.50\"} (the price's "
      "currency), or null.";
  if (!v->is_object() || v->as_object().size() != 1) ThrowBadRequest(kName, shape);
  const auto& member = *v->as_object().begin();
  std::string field = std::string(kName) + "." + std::string(member.key());
  if (!member.value().is_string()) ThrowBadRequest(field, shape);
  std::string_view value = member.value().as_string();
  if (member.key() == "percent") return domain::PercentTolerance(value, field);
  if (member.key() == "amount") return domain::AmountTolerance(value, field);
  ThrowBadRequest(kName, shape);
}

// qrCode (issue 38 item 3): what the payment page's QR code holds. Absent: unchanged.
std::optional<domain::QrCode> ReadQrCode(FieldReader& fields) {
  auto text = fields.OptionalString("qrCode");
  if (!text) return std::nullopt;
  return domain::QrCodeInput(*text, "qrCode");
}

domain::IntegrationRequest ReadIntegrationRequest(const boost::json::object& body) {
  FieldReader fields(body);
  domain::IntegrationRequest r;
  r.name = fields.RequiredString("name");
  auto chains = fields.OptionalInts("chains");
  if (!chains) ThrowBadRequest("chains", "chains is required.");
  r.chains = *chains;
  auto tokens = fields.OptionalStrings("tokens");
  if (!tokens) ThrowBadRequest("tokens", "tokens is required.");
  r.tokens = *tokens;
  r.payout_address = fields.RequiredString("payoutAddress");
  r.origins = fields.OptionalStrings("origins").value_or(std::vector<std::string>{});
  r.preferred_token = fields.OptionalString("preferredToken");
  r.auto_conversion = fields.OptionalBool("autoConversion").value_or(false);
  r.match_near_amounts = fields.OptionalBool("matchNearAmounts").value_or(false);
  r.underpayment_tolerance = ReadTolerance(fields).value_or(domain::UnderpaymentTolerance{});
  r.qr_code = ReadQrCode(fields).value_or(domain::QrCode::kEip681);
  fields.RejectUnknown();
  return r;
}

domain::IntegrationPatch ReadIntegrationPatch(const boost::json::object& body) {
  FieldReader fields(body);
  domain::IntegrationPatch p;
  fields.RefuseNull({"name", "chains", "tokens", "payoutAddress", "origins", "enabled",
                     "autoConversion", "matchNearAmounts", "qrCode"});
  p.name = fields.OptionalString("name");
  p.chains = fields.OptionalInts("chains");
  p.tokens = fields.OptionalStrings("tokens");
  p.payout_address = fields.OptionalString("payoutAddress");
  p.origins = fields.OptionalStrings("origins");
  p.preferred_token = fields.ClearableString("preferredToken");
  p.enabled = fields.OptionalBool("enabled");
  p.auto_conversion = fields.OptionalBool("autoConversion");
  p.match_near_amounts = fields.OptionalBool("matchNearAmounts");
  p.underpayment_tolerance = ReadTolerance(fields);
  p.qr_code = ReadQrCode(fields);
  fields.RejectUnknown();
  if (p.Empty()) {
    ThrowBadRequest("",
                    "Send at least one of name, chains, tokens, payoutAddress, origins, "
                    "preferredToken, autoConversion, matchNearAmounts, underpaymentTolerance, "
                    "qrCode, enabled.");
  }
  return p;
}

http::Response CreateIntegrationRoute(const http::Request& req, http::RequestContext& ctx,
                                      ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreateIntegration);
  ParseQuery(req, {});
  auto body = ParseJsonObjectBody(req);
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto made = domain::CreateIntegration(frame.change, api.catalog, ReadIntegrationRequest(body));
  return CreationResponse(
      made, made.object ? domain::IntegrationView(*made.object) : boost::json::object{},
      ctx.request_id);
}

http::Response ListIntegrations(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api) {
  auto principal = RequireAccountKey(req, ctx, api);
  Page page = ReadPage(ParseQuery(req, {"limit", "offset"}));
  // A tenant has a handful of integrations: paged here, not in the store.
  auto all = api.store.ListIntegrations(principal.tenant_id);
  boost::json::array items;
  for (std::size_t i = static_cast<std::size_t>(page.offset);
       i < all.size() && items.size() <= static_cast<std::size_t>(page.limit); ++i) {
    items.push_back(domain::IntegrationView(all[i]));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

}  // namespace

void AddIntegrationRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/api/v1/integrations", Endpoint([&api](const auto& req, auto& ctx) {
               return CreateIntegrationRoute(req, ctx, api);
             }));
  router.Add(http::Verb::get, "/api/v1/integrations", Endpoint([&api](const auto& req, auto& ctx) {
               return ListIntegrations(req, ctx, api);
             }));
  router.Add(http::Verb::get, "/api/v1/integrations/:id",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireAccountKey(req, ctx, api);
               ParseQuery(req, {});
               std::string id(ctx.Param("id"));
               auto found = api.store.FindIntegration(principal.tenant_id, id);
               if (!found) ThrowNotFound("integration", id);
               return http::JsonResponse(http::Status::ok, domain::IntegrationView(*found));
             }));
  router.Add(
      http::Verb::patch, "/api/v1/integrations/:id", Endpoint([&api](const auto& req, auto& ctx) {
        auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kChangeIntegration);
        ParseQuery(req, {});
        std::string id(ctx.Param("id"));
        auto patch = ReadIntegrationPatch(ParseJsonObjectBody(req));
        auto updated = domain::UpdateIntegration(ChangeBy(api, principal), api.catalog, id, patch);
        if (!updated) ThrowNotFound("integration", id);
        return http::JsonResponse(http::Status::ok, domain::IntegrationView(*updated));
      }));
}

}  // namespace payd::api
