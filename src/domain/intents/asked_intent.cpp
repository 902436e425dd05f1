#include "domain/intents/asked_intent.h"

#include <algorithm>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/links/payment_link.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

PaymentIntent PrepareAskedIntent(const Integration& integration, const AskedIntentRequest& request,
                                 base::TimeMs now, const std::optional<std::string>& return_url) {
  if (return_url) CheckReturnUrl(*return_url);
  PaymentIntent intent;
  intent.id = base::NewId("pi_");
  intent.tenant_id = integration.tenant_id;
  intent.integration_id = integration.id;
  intent.recipient = integration.payout_address;
  intent.metadata_json = request.metadata_json;
  intent.expires_at = now + request.lifetime_ms;
  intent.created_at = now;
  intent.asked = request.terms;
  intent.return_url = return_url;
  if (FindCurrency(request.terms.currency))
    intent.price = Price{request.terms.amount, request.terms.currency};
  if (request.terms.currency == "USD") intent.amount_usd = request.terms.amount;
  return intent;
}

void RequireRate(const PaymentIntent& intent, PriceSource& prices) {
  if (intent.price && intent.price->currency != "USD") prices.Rate(intent.price->currency);
}

PaymentIntent WithChoice(const PaymentIntent& intent, const PayOption& option,
                         const ChainCatalog& catalog, PriceSource& prices) {
  const auto& options = intent.asked ? intent.asked->options : std::vector<PayOption>{};
  const ChainInfo* chain = catalog.FindChain(option.chain_id);
  const TokenInfo* token = chain ? chain->FindToken(option.token) : nullptr;
  if (std::find(options.begin(), options.end(), option) == options.end() || !token) {
    ThrowInvalid("option", "This payment can be made with {1} on chain {2} only if it offers that.",
                 option.token, std::to_string(option.chain_id));
  }
  PaymentIntent chosen = intent;
  const AskedTerms& asked = *intent.asked;
  if (FindCurrency(asked.currency)) {
    Quote quote = QuotePrice(Price{asked.amount, asked.currency}, *chain, *token, prices);
    chosen.requested_amount = quote.units;
    if (asked.currency != "USD") chosen.rate = std::move(quote.rate);
  } else {
    // CheckV1IntentAsk made sure the amount is exact in every option's decimals.
    auto units = DecimalToUnits(asked.amount, token->decimals);
    if (!units) ThrowInvalid("amount", "The amount asked cannot be paid in {1}.", token->symbol);
    chosen.requested_amount = *units;
  }
  chosen.chain_id = chain->id;
  chosen.token_symbol = token->symbol;
  chosen.token_address = token->address;
  chosen.decimals = token->decimals;
  chosen.amount = chosen.requested_amount;
  chosen.required_confirmations = chain->confirmations.ToString();
  return chosen;
}

std::optional<PaymentIntent> ChooseOption(Store& store, const ChainCatalog& catalog,
                                          PriceSource& prices, const std::string& intent_id,
                                          const PayOption& option, base::TimeMs now) {
  return store.ChooseIntentOption(
      intent_id,
      [&](const PaymentIntent& current) { return WithChoice(current, option, catalog, prices); },
      now);
}

int ExpireUnchosenIntents(Store& store, const Representation& representation, base::TimeMs now,
                          int limit) {
  return store.ExpireUnchosenIntents(now, limit, [&](const PaymentIntent& expired) {
    return representation.IntentEvent(event_type::kPaymentExpired, expired, now);
  });
}

}  // namespace payd::domain
