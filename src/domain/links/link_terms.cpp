#include "domain/links/link_terms.h"

#include "base/strings.h"
#include "domain/error.h"
#include "domain/money/amount.h"

namespace payd::domain {

namespace {

// "5 USDC (5000000 in its smallest unit)"
std::string TokenAmount(const std::string& decimal, const std::string& symbol,
                        const Uint256& units) {
  return decimal + " " + symbol + " (" + FormatUnits(units) + " in its smallest unit)";
}

// A link priced in a currency (USD, EUR...) takes a price in that currency.
// The public endpoint sends USD as amount_usd, the link's page its amount.
void EnforceCurrencyTerms(const PaymentLink& link, const PaymentIntent& intent) {
  const std::string name = "Payment link " + link.id;
  const std::string& unit = link.currency;
  if (!intent.price) {
    ThrowInvalid("amount", name + " is priced in " + unit + ": send a price, not amount.");
  }
  if (intent.price->currency != unit) {
    ThrowInvalid("amount_usd",
                 name + " is priced in " + unit + ", not " + intent.price->currency + ".");
  }
  const std::string& asked = intent.price->amount;
  if (!link.allow_custom_amount && CompareDecimals(asked, link.amount) != 0) {
    ThrowInvalid("amount_usd", name + " is for exactly " + link.amount + " " + unit + ".");
  }
  if (link.allow_custom_amount && link.min_amount && CompareDecimals(asked, *link.min_amount) < 0) {
    ThrowInvalid("amount_usd", name + " takes at least " + *link.min_amount + " " + unit + ".");
  }
}

void EnforceTokenTerms(const PaymentLink& link, const PaymentIntent& intent) {
  const std::string name = "Payment link " + link.id;
  if (!base::EqualsIgnoreCase(intent.token_symbol, link.currency)) {
    ThrowInvalid("currency", name + " is priced in " + link.currency + ": currency must be " +
                                 link.currency + ".");
  }
  if (intent.price) {
    ThrowInvalid("amount_usd", name + " is priced in " + link.currency +
                                   ": send amount in its smallest unit, not amount_usd.");
  }
  // Link creation allowed no more fraction digits than the token has on any
  // of the integration's chains, so these convert; a link that does not is
  // one no amount can satisfy.
  auto amount = DecimalToUnits(link.amount, intent.decimals);
  if (!link.allow_custom_amount && (!amount || intent.requested_amount != *amount)) {
    ThrowInvalid("amount", name + " is for exactly " +
                               TokenAmount(link.amount, link.currency, amount.value_or(0)) + ".");
  }
  if (link.allow_custom_amount && link.min_amount) {
    auto min = DecimalToUnits(*link.min_amount, intent.decimals);
    if (!min || intent.requested_amount < *min) {
      ThrowInvalid("amount", name + " takes at least " +
                                 TokenAmount(*link.min_amount, link.currency, min.value_or(0)) +
                                 ".");
    }
  }
}

}  // namespace

void EnforceLinkTerms(const PaymentLink& link, const std::string& integration_id,
                      const PaymentIntent& intent) {
  if (link.integration_id != integration_id) {
    ThrowInvalid("paymentLinkId", "No such payment link on this integration.");
  }
  if (link.status != "active") {
    ThrowInvalid("paymentLinkId", "Payment link " + link.id + " is not active.");
  }
  if (link.denomination_type == "TOKEN") {
    EnforceTokenTerms(link, intent);
  } else {
    EnforceCurrencyTerms(link, intent);
  }
}

}  // namespace payd::domain
