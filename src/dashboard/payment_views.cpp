#include "dashboard/payment_views.h"

#include <charconv>

#include "base/strings.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"
#include "html/i18n.h"

namespace payd::dashboard {

namespace {

std::string Decimal(const domain::Uint256& units, unsigned decimals) {
  return domain::UnitsToDecimal(units, decimals);
}

std::string Timestamp(const std::optional<base::TimeMs>& at) {
  return at ? base::FormatTimestamp(*at) : "";
}

// Whether the intent has the confirmations it asks for: a number of them
// ("12"), or a paid intent for "safe" and "finalized".
bool EnoughConfirmations(const domain::PaymentIntent& i) {
  if (i.status == domain::IntentStatus::kPaid) return true;
  std::int64_t needed = 0;
  const auto& text = i.required_confirmations;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), needed);
  return error == std::errc() && end == text.data() + text.size() && i.confirmations >= needed;
}

// What needs the merchant: an exception not resolved yet.
bool NeedsDecision(const domain::PaymentIntent& intent) {
  return intent.exception != domain::IntentException::kNone && !intent.resolution;
}

}  // namespace

std::string ChainLabel(const domain::ChainCatalog* catalog, std::int64_t chain_id) {
  if (chain_id == 0) return html::Translatable("not chosen yet");
  const domain::ChainInfo* chain = catalog ? catalog->FindChain(chain_id) : nullptr;
  std::string id = std::to_string(chain_id);
  return chain ? chain->name + " (" + id + ")" : id;
}

// "chainlink:1 ecb": a rate's sources, one cell.
std::string RateSources(const domain::CurrencyRate& rate) {
  std::string sources;
  for (const auto& s : rate.sources) sources += (sources.empty() ? "" : " ") + s;
  return sources;
}

// "1 EUR = 1.08275 USD (chainlink:1 ecb)"
std::string RateLine(const domain::CurrencyRate& rate, const std::string& currency) {
  return "1 " + currency + " = " + domain::RateText(rate.value) + " USD (" + RateSources(rate) +
         ")";
}

boost::json::object IntentRow(const domain::PaymentIntent& i, const domain::ChainCatalog* catalog) {
  bool chosen = i.chain_id != 0;
  boost::json::object row{
      {"id", i.id},
      {"status", base::AsciiLower(domain::IntentStatusName(i.status))},
      {"exception", base::AsciiLower(domain::IntentExceptionName(i.exception))},
      {"needsDecision", NeedsDecision(i)},
      {"chain", ChainLabel(catalog, i.chain_id)},
      {"token", chosen ? i.token_symbol : ""},
      // Not "amount": a field of that name would hide the templates' {{#amount}} section.
      {"amountDecimal", chosen ? Decimal(i.amount, i.decimals) : ""},
      {"received", chosen ? Decimal(i.received, i.decimals) : ""},
      {"amountUsd", i.amount_usd.value_or("")},
      // The price as asked (DECISIONS §14) and, in another currency than USD, its rate.
      {"price", i.price ? i.price->amount + " " + i.price->currency : ""},
      {"priceAmount", i.price ? i.price->amount : ""},
      {"priceCurrency", i.price ? i.price->currency : ""},
      {"rate", i.rate ? RateLine(*i.rate, i.price ? i.price->currency : "") : ""},
      {"recipient", i.recipient},
      {"txHash", i.tx_hash.value_or("")},
      {"sender", i.sender_address.value_or("")},
      {"senderHint", i.sender_hint.value_or("")},
      {"createdAt", base::FormatTimestamp(i.created_at)},
      {"expiresAt", base::FormatTimestamp(i.expires_at)},
      {"confirmedAt", Timestamp(i.confirmed_at)},
      {"canceledAt", Timestamp(i.canceled_at)},
      {"createdVia", domain::CreatedVia(i)},
      {"paymentLinkId", i.payment_link_id.value_or("")},
      {"integrationId", i.integration_id},
      {"confirmations", i.confirmations},
      {"requiredConfirmations", i.required_confirmations},
      // "2 of 1" reads as a mistake once a payment has more than it needs.
      {"enoughConfirmations", EnoughConfirmations(i)},
  };
  // How far off what arrived is, once something did: what the merchant decides on.
  if (chosen && i.received > 0 && i.received < i.amount) {
    row["shortBy"] = Decimal(i.amount - i.received, i.decimals);
  } else if (chosen && i.received > i.amount) {
    row["overBy"] = Decimal(i.received - i.amount, i.decimals);
  }
  if (i.near_amount_shortfall) {
    // Matched by a near amount (DECISIONS §17): the merchant reviews it.
    const auto& shortfall = *i.near_amount_shortfall;
    row["nearAmount"] =
        boost::json::object{{"underpaidBy", shortfall > 0 ? Decimal(shortfall, i.decimals) : ""}};
  }
  if (i.asked) {
    row["asked"] =
        boost::json::object{{"amountDecimal", i.asked->amount}, {"currency", i.asked->currency}};
  }
  if (i.resolution) {
    row["resolution"] = boost::json::object{{"paid", i.resolution->paid},
                                            {"note", i.resolution->note},
                                            {"actor", i.resolution->actor},
                                            {"at", base::FormatTimestamp(i.resolution->at)}};
  }
  return row;
}

