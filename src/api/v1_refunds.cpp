// /v1/refunds (DECISIONS §12 and §15): a refund asked the way Stripe's is,
// of a payment intent (`paymentIntent`, or one of its payments as `payment`)
// with `amount` in the currency the intent was asked in (a JSON number's
// digits as written, or a decimal string; none: all that is left), scope
// refunds:write, Idempotency-Key supported; read and canceled like
// /api/v1/refunds, in the /v1 shape (RefundViewV1).
#include <boost/json/serialize.hpp>

#include "api/idempotency_http.h"
#include "api/json_number_text.h"
#include "api/management_http.h"
#include "api/refund_http.h"
#include "api/resource_reads.h"
#include "api/routes.h"
#include "domain/management/refunds.h"
#include "domain/refunds/refund_view.h"

namespace payd::api {

namespace {

// The confirmed payment a /v1 refund is of: `payment`, or the one confirmed payment of the intent.
domain::Payment PaymentToRefund(ApiContext& api, const std::string& tenant,
                                const std::optional<std::string>& intent_id,
                                const std::optional<std::string>& payment_id) {
  if (payment_id) {
    auto p = api.store.FindPayment(tenant, *payment_id);
    if (!p || (intent_id && p->intent_id != intent_id))
      ThrowBadRequest("payment", "No such payment" +
                                     std::string(intent_id ? " of that intent" : "") + ": " +
                                     *payment_id + ".");
    return *p;
  }
  if (!intent_id)
    ThrowBadRequest("paymentIntent", "Send paymentIntent (pi_...) or payment (pay_...).");
  if (!api.store.FindIntent(tenant, *intent_id))
    ThrowBadRequest("paymentIntent", "No such payment intent: " + *intent_id + ".");
  std::vector<domain::Payment> confirmed;
  for (auto& p : api.store.PaymentsOfIntent(tenant, *intent_id)) {
    if (p.status == domain::PaymentStatus::kConfirmed) confirmed.push_back(std::move(p));
  }
  if (confirmed.empty())
    ThrowBadRequest("paymentIntent",
                    "Payment intent " + *intent_id + " has no confirmed payment to refund.");
  if (confirmed.size() > 1) {
    ThrowBadRequest("paymentIntent", "Payment intent " + *intent_id + " was paid by " +
                                         std::to_string(confirmed.size()) +
                                         " transfers: name the one to refund as payment.");
  }
  return confirmed.front();
}

http::Response CreateV1Refund(const http::Request& req, http::RequestContext& ctx,
                              ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreateRefund);
  ParseQuery(req, {});
  boost::json::object body = ParseJsonObjectBody(req);
  FieldReader fields(body);
  auto intent_id = fields.OptionalString("paymentIntent");
  auto payment_id = fields.OptionalString("payment");
  auto amount = MoneyText(fields, req.body(), "amount");
  domain::RefundRequest request;
  if (auto reason = fields.OptionalString("reason")) request.reason = *reason;
  request.metadata_json = ReadMetadata(fields.OptionalObject("metadata"));
  fields.RejectUnknown();

  // Fingerprinted with the amount as written: 5 and "5" ask the same.
  boost::json::value parameters = body;
  if (amount) parameters.as_object()["amount"] = *amount;
  auto frame = CreationChangeBy(req, ctx, api, principal, parameters.as_object());
  if (frame.earlier) return std::move(*frame.earlier);

  domain::Payment payment = PaymentToRefund(api, principal.tenant_id, intent_id, payment_id);
  request.payment_id = payment.id;
  std::optional<domain::PaymentIntent> intent;
  if (payment.intent_id) intent = api.store.FindIntent(principal.tenant_id, *payment.intent_id);
  if (amount) {
    if (intent && intent->price) {
      request.price = domain::Price{*amount, intent->price->currency};
    } else {
      auto units = domain::DecimalToUnits(*amount, payment.transfer.decimals);
      if (!units) {
        ThrowBadRequest("amount", "amount is a decimal of " + payment.transfer.token_symbol +
                                      " with at most " + std::to_string(payment.transfer.decimals) +
                                      " decimals.");
      }
      request.amount = domain::FormatUnits(*units);
    }
  }
  try {
    auto made =
        domain::CreateRefund(frame.change, api.catalog, api.prices, request, &domain::RefundViewV1);
    return CreationResponse(
        made, made.object ? domain::RefundViewV1(*made.object) : boost::json::object{},
        ctx.request_id);
  } catch (const domain::Error& e) {
    // The /v1 request names its fields: the price's amount is `amount`.
    if (e.kind() == domain::ErrorKind::kInvalidRequest && e.param().starts_with("price"))
      throw e.At("amount");
    throw;
  }
}

}  // namespace

void AddV1RefundRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  auto view = [](const domain::Refund& r) { return domain::RefundViewV1(r); };
  router.Add(http::Verb::post, "/v1/refunds", Endpoint([&api](const auto& req, auto& ctx) {
               return CreateV1Refund(req, ctx, api);
             }));
  router.Add(http::Verb::get, "/v1/refunds", Endpoint([&, view](const auto& req, auto& ctx) {
               auto fetch = [&store](const std::string& tenant, const auto& query, int limit,
                                     int offset) {
                 domain::RefundQuery q;
                 q.status = ReadStatusFilter(query, domain::ParseRefundStatus, kRefundStatusNames);
                 q.limit = limit;
                 q.offset = offset;
                 return store.ListRefunds(tenant, q);
               };
               return ListResources(req, ctx, api, domain::Scope::kPaymentsRead,
                                    {"status", "limit", "offset"}, fetch, view);
             }));
  router.Add(http::Verb::get, "/v1/refunds/:id", Endpoint([&, view](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "refund",
                   [&store](auto&&... args) { return store.FindRefund(args...); }, view);
             }));
  router.Add(http::Verb::post, "/v1/refunds/:id/cancel",
             Endpoint([&api](const auto& req, auto& ctx) {
               return CancelRefundAnswer(req, ctx, api, &domain::RefundViewV1);
             }));
}

}  // namespace payd::api
