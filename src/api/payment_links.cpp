// /api/v1/payment-links: list (a bare array, newest first), get, create
// with Idempotency-Key support, and change (PATCH: its terms, `status`
// active or inactive; domain/management/payment_links.h).
#include "domain/management/payment_links.h"

#include <boost/json/array.hpp>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/management_http.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "api/views.h"
#include "domain/links/payment_link.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

domain::PaymentLinkRequest ReadCreateRequest(const boost::json::object& body) {
  FieldReader fields(body);
  domain::PaymentLinkRequest request;
  request.integration_id = fields.RequiredString("integrationId");
  request.type = fields.RequiredString("type");
  request.name = fields.RequiredString("name");
  request.amount = fields.RequiredString("amount");
  request.currency = fields.RequiredString("currency");
  request.denomination_type = fields.OptionalString("denominationType");
  request.return_url = fields.OptionalString("returnUrl");
  request.description = fields.OptionalString("description");
  request.allow_custom_amount = fields.OptionalBool("allowCustomAmount");
  request.min_amount = fields.OptionalString("minAmount");
  fields.RejectUnknown();
  return request;
}

domain::PaymentLinkPatch ReadLinkPatch(const boost::json::object& body) {
  FieldReader fields(body);
  for (const char* fixed : {"integrationId", "type"}) {
    if (body.contains(fixed))
      ThrowBadRequest(fixed, std::string(fixed) + " cannot be changed; make a new link instead.");
  }
  fields.RefuseNull(
      {"name", "amount", "currency", "denominationType", "allowCustomAmount", "status"});
  domain::PaymentLinkPatch p;
  p.name = fields.OptionalString("name");
  p.description = fields.ClearableString("description");
  p.amount = fields.OptionalString("amount");
  p.currency = fields.OptionalString("currency");
  p.denomination_type = fields.OptionalString("denominationType");
  p.allow_custom_amount = fields.OptionalBool("allowCustomAmount");
  p.min_amount = fields.ClearableString("minAmount");
  p.return_url = fields.ClearableString("returnUrl");
  if (auto status = fields.OptionalString("status")) {
    if (*status != "active" && *status != "inactive")
      ThrowBadRequest("status", "status must be \"active\" or \"inactive\".");
    p.active = *status == "active";
  }
  fields.RejectUnknown();
  if (p.Empty()) {
    ThrowBadRequest("",
                    "Send at least one of name, description, amount, currency, "
                    "denominationType, allowCustomAmount, minAmount, returnUrl, status.");
  }
  return p;
}

http::Response ListLinks(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  boost::json::array out;
  for (const auto& link : api.store.ListPaymentLinks(principal.tenant_id)) {
    out.push_back(PaymentLinkView(link, api.public_url));
  }
  return http::JsonResponse(http::Status::ok, out);
}

http::Response GetLink(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto link = api.store.FindPaymentLink(principal.tenant_id, id);
  if (!link) throw ApiError(http::Status::not_found, "not_found", "No such payment link: " + id);
  return http::JsonResponse(http::Status::ok, PaymentLinkView(*link, api.public_url));
}

http::Response CreateLink(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreatePaymentLink);
  ParseQuery(req, {});
  boost::json::object body = ParseJsonObjectBody(req);
  // A retry gets its original answer before the rules are asked again: the
  // integration may have changed since (DECISIONS §8).
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto made =
      domain::CreatePaymentLink(frame.change, api.catalog, api.public_url, ReadCreateRequest(body));
  return CreationResponse(
      made, made.object ? PaymentLinkView(*made.object, api.public_url) : boost::json::object{},
      ctx.request_id);
}

}  // namespace

void AddPaymentLinkRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/api/v1/payment-links",
             Endpoint([&api](const auto& req, auto& ctx) { return ListLinks(req, ctx, api); }));
  router.Add(http::Verb::post, "/api/v1/payment-links",
             Endpoint([&api](const auto& req, auto& ctx) { return CreateLink(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/payment-links/:id",
             Endpoint([&api](const auto& req, auto& ctx) { return GetLink(req, ctx, api); }));
  router.Add(
      http::Verb::patch, "/api/v1/payment-links/:id", Endpoint([&api](const auto& req, auto& ctx) {
        auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kChangePaymentLink);
        ParseQuery(req, {});
        std::string id(ctx.Param("id"));
        auto patch = ReadLinkPatch(ParseJsonObjectBody(req));
        auto link = domain::UpdatePaymentLink(ChangeBy(api, principal), api.catalog, api.public_url,
                                              id, patch);
        if (!link)
          throw ApiError(http::Status::not_found, "not_found", "No such payment link: " + id);
        return http::JsonResponse(http::Status::ok, PaymentLinkView(*link, api.public_url));
      }));
}

}  // namespace payd::api
