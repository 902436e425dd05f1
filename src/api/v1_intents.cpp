// POST /v1/payment_intents (DECISIONS §12): a merchant's server asks for an
// amount in USD or a token (and where the paid page sends the payer back,
// returnUrl), scope payments:write. The intent is stored with
// what was asked and no chain; the payer chooses chain and token on the
// hosted page (checkoutUrl). `amount` is read from the digits the client
// wrote, as a JSON string or number, never through a double.
#include <boost/json/serialize.hpp>

#include "api/api_error.h"
#include "api/idempotency_http.h"
#include "api/json_input.h"
#include "api/json_number_text.h"
#include "api/rest_auth.h"
#include "api/routes.h"
#include "domain/intents/asked_intent.h"
#include "domain/intents/v1_intent_terms.h"
#include "domain/webhooks/event.h"

namespace payd::api {

namespace {

// The amount's text: a string as sent, a number's digits as written.
std::string AmountText(FieldReader& fields, const http::Request& req) {
  auto text = MoneyText(fields, req.body(), "amount");
  if (!text) ThrowBadRequest("amount", "amount is required.");
  return *text;
}

// `chains`: names or ids; `tokens`: symbols. Each an array when sent.
std::vector<std::string> NamesOrIds(FieldReader& fields, const char* name, bool ids_allowed) {
  const boost::json::value* v = fields.OptionalValue(name);
  if (!v) return {};
  std::string what = ids_allowed ? "chain names or ids" : "token symbols";
  if (!v->is_array())
    ThrowBadRequest(name, std::string(name) + " must be an array of " + what + ".");
  std::vector<std::string> out;
  for (const auto& item : v->as_array()) {
    if (item.is_string()) {
      out.emplace_back(item.as_string());
    } else if (ids_allowed && item.is_int64()) {
      out.push_back(std::to_string(item.as_int64()));
    } else {
      ThrowBadRequest(name, std::string(name) + " must be an array of " + what + ".");
    }
  }
  return out;
}

// The integration named, or the tenant's only one.
domain::Integration IntegrationOf(ApiContext& api, const std::string& tenant_id,
                                  const std::optional<std::string>& id) {
  if (id) {
    auto found = api.store.FindIntegration(tenant_id, *id);
    if (!found) ThrowBadRequest("integrationId", "No such integration: " + *id + ".");
    if (!found->Enabled())
      ThrowBadRequest("integrationId",
                      "Integration " + *id + " is disabled: it takes no payments.");
    return *found;
  }
  // Disabled integrations take no payments: the only one is the only enabled one.
  auto all = api.store.ListIntegrations(tenant_id);
  std::erase_if(all, [](const domain::Integration& i) { return !i.Enabled(); });
  if (all.size() != 1) {
    ThrowBadRequest("integrationId", all.empty()
                                         ? "This account has no integration to take payments with."
                                         : "integrationId is required: this account has " +
                                               std::to_string(all.size()) + " integrations.");
  }
  return all.front();
}

http::Response CreateV1Intent(const http::Request& req, http::RequestContext& ctx,
                              ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsWrite);
  ParseQuery(req, {});
  auto idempotency_key = IdempotencyKeyHeader(req);
  boost::json::object body = ParseJsonObjectBody(req);
  FieldReader fields(body);
  domain::V1IntentAsk ask;
  ask.amount = AmountText(fields, req);
  ask.currency = fields.RequiredString("currency");
  ask.chains = NamesOrIds(fields, "chains", true);
  ask.tokens = NamesOrIds(fields, "tokens", false);
  std::string metadata = ReadMetadata(fields.OptionalObject("metadata"));
  auto integration_id = fields.OptionalString("integrationId");
  auto return_url = fields.OptionalString("returnUrl");
  fields.RejectUnknown();

  base::TimeMs now = base::NowMs();
  std::optional<domain::IdempotencyClaim> claim;
  if (idempotency_key) {
    // Fingerprinted with the amount as written: 19.99 and "19.99" ask the same.
    boost::json::value parameters = body;
    parameters.as_object()["amount"] = ask.amount;
    claim = domain::IdempotencyClaim{
        "tenant:" + principal.tenant_id, *idempotency_key, RequestFingerprint(req, parameters), {}};
    if (auto earlier = api.store.FindClaimOutcome(*claim, now))
      return CreateResultResponse(*earlier, ctx.request_id);
  }
  domain::Integration integration = IntegrationOf(api, principal.tenant_id, integration_id);
  domain::AskedIntentRequest request{domain::CheckV1IntentAsk(ask, integration, api.catalog),
                                     metadata, api.intent_lifetime_ms};
  domain::PaymentIntent intent = domain::PrepareAskedIntent(integration, request, now, return_url);
  domain::RequireRate(intent, api.prices);
  const auto representation = api.representation();
  auto finish = [&](const domain::PaymentIntent& stored) {
    return domain::Store::IntentCreated{
        {201, boost::json::serialize(representation.IntentV1(stored))},
        representation.IntentEvent(domain::event_type::kPaymentCreated, stored, now)};
  };
  auto result = api.store.InsertIntent(intent, claim ? &*claim : nullptr, {}, finish, now);
  return CreateResultResponse(result, ctx.request_id);
}

}  // namespace

void AddV1IntentRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::post, "/v1/payment_intents", Endpoint([&api](const auto& req, auto& ctx) {
               return CreateV1Intent(req, ctx, api);
             }));
}

}  // namespace payd::api
