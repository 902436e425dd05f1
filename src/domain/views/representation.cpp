#include "domain/views/representation.h"

#include <boost/json/parse.hpp>

#include "domain/intents/payment_uri.h"
#include "domain/views/json_or_null.h"

namespace payd::domain {

namespace {

boost::json::value Confirmations(const std::string& policy) {
  if (!policy.empty() && policy.find_first_not_of("0123456789") == std::string::npos) {
    return std::stoll(policy);
  }
  return boost::json::value(policy);
}

boost::json::value Exception(IntentException e) {
  return e == IntentException::kNone ? boost::json::value(nullptr)
                                     : boost::json::value(IntentExceptionName(e));
}

// null, "payer" (unproven), "wallet" (proven by signature) or "merchant".
boost::json::value HintSourceValue(HintSource source) {
  return source == HintSource::kNone ? boost::json::value(nullptr)
                                     : boost::json::value(HintSourceName(source));
}

}  // namespace

void NearAmountFields(boost::json::object& out, const PaymentIntent& i) {
  // DECISIONS §17: matched by a near amount, for the merchant to review.
  const auto& shortfall = i.near_amount_shortfall;
  out["matchedBy"] = shortfall ? boost::json::value("near_amount") : boost::json::value(nullptr);
  out["underpaidBy"] = shortfall && *shortfall > 0
                           ? boost::json::value(UnitsToDecimal(*shortfall, i.decimals))
                           : boost::json::value(nullptr);
}

boost::json::object Representation::Intent(const PaymentIntent& i) const {
  boost::json::object out = PublicIntent(i);
  out["integrationId"] = i.integration_id;
  out["paymentLinkId"] = JsonOrNull(i.payment_link_id);
  out["metadata"] = boost::json::parse(i.metadata_json);
  out["resolution"] = i.resolution ? boost::json::value(ResolutionView(*i.resolution))
                                   : boost::json::value(nullptr);
  out["canceledAt"] = JsonTimeOrNull(i.canceled_at);
  // The price asked in a currency and the rate that converted it (DECISIONS §14).
  out["price"] = i.price ? boost::json::value(boost::json::object{{"amount", i.price->amount},
                                                                  {"currency", i.price->currency}})
                         : boost::json::value(nullptr);
  out["rate"] = i.rate ? boost::json::value(RateView(*i.rate)) : boost::json::value(nullptr);
  NearAmountFields(out, i);
  return out;
}

boost::json::object RateView(const CurrencyRate& rate) {
  boost::json::array sources;
  for (const auto& s : rate.sources) sources.emplace_back(s);
  return {{"value", RateText(rate.value)},
          {"sources", std::move(sources)},
          {"at", base::FormatTimestamp(rate.at)}};
}

boost::json::object ResolutionView(const Resolution& r) {
  return {{"outcome", r.paid ? "paid" : "not_paid"},
          {"note", r.note},
          {"resolvedBy", r.actor},
          {"resolvedAt", base::FormatTimestamp(r.at)}};
}

boost::json::object Representation::PublicIntent(const PaymentIntent& i) const {
  boost::json::object out{
      {"id", i.id},
      {"status", IntentStatusName(i.status)},
      {"exception", Exception(i.exception)},
      {"amount", FormatUnits(i.amount)},
      {"amountFormatted", UnitsToDecimal(i.amount, i.decimals)},
      {"amountUsd", JsonOrNull(i.amount_usd)},
      {"amountReceived", FormatUnits(i.received)},
      {"currency", i.token_symbol},
      {"chainId", i.chain_id},
      {"chain", catalog.NameOf(i.chain_id)},
      {"tokenAddress", JsonOrNull(i.token_address)},
      {"decimals", i.decimals},
      {"recipient", i.recipient},
      {"paymentUri", PaymentUri(i)},
      {"checkoutUrl", public_url + "/pay/" + i.id},
      {"requiredConfirmations", Confirmations(i.required_confirmations)},
      {"confirmations", i.confirmations},
      {"expiresAt", base::FormatTimestamp(i.expires_at)},
      {"createdAt", base::FormatTimestamp(i.created_at)},
      {"senderHint", JsonOrNull(i.sender_hint)},
      {"senderHintSource", HintSourceValue(i.sender_hint_source)},
      {"createdVia", CreatedVia(i)},
  };
  if (!i.IsChosen()) {
    // Asked on /v1, not chosen yet (DECISIONS §12): no chain, token or exact amount.
    for (const char* field : {"amount", "amountFormatted", "currency", "chainId", "chain",
                              "tokenAddress", "decimals", "paymentUri", "requiredConfirmations"}) {
      out[field] = nullptr;
    }
  }
  if (i.tx_hash) {
    out["txHash"] = *i.tx_hash;
    out["senderAddress"] = JsonOrNull(i.sender_address);
  }
  if (i.status == IntentStatus::kPaid) {
    out["token"] = i.token_symbol;
    out["confirmedAt"] = JsonTimeOrNull(i.confirmed_at);
  }
  return out;
}

boost::json::object Representation::Payment(const domain::Payment& p) const {
  const ObservedTransfer& t = p.transfer;
  return {
      {"id", p.id},
      {"intentId", JsonOrNull(p.intent_id)},
      {"chainId", t.chain_id},
      {"chain", catalog.NameOf(t.chain_id)},
      {"token", t.token_symbol},
      {"tokenAddress", JsonOrNull(t.token_address)},
      {"amount", FormatUnits(t.amount)},
      {"amountFormatted", UnitsToDecimal(t.amount, t.decimals)},
      {"txHash", t.tx_hash},
      {"logIndex", JsonOrNull(t.log_index)},
      {"blockNumber", t.block_number},
      {"blockHash", t.block_hash},
      {"senderAddress", t.sender},
      {"recipient", t.recipient},
      {"status", PaymentStatusName(p.status)},
      {"confirmations", p.confirmations},
      {"createdAt", base::FormatTimestamp(p.created_at)},
      {"confirmedAt", JsonTimeOrNull(p.confirmed_at)},
      {"amountRefunded", FormatUnits(p.refunded)},
      // Unmatched: the one waiting intent its amount nearly fitted (DECISIONS §17).
      {"candidateIntentId", JsonOrNull(p.candidate_intent_id)},
      // What the payer spent when a swap paid it (DECISIONS §16).
      {"paidWith", p.paid_with ? boost::json::value(boost::json::object{
                                     {"token", p.paid_with->token},
                                     {"tokenAddress", JsonOrNull(p.paid_with->token_address)},
                                     {"amount", FormatUnits(p.paid_with->amount)},
                                     {"amountFormatted",
                                      UnitsToDecimal(p.paid_with->amount, p.paid_with->decimals)},
                                     {"payer", p.paid_with->payer}})
                               : boost::json::value(nullptr)},
  };
}

}  // namespace payd::domain
