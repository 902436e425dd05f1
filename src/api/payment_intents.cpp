// The merchant's read side of payments: /api/v1/payment-intents and
// /api/v1/payments, paged, newest first, scope payments:read.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/pagination.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

const std::set<std::string> kListParams = {"status", "limit", "offset"};

template <typename Status, typename Parse>
std::optional<Status> ReadStatus(const std::vector<std::pair<std::string, std::string>>& query,
                                 Parse parse, const char* allowed) {
  const std::string* text = QueryValue(query, "status");
  if (!text) return std::nullopt;
  auto status = parse(*text);
  if (!status) ThrowBadRequest("status", std::string("status must be one of ") + allowed + ".");
  return status;
}

http::Response ListIntents(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  auto query = ParseQuery(req, kListParams);
  auto status = ReadStatus<domain::IntentStatus>(query, domain::ParseIntentStatus,
                                                 "CREATED, PENDING, PAID, EXPIRED, FAILED");
  Page page = ReadPage(query);
  boost::json::array items;
  auto representation = api.representation();
  for (const auto& intent :
       api.store.ListIntents(principal.tenant_id, status, page.limit + 1, page.offset)) {
    items.push_back(representation.Intent(intent));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

http::Response GetIntent(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto intent = api.store.FindIntent(principal.tenant_id, id);
  if (!intent)
    throw ApiError(http::Status::not_found, "not_found", "No such payment intent: " + id);
  return http::JsonResponse(http::Status::ok, api.representation().Intent(*intent));
}

http::Response ListPayments(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  auto query = ParseQuery(req, kListParams);
  auto status = ReadStatus<domain::PaymentStatus>(query, domain::ParsePaymentStatus,
                                                  "PENDING, CONFIRMED, REORGED");
  Page page = ReadPage(query);
  boost::json::array items;
  auto representation = api.representation();
  for (const auto& p :
       api.store.ListPayments(principal.tenant_id, status, page.limit + 1, page.offset)) {
    items.push_back(representation.Payment(p));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

http::Response GetPayment(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto payment = api.store.FindPayment(principal.tenant_id, id);
  if (!payment) throw ApiError(http::Status::not_found, "not_found", "No such payment: " + id);
  return http::JsonResponse(http::Status::ok, api.representation().Payment(*payment));
}

}  // namespace

void AddPaymentIntentRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/api/v1/payment-intents",
             Endpoint([&api](const auto& req, auto& ctx) { return ListIntents(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/payment-intents/:id",
             Endpoint([&api](const auto& req, auto& ctx) { return GetIntent(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/payments",
             Endpoint([&api](const auto& req, auto& ctx) { return ListPayments(req, ctx, api); }));
  router.Add(http::Verb::get, "/api/v1/payments/:id",
             Endpoint([&api](const auto& req, auto& ctx) { return GetPayment(req, ctx, api); }));
}

}  // namespace payd::api