boost::json::object PaymentRow(const domain::Payment& p, const domain::ChainCatalog* catalog) {
  const auto& t = p.transfer;
  return {
      {"id", p.id},
      {"intentId", p.intent_id.value_or("")},
      {"candidateIntentId", p.candidate_intent_id.value_or("")},
      // DECISIONS §16: what the payer spent when a swap paid it.
      {"paidWith",
       p.paid_with ? Decimal(p.paid_with->amount, p.paid_with->decimals) + " " + p.paid_with->token
                   : ""},
      {"paidWithAmount", p.paid_with ? Decimal(p.paid_with->amount, p.paid_with->decimals) : ""},
      {"paidWithToken", p.paid_with ? p.paid_with->token : ""},
      {"status", base::AsciiLower(domain::PaymentStatusName(p.status))},
      {"chain", ChainLabel(catalog, t.chain_id)},
      {"token", t.token_symbol},
      {"amountDecimal", Decimal(t.amount, t.decimals)},
      {"txHash", t.tx_hash},
      {"sender", t.sender},
      {"recipient", t.recipient},
      {"blockNumber", t.block_number},
      {"confirmations", p.confirmations},
      {"blockTime", base::FormatTimestamp(t.block_time)},
      {"createdAt", base::FormatTimestamp(p.created_at)},
      {"confirmedAt", Timestamp(p.confirmed_at)}};
}

std::vector<std::string> IntentCsvHeader() {
  return {"id",          "created_at",      "status",
          "exception",   "chain_id",        "chain",
          "token",       "amount",          "received",
          "amount_usd",  "price_amount",    "price_currency",
          "rate_usd",    "rate_sources",    "tx_hash",
          "sender",      "recipient",       "confirmed_at",
          "created_via", "payment_link_id", "integration_id",
          "metadata"};
}

std::vector<std::string> IntentCsvCells(const domain::PaymentIntent& i,
                                        const domain::ChainCatalog* catalog) {
  bool chosen = i.chain_id != 0;
  return {i.id,
          base::FormatTimestamp(i.created_at),
          std::string(domain::IntentStatusName(i.status)),
          std::string(domain::IntentExceptionName(i.exception)),
          chosen ? std::to_string(i.chain_id) : "",
          chosen ? ChainLabel(catalog, i.chain_id) : "",
          chosen ? i.token_symbol : "",
          chosen ? Decimal(i.amount, i.decimals) : "",
          chosen ? Decimal(i.received, i.decimals) : "",
          i.amount_usd.value_or(""),
          i.price ? i.price->amount : "",
          i.price ? i.price->currency : "",
          i.rate ? domain::RateText(i.rate->value) : "",
          i.rate ? RateSources(*i.rate) : "",
          i.tx_hash.value_or(""),
          i.sender_address.value_or(""),
          i.recipient,
          Timestamp(i.confirmed_at),
          std::string(domain::CreatedVia(i)),
          i.payment_link_id.value_or(""),
          i.integration_id,
          i.metadata_json};
}

}  // namespace payd::dashboard
