// Refunds (DECISIONS §15, domain/management/refunds.h): made with a key that
// has refunds:write (POST /api/v1/payments/:id/refunds, Idempotency-Key
// supported), read with payments:read (a payment's, the tenant's with filters
// and paging, one), canceled, a new link to the payer's refund page, and the
// transfer as a Safe Transaction Builder batch file.
#include "domain/management/refunds.h"

#include <boost/json/serialize.hpp>

#include "api/management_http.h"
#include "api/refund_http.h"
#include "api/resource_reads.h"
#include "api/routes.h"
#include "domain/refunds/refund_view.h"

namespace payd::api {

namespace {

const std::set<std::string> kListParams = {"status", "paymentId", "limit", "offset"};

domain::RefundRequest ReadRefundRequest(const boost::json::object& body, std::string payment_id) {
  FieldReader fields(body);
  domain::RefundRequest request;
  request.payment_id = std::move(payment_id);
  request.amount = fields.OptionalString("amount");
  if (const auto* price = fields.OptionalObject("price")) {
    FieldReader p(*price);
    request.price = domain::Price{p.RequiredString("amount"), p.RequiredString("currency")};
    p.RejectUnknown();
  }
  if (auto reason = fields.OptionalString("reason")) request.reason = *reason;
  request.metadata_json = ReadMetadata(fields.OptionalObject("metadata"));
  fields.RejectUnknown();
  return request;
}

http::Response CreateRefund(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreateRefund);
  ParseQuery(req, {});
  boost::json::object body = ParseJsonObjectBody(req);
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto made = domain::CreateRefund(frame.change, api.catalog, api.prices,
                                   ReadRefundRequest(body, std::string(ctx.Param("id"))));
  return CreationResponse(
      made, made.object ? domain::RefundView(*made.object) : boost::json::object{}, ctx.request_id);
}

domain::Refund FoundRefund(ApiContext& api, const std::string& tenant_id, const std::string& id) {
  auto refund = api.store.FindRefund(tenant_id, id);
  if (!refund) ThrowNotFound("refund", id);
  return *refund;
}

http::Response SafeBatch(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  domain::Refund refund = FoundRefund(api, principal.tenant_id, id);
  auto file = domain::RefundSafeBatch(refund, base::NowMs());
  if (!file) {
    ThrowBadRequest("id", "Refund " + id + " is " +
                              std::string(domain::RefundStatusName(refund.status)) +
                              ": only a refund ready to send has a transfer to sign.");
  }
  auto res = http::JsonResponse(http::Status::ok, *file);
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"payd-refund-" + refund.id + "-safe-batch.json\"");
  return res;
}

}  // namespace

http::Response CancelRefundAnswer(const http::Request& req, http::RequestContext& ctx,
                                  ApiContext& api, RefundRender render) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCancelRefund);
  ParseQuery(req, {});
  RequireNoFields(req);
  std::string id(ctx.Param("id"));
  auto refund = domain::CancelRefund(ChangeBy(api, principal), id);
  if (!refund) ThrowNotFound("refund", id);
  return http::JsonResponse(http::Status::ok, render(*refund));
}

void AddRefundRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  auto view = [](const domain::Refund& r) { return domain::RefundView(r); };
  router.Add(http::Verb::post, "/api/v1/payments/:id/refunds",
             Endpoint([&api](const auto& req, auto& ctx) { return CreateRefund(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/payments/:id/refunds",
             Endpoint([&, view](const auto& req, auto& ctx) {
               auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
               ParseQuery(req, {});
               std::string id(ctx.Param("id"));
               if (!store.FindPayment(principal.tenant_id, id)) ThrowNotFound("payment", id);
               domain::RefundQuery query;
               query.payment_id = id;
               query.limit = 1000;  // beyond that, /api/v1/refunds?paymentId= pages them
               boost::json::array items;
               auto refunds = store.ListRefunds(principal.tenant_id, query);
               for (auto it = refunds.rbegin(); it != refunds.rend(); ++it)
                 items.push_back(view(*it));
               return http::JsonResponse(http::Status::ok, boost::json::object{{"data", items}});
             }));
  router.Add(
      http::Verb::get, "/api/v1/refunds", Endpoint([&, view](const auto& req, auto& ctx) {
        auto fetch = [&store](const std::string& tenant, const auto& query, int limit, int offset) {
          domain::RefundQuery q;
          q.status = ReadStatusFilter(query, domain::ParseRefundStatus, kRefundStatusNames);
          if (const auto* payment = QueryValue(query, "paymentId")) q.payment_id = *payment;
          q.limit = limit;
          q.offset = offset;
          return store.ListRefunds(tenant, q);
        };
        return ListResources(req, ctx, api, domain::Scope::kPaymentsRead, kListParams, fetch, view);
      }));
  router.Add(http::Verb::get, "/api/v1/refunds/:id",
             Endpoint([&, view](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "refund",
                   [&store](auto&&... args) { return store.FindRefund(args...); }, view);
             }));
  router.Add(http::Verb::post, "/api/v1/refunds/:id/cancel",
             Endpoint([&api](const auto& req, auto& ctx) {
               return CancelRefundAnswer(req, ctx, api, &domain::RefundView);
             }));
  router.Add(
      http::Verb::post, "/api/v1/refunds/:id/address-page",
      Endpoint([&api](const auto& req, auto& ctx) {
        auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreateRefund);
        ParseQuery(req, {});
        RequireNoFields(req);
        std::string id(ctx.Param("id"));
        auto page = domain::NewRefundPage(ChangeBy(api, principal), id);
        if (!page) ThrowNotFound("refund", id);
        return http::JsonResponse(
            http::Status::created,
            boost::json::object{{"url", api.public_url + domain::RefundPagePath(page->token)},
                                {"expiresAt", base::FormatTimestamp(*page->refund.page_expires_at)},
                                {"refund", domain::RefundView(page->refund)}});
      }));
  router.Add(http::Verb::get, "/api/v1/refunds/:id/safe-batch",
             Endpoint([&api](const auto& req, auto& ctx) { return SafeBatch(req, ctx, api); }));
}

}  // namespace payd::api
