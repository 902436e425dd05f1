// The merchant's read side of payments: /api/v1/payment-intents and
// /api/v1/payments, paged, newest first, scope payments:read.
#include "api/resource_reads.h"
#include "api/routes.h"

namespace payd::api {

namespace {

const std::set<std::string> kListParams = {"status", "limit", "offset"};

}  // namespace

void AddPaymentIntentRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  auto intent_view = [&api](const domain::PaymentIntent& i) {
    return api.representation().Intent(i);
  };
  auto payment_view = [&api](const domain::Payment& p) { return api.representation().Payment(p); };
  router.Add(http::Verb::get, "/api/v1/payment-intents",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               auto fetch = [&store](const std::string& tenant, const auto& query, int limit,
                                     int offset) {
                 auto status = ReadStatusFilter(query, domain::ParseIntentStatus,
                                                "CREATED, PENDING, PAID, EXPIRED, FAILED");
                 return store.ListIntents(tenant, status, limit, offset);
               };
               return ListResources(req, ctx, api, domain::Scope::kPaymentsRead, kListParams, fetch,
                                    intent_view);
             }));
  router.Add(http::Verb::get, "/api/v1/payment-intents/:id",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "payment intent",
                   [&store](auto&&... args) { return store.FindIntent(args...); }, intent_view);
             }));
  router.Add(
      http::Verb::get, "/api/v1/payments", Endpoint([&, payment_view](const auto& req, auto& ctx) {
        auto fetch = [&store](const std::string& tenant, const auto& query, int limit, int offset) {
          auto status =
              ReadStatusFilter(query, domain::ParsePaymentStatus, "PENDING, CONFIRMED, REORGED");
          return store.ListPayments(tenant, status, limit, offset);
        };
        return ListResources(req, ctx, api, domain::Scope::kPaymentsRead, kListParams, fetch,
                             payment_view);
      }));
  router.Add(http::Verb::get, "/api/v1/payments/:id",
             Endpoint([&, payment_view](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "payment",
                   [&store](auto&&... args) { return store.FindPayment(args...); }, payment_view);
             }));
}

}  // namespace payd::api
