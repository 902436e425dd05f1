// The checkout page's proof of the payer's wallet (DECISIONS §5 rule 2, §11),
// key-less and origin-checked like the other public endpoints:
//   GET  .../intents/:id/sender-message?address=0x...  the message to sign
//   POST .../intents/:id/sender-proof {address, signature}  makes the hint trusted
// A sender hint moves money only once proven; see domain/intents/wallet_proof.h for
// why the message needs no server nonce.
#include "api/api_error.h"
#include "api/json_input.h"
#include "api/pagination.h"
#include "api/public_guard.h"
#include "api/routes.h"
#include "domain/intents/wallet_proof.h"
#include "domain/money/address.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

// 409: the hint could no longer move money, so there is nothing to prove.
[[noreturn]] void NotWaiting(const domain::PaymentIntent& intent) {
  throw ApiError(http::Status::conflict, "intent_not_waiting",
                 "Payment intent " + intent.id + " no longer waits for payment (status " +
                     std::string(domain::IntentStatusName(intent.status)) + ", expires " +
                     base::FormatTimestamp(intent.expires_at) + "): it takes no sender proof.");
}

// The integration's intent, still waiting for payment (404, 409 otherwise).
// An intent made through /v1 waits for money only once the payer has chosen
// its chain, which the signed message names.
domain::PaymentIntent WaitingIntent(const domain::Integration& integration,
                                    http::RequestContext& ctx, ApiContext& api, base::TimeMs now) {
  auto intent = IntentOfPath(integration, ctx, api);
  if (!intent.WaitsForPayment(now)) NotWaiting(intent);
  if (!intent.IsChosen()) {
    throw ApiError(http::Status::conflict, "intent_not_waiting",
                   "Payment intent " + intent.id +
                       " waits for the payer to choose a chain and token: it takes no sender "
                       "proof before that.");
  }
  return intent;
}

std::string ReadAddress(const std::string* text) {
  if (!text) ThrowBadRequest("address", "address (the payer's wallet) is required.");
  auto address = domain::ParseAddress(*text);
  if (!address) {
    ThrowBadRequest("address", "address must be an address with a valid EIP-55 checksum.");
  }
  return *address;
}

http::Response Message(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  domain::Integration integration = AdmitPublic(req, ctx, api, PublicLimit::kRead);
  auto query = ParseQuery(req, {"address"});
  std::string address = ReadAddress(QueryValue(query, "address"));
  domain::PaymentIntent intent = WaitingIntent(integration, ctx, api, base::NowMs());
  return http::JsonResponse(http::Status::ok,
                            boost::json::object{
                                {"intentId", intent.id},
                                {"address", address},
                                {"chainId", intent.chain_id},
                                {"message", domain::SenderProofMessage(api.public_url, intent.id,
                                                                       address, intent.chain_id)},
                            });
}

http::Response Prove(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  domain::Integration integration = AdmitPublic(req, ctx, api, PublicLimit::kWrite);
  ParseQuery(req, {});
  boost::json::object body = ParseJsonObjectBody(req);
  FieldReader fields(body);
  std::string address_text = fields.RequiredString("address");
  std::string signature_text = fields.RequiredString("signature");
  fields.RejectUnknown();
  std::string address = ReadAddress(&address_text);
  auto signature = domain::ParseSignature(signature_text);
  if (!signature) {
    ThrowBadRequest("signature",
                    "signature must be 0x and 130 hex digits: r, s and v (27 or 28), as "
                    "personal_sign returns it.");
  }
  base::TimeMs now = base::NowMs();
  domain::PaymentIntent intent = WaitingIntent(integration, ctx, api, now);
  std::string message =
      domain::SenderProofMessage(api.public_url, intent.id, address, intent.chain_id);
  auto signer = domain::RecoverPersonalSigner(message, *signature);
  if (signer != address) {
    ThrowBadRequest("signature",
                    "signature is not " + address +
                        "'s personal_sign of the message from sender-message for this intent.");
  }
  auto updated = api.store.SetSenderHint(intent.id, address, domain::HintSource::kWallet, now);
  if (!updated) NotWaiting(intent);  // it was paid or expired meanwhile
  api.IntentsChanged();
  return http::JsonResponse(http::Status::ok, api.representation().PublicIntent(*updated));
}

}  // namespace

void AddSenderProofRoutes(http::Router& router, ApiContext& api) {
  auto preflight =
      Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); });
  router.Add(http::Verb::get, "/public/integrations/:publicId/intents/:id/sender-message",
             Endpoint([&api](const auto& req, auto& ctx) { return Message(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id/sender-message",
             preflight);
  router.Add(http::Verb::post, "/public/integrations/:publicId/intents/:id/sender-proof",
             Endpoint([&api](const auto& req, auto& ctx) { return Prove(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id/sender-proof",
             preflight);
}

}  // namespace payd::api
