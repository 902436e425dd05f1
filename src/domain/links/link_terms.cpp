#include "domain/links/link_terms.h"

#include "base/strings.h"
#include "domain/error.h"
#include "domain/money/amount.h"

namespace payd::domain {

namespace {

// A link priced in a currency (USD, EUR...) takes a price in that currency.
// The public endpoint sends USD as amount_usd, the link's page its amount.
void EnforceCurrencyTerms(const PaymentLink& link, const PaymentIntent& intent) {
  const std::string& unit = link.currency;
  if (!intent.price) {
    ThrowInvalid("amount", "Payment link {1} is priced in {2}: send a price, not amount.", link.id,
                 unit);
  }
  if (intent.price->currency != unit) {
    ThrowInvalid("amount_usd", "Payment link {1} is priced in {2}, not {3}.", link.id, unit,
                 intent.price->currency);
  }
  const std::string& asked = intent.price->amount;
  if (!link.allow_custom_amount && CompareDecimals(asked, link.amount) != 0) {
    ThrowInvalid("amount_usd", "Payment link {1} is for exactly {2} {3}.", link.id, link.amount,
                 unit);
  }
  if (link.allow_custom_amount && link.min_amount && CompareDecimals(asked, *link.min_amount) < 0) {
    ThrowInvalid("amount_usd", "Payment link {1} takes at least {2} {3}.", link.id,
                 *link.min_amount, unit);
  }
}

void EnforceTokenTerms(const PaymentLink& link, const PaymentIntent& intent) {
  if (!base::EqualsIgnoreCase(intent.token_symbol, link.currency)) {
    ThrowInvalid("currency", "Payment link {1} is priced in {2}: currency must be {2}.", link.id,
                 link.currency);
  }
  if (intent.price) {
    ThrowInvalid("amount_usd",
                 "Payment link {1} is priced in {2}: send amount in its smallest unit, not "
                 "amount_usd.",
                 link.id, link.currency);
  }
  // Link creation allowed no more fraction digits than the token has on any
  // of the integration's chains, so these convert; a link that does not is
  // one no amount can satisfy.
  auto amount = DecimalToUnits(link.amount, intent.decimals);
  if (!link.allow_custom_amount && (!amount || intent.requested_amount != *amount)) {
    // "5 USDC (5000000 in its smallest unit)"
    ThrowInvalid("amount", "Payment link {1} is for exactly {2} {3} ({4} in its smallest unit).",
                 link.id, link.amount, link.currency, FormatUnits(amount.value_or(0)));
  }
  if (link.allow_custom_amount && link.min_amount) {
    auto min = DecimalToUnits(*link.min_amount, intent.decimals);
    if (!min || intent.requested_amount < *min) {
      ThrowInvalid("amount", "Payment link {1} takes at least {2} {3} ({4} in its smallest unit).",
                   link.id, *link.min_amount, link.currency, FormatUnits(min.value_or(0)));
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
    ThrowInvalid("paymentLinkId", "Payment link {1} is not active.", link.id);
  }
  if (link.denomination_type == "TOKEN") {
    EnforceTokenTerms(link, intent);
  } else {
    EnforceCurrencyTerms(link, intent);
  }
}

}  // namespace payd::domain
