// The /v1 API's reads (DECISIONS §12): intents and confirmed payments in the
// /v1 shapes, with lowercase statuses, scope payments:read. The same objects
// as /api/v1's, read through the same store calls.
#include "api/resource_reads.h"
#include "api/routes.h"
#include "base/strings.h"

namespace payd::api {

namespace {

// `created`, `pending`, ...: the /v1 spelling only.
std::optional<domain::IntentStatus> ParseLowercaseIntentStatus(std::string_view text) {
  for (auto status :
       {domain::IntentStatus::kCreated, domain::IntentStatus::kPending, domain::IntentStatus::kPaid,
        domain::IntentStatus::kExpired, domain::IntentStatus::kFailed}) {
    if (text == base::AsciiLower(domain::IntentStatusName(status))) return status;
  }
  return std::nullopt;
}

}  // namespace

void AddV1ReadRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  auto intent_view = [&api](const domain::PaymentIntent& i) {
    return api.representation().IntentV1(i);
  };
  auto payment_view = [&api](const domain::Payment& p) {
    return api.representation().PaymentV1(p);
  };
  router.Add(http::Verb::get, "/v1/payment_intents",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               auto fetch = [&store](const std::string& tenant, const auto& query, int limit,
                                     int offset) {
                 auto status = ReadStatusFilter(query, ParseLowercaseIntentStatus,
                                                "created, pending, paid, expired, failed");
                 return store.ListIntents(tenant, status, limit, offset);
               };
               return ListResources(req, ctx, api, domain::Scope::kPaymentsRead,
                                    {"status", "limit", "offset"}, fetch, intent_view);
             }));
  router.Add(http::Verb::get, "/v1/payment_intents/:id",
             Endpoint([&, intent_view](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "payment intent",
                   [&store](auto&&... args) { return store.FindIntent(args...); }, intent_view);
             }));
  // The spec's "List confirmed payments": a transfer still short of its
  // confirmations, or taken by a reorganisation, is not (yet) a payment here.
  router.Add(
      http::Verb::get, "/v1/payments", Endpoint([&, payment_view](const auto& req, auto& ctx) {
        auto fetch = [&store](const std::string& tenant, const auto&, int limit, int offset) {
          return store.ListPayments(tenant, domain::PaymentStatus::kConfirmed, limit, offset);
        };
        return ListResources(req, ctx, api, domain::Scope::kPaymentsRead, {"limit", "offset"},
                             fetch, payment_view);
      }));
  router.Add(http::Verb::get, "/v1/payments/:id",
             Endpoint([&, payment_view](const auto& req, auto& ctx) {
               auto confirmed = [&store](const std::string& tenant, const std::string& id) {
                 auto p = store.FindPayment(tenant, id);
                 if (p && p->status != domain::PaymentStatus::kConfirmed) p.reset();
                 return p;
               };
               return GetResource(req, ctx, api, domain::Scope::kPaymentsRead, "payment", confirmed,
                                  payment_view);
             }));
}

}  // namespace payd::api
