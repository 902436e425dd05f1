// The /v1 views (DECISIONS §12). An intent reads as the spec's preview lists
// it: `amount` and `currency` as the merchant asked (USD, or the token), the
// chains and tokens the payer may choose from, and what paid it once paid.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

#include "base/strings.h"
#include "domain/views/representation.h"

namespace payd::domain {

namespace {

std::string Lower(std::string_view text) {
  return base::AsciiLower(text);
}

// The chains and tokens the payer may pay with: an asked intent's options
// (each once, in order), otherwise the one it was made for.
std::pair<boost::json::array, boost::json::array> ChainsAndTokens(const ChainCatalog& catalog,
                                                                  const PaymentIntent& i) {
  boost::json::array chains, tokens;
  auto add = [](boost::json::array& list, const std::string& item) {
    if (std::find(list.begin(), list.end(), boost::json::value(item)) == list.end())
      list.emplace_back(item);
  };
  if (!i.asked) {
    add(chains, catalog.NameOf(i.chain_id));
    add(tokens, i.token_symbol);
  } else {
    for (const auto& option : i.asked->options) {
      add(chains, catalog.NameOf(option.chain_id));
      add(tokens, option.token);
    }
  }
  return {std::move(chains), std::move(tokens)};
}

}  // namespace

boost::json::object Representation::IntentV1(const PaymentIntent& i) const {
  auto [chains, tokens] = ChainsAndTokens(catalog, i);
  std::string amount = i.asked   ? i.asked->amount
                       : i.price ? i.price->amount
                                 : UnitsToDecimal(i.requested_amount, i.decimals);
  std::string currency = i.asked ? i.asked->currency : i.price ? i.price->currency : i.token_symbol;
  boost::json::object out{
      {"id", i.id},
      {"status", Lower(IntentStatusName(i.status))},
      {"amount", amount},
      {"currency", currency},
      {"recipient", i.recipient},
      {"chains", std::move(chains)},
      {"tokens", std::move(tokens)},
      {"expiresAt", base::FormatTimestamp(i.expires_at)},
      {"metadata", boost::json::parse(i.metadata_json)},
      {"createdAt", base::FormatTimestamp(i.created_at)},
      {"checkoutUrl", public_url + "/pay/" + i.id},
      {"createdVia", CreatedVia(i)},
      {"returnUrl", i.return_url ? boost::json::value(*i.return_url) : nullptr},
      {"canceledAt",
       i.canceled_at ? boost::json::value(base::FormatTimestamp(*i.canceled_at)) : nullptr},
  };
  if (i.exception != IntentException::kNone)
    out["exception"] = Lower(IntentExceptionName(i.exception));
  if (i.resolution) out["resolution"] = ResolutionView(*i.resolution);
  // As `exception`: only when there is something to say.
  boost::json::object near;
  NearAmountFields(near, i);
  for (const auto& [key, value] : near)
    if (!value.is_null()) out[key] = value;
  if (i.status == IntentStatus::kPaid) {
    out["token"] = i.token_symbol;
    out["chain"] = catalog.NameOf(i.chain_id);
    out["chainId"] = i.chain_id;
    if (i.tx_hash) out["txHash"] = *i.tx_hash;
    if (i.sender_address) out["senderAddress"] = *i.sender_address;
    if (i.confirmed_at) out["confirmedAt"] = base::FormatTimestamp(*i.confirmed_at);
  }
  return out;
}

void PaymentToV1Shape(boost::json::object& payment) {
  if (auto* status = payment.if_contains("status"); status && status->is_string())
    *status = Lower(status->as_string());
}

boost::json::object Representation::PaymentV1(const domain::Payment& p) const {
  boost::json::object out = Payment(p);
  PaymentToV1Shape(out);
  return out;
}

Event Representation::IntentEvent(std::string_view type, const PaymentIntent& intent,
                                  base::TimeMs now) const {
  Event event = NewEvent(intent.tenant_id, type, boost::json::serialize(Intent(intent)), now);
  event.data_v1_json = boost::json::serialize(IntentV1(intent));
  event.object_id = intent.id;
  return event;
}

Event Representation::PaymentEvent(std::string_view type, const domain::Payment& payment,
                                   base::TimeMs now) const {
  // Its /v1 shape is derived when delivered (Event::DataFor).
  Event event = NewEvent(payment.tenant_id, type, boost::json::serialize(Payment(payment)), now);
  event.object_id = payment.id;
  return event;
}

}  // namespace payd::domain
