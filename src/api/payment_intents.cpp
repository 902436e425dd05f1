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

// A paged, status-filtered list of one kind of the tenant's objects.
template <typename Status, typename Fetch, typename Render>
http::Response List(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                    std::optional<Status> (*parse)(std::string_view), const char* allowed,
                    Fetch fetch, Render render) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  auto query = ParseQuery(req, kListParams);
  auto status = ReadStatus<Status>(query, parse, allowed);
  Page page = ReadPage(query);
  boost::json::array items;
  for (const auto& item : fetch(principal.tenant_id, status, page.limit + 1, page.offset)) {
    items.push_back(render(item));
  }
  return http::JsonResponse(http::Status::ok, PageBody(std::move(items), page));
}

// One of the tenant's objects by id, or 404.
template <typename Find, typename Render>
http::Response Get(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                   const char* noun, Find find, Render render) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto found = find(principal.tenant_id, id);
  if (!found)
    throw ApiError(http::Status::not_found, "not_found",
                   std::string("No such ") + noun + ": " + id);
  return http::JsonResponse(http::Status::ok, render(*found));
}

}  // namespace

void AddPaymentIntentRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  auto intent_view = [&api](const domain::PaymentIntent& i) {
    return api.representation().Intent(i);
  };
  auto payment_view = [&api](const domain::Payment& p) { return api.representation().Payment(p); };
  router.Add(http::Verb::get, "/api/v1/payment-intents",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               return List<domain::IntentStatus>(
                   req, ctx, api, domain::ParseIntentStatus,
                   "CREATED, PENDING, PAID, EXPIRED, FAILED",
                   [&store](auto&&... args) { return store.ListIntents(args...); }, intent_view);
             }));
  router.Add(http::Verb::get, "/api/v1/payment-intents/:id",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               return Get(
                   req, ctx, api, "payment intent",
                   [&store](auto&&... args) { return store.FindIntent(args...); }, intent_view);
             }));
  router.Add(http::Verb::get, "/api/v1/payments",
             Endpoint([&, payment_view](const auto& req, auto& ctx) {
               return List<domain::PaymentStatus>(
                   req, ctx, api, domain::ParsePaymentStatus, "PENDING, CONFIRMED, REORGED",
                   [&store](auto&&... args) { return store.ListPayments(args...); }, payment_view);
             }));
  router.Add(http::Verb::get, "/api/v1/payments/:id",
             Endpoint([&, payment_view](const auto& req, auto& ctx) {
               return Get(
                   req, ctx, api, "payment",
                   [&store](auto&&... args) { return store.FindPayment(args...); }, payment_view);
             }));
}

}  // namespace payd::api
