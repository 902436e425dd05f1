#include "domain/intents/intent_request.h"

#include <algorithm>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/money/address.h"

namespace payd::domain {

PaymentIntent PrepareIntent(const Integration& integration, const ChainCatalog& catalog,
                            PriceSource& prices, const IntentRequest& request, base::TimeMs now) {
  const std::string& price_field = request.price_field;
  if (request.price.has_value() == request.amount.has_value()) {
    ThrowInvalid(request.amount ? price_field : "amount",
                 "Send exactly one of {1} (a price) and amount (the token's smallest unit).",
                 price_field);
  }
  const auto& chains = integration.allow_chains;
  const ChainInfo* chain = catalog.FindChain(request.chain_id);
  if (std::find(chains.begin(), chains.end(), request.chain_id) == chains.end() || !chain) {
    ThrowInvalid("chainId", "chainId {1} is not one of this integration's chains.",
                 std::to_string(request.chain_id));
  }
  const TokenInfo* token =
      integration.AllowsToken(request.currency) ? chain->FindToken(request.currency) : nullptr;
  if (!token) {
    ThrowInvalid("currency", "currency {1} is not offered on chain {2} by this integration.",
                 request.currency, std::to_string(request.chain_id));
  }

  PaymentIntent intent;
  if (request.amount) {
    auto units = ParseUnits(*request.amount);
    if (!units || *units == 0) {
      ThrowInvalid("amount",
                   "amount must be a positive integer string in the token's smallest unit.");
    }
    intent.requested_amount = *units;
  } else {
    const Price& price = *request.price;
    Currency currency = CoveredCurrency(price.currency, catalog);
    CheckPriceAmount(price.amount, currency, price_field);
    Quote quote = QuotePrice(price, *chain, *token, prices, price_field);
    intent.requested_amount = quote.units;
    intent.price = price;
    if (price.currency != "USD") intent.rate = std::move(quote.rate);
    if (price.currency == "USD") intent.amount_usd = price.amount;
  }
  if (request.sender_address) {
    auto sender = ParseAddress(*request.sender_address);
    if (!sender)
      ThrowInvalid("senderAddress",
                   "senderAddress must be an address with a valid EIP-55 checksum.");
    intent.sender_hint = *sender;
    intent.sender_hint_source = HintSource::kPayer;  // the payer's word: never moves money
  }

  intent.id = base::NewId("pi_");
  intent.tenant_id = integration.tenant_id;
  intent.integration_id = integration.id;
  intent.payment_link_id = request.payment_link_id;
  intent.chain_id = chain->id;
  intent.token_symbol = token->symbol;
  intent.token_address = token->address;
  intent.decimals = token->decimals;
  intent.recipient = integration.payout_address;
  intent.amount = intent.requested_amount;
  intent.metadata_json = request.metadata_json;
  intent.required_confirmations = chain->confirmations.ToString();
  intent.expires_at = now + request.lifetime_ms;
  intent.created_at = now;
  return intent;
}

}  // namespace payd::domain
