// What POST /v1/payment_intents asks for (DECISIONS §12), checked against the
// integration before anything is stored: the amount as the merchant wrote it
// in its currency (USD, or a token's decimal units), and the (chain, token)
// options the payer may choose from on the hosted page. Pure: no store, no
// prices; the intent itself is made once the payer chooses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

struct V1IntentAsk {
  std::string amount;               // the JSON text: a decimal string or a number's digits
  std::string currency;             // "USD" or a token symbol
  std::vector<std::string> chains;  // names or decimal ids; empty: every allowed chain
  std::vector<std::string> tokens;  // symbols; empty: every allowed token
};

constexpr unsigned kUsdFractionDigits = 2;

// Throws domain::Error (invalid) naming `amount`, `currency`, `chains` or
// `tokens`: an amount with an exponent, a sign or more fraction digits than
// the currency has, zero, or beyond 2^256-1 smallest units; a currency that is
// neither USD nor one of the integration's tokens; a chain or token outside
// the integration; a narrowing that leaves nothing to pay with.
AskedTerms CheckV1IntentAsk(const V1IntentAsk& ask, const Integration& integration,
                            const ChainCatalog& catalog);

}  // namespace payd::domain
