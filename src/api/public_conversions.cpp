// Paying with another token (DECISIONS §16), for the checkout page and the
// widget, key-less and origin-checked like the other public endpoints:
//   GET .../intents/:id/conversions            what the payer may pay with, quoted
//   GET .../intents/:id/conversions/:token     the calls for their wallet (?payer=0x...)
// Quotes are read from the chain while the payer waits (a waiting endpoint:
// off the connection threads). domain/conversion/conversion.h says what is
// offered and why.
#include "api/api_error.h"
#include "api/pagination.h"
#include "api/public_guard.h"
#include "api/routes.h"
#include "domain/conversion/conversion.h"
#include "domain/money/address.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

struct Asked {
  domain::Integration integration;
  domain::PaymentIntent intent;
  const domain::ChainInfo* chain = nullptr;
};

Asked Ask(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  Asked a{AdmitPublic(req, ctx, api, PublicLimit::kRead), {}, nullptr};
  a.intent = IntentOfPath(a.integration, ctx, api);
  a.chain = api.catalog.FindChain(a.intent.chain_id);
  if (!api.swaps || !a.chain || !a.chain->swap)
    throw domain::Error(domain::ErrorKind::kNotFound,
                        "payd offers no conversion for payment intent " + a.intent.id +
                            ": pay it in its own token.");
  return a;
}

boost::json::object Amount(const domain::Uint256& units, unsigned decimals) {
  return {{"amount", domain::FormatUnits(units)},
          {"amountFormatted", domain::UnitsToDecimal(units, decimals)}};
}

boost::json::object OfferView(const domain::ConversionOffer& o) {
  const auto& token = *o.pay_with;
  return {{"token", token.symbol},
          {"tokenAddress", token.address ? boost::json::value(*token.address) : nullptr},
          {"decimals", token.decimals},
          {"fee", o.fee},
          {"amountIn", Amount(o.amount_in, token.decimals)},
          {"amountInMaximum", Amount(o.amount_in_maximum, token.decimals)}};
}

// What every answer says: what the merchant receives, and how fresh the quote is.
boost::json::object Frame(const Asked& a, base::TimeMs now) {
  boost::json::object receives = Amount(a.intent.AmountToSend(), a.intent.decimals);
  receives["token"] = a.intent.token_symbol;
  receives["recipient"] = a.intent.recipient;
  return {{"intentId", a.intent.id},
          {"chainId", a.intent.chain_id},
          {"receives", std::move(receives)},
          {"slippageBps", domain::kDefaultSlippageBps},
          {"quotedAt", base::FormatTimestamp(now)},
          {"freshUntil", base::FormatTimestamp(now + domain::kQuoteFreshMs)}};
}

http::Response Offers(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  ParseQuery(req, {});
  Asked a = Ask(req, ctx, api);
  base::TimeMs now = base::NowMs();
  boost::json::array data;
  for (const auto& offer :
       domain::ConversionOffers(a.integration, a.intent, *a.chain, *api.swaps, now))
    data.push_back(OfferView(offer));
  boost::json::object body = Frame(a, now);
  body["data"] = std::move(data);
  return http::JsonResponse(http::Status::ok, body);
}

http::Response Plan(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  auto query = ParseQuery(req, {"payer"});
  std::optional<std::string> payer;
  if (const std::string* text = QueryValue(query, "payer")) {
    payer = domain::ParseAddress(*text);
    if (!payer) ThrowBadRequest("payer", "payer must be an address with a valid EIP-55 checksum.");
  }
  Asked a = Ask(req, ctx, api);
  base::TimeMs now = base::NowMs();
  auto plan = domain::PrepareConversion(a.integration, a.intent, *a.chain, *api.swaps,
                                        std::string(ctx.Param("token")), payer, now);
  boost::json::object body = Frame(a, now);
  for (auto& [key, value] : OfferView(plan.offer)) body[key] = value;
  body["deadline"] = base::FormatTimestamp(plan.deadline * 1000);
  boost::json::array calls;
  for (const auto& c : plan.calls)
    calls.push_back({{"purpose", c.purpose}, {"to", c.to}, {"data", c.data}, {"value", c.value}});
  body["calls"] = std::move(calls);
  return http::JsonResponse(http::Status::ok, body);
}

}  // namespace

void AddConversionRoutes(http::Router& router, ApiContext& api) {
  auto preflight =
      Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); });
  router.Add(http::Verb::get, "/public/integrations/:publicId/intents/:id/conversions",
             WaitingEndpoint([&api](const auto& req, auto& ctx) { return Offers(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id/conversions",
             preflight);
  router.Add(http::Verb::get, "/public/integrations/:publicId/intents/:id/conversions/:token",
             WaitingEndpoint([&api](const auto& req, auto& ctx) { return Plan(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id/conversions/:token",
             preflight);
}

}  // namespace payd::api
