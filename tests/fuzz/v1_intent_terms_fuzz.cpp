// Fuzz target: what POST /v1/payment_intents may ask (domain/intents/v1_intent_terms.h).
//
// Input: four lines, "<amount>\n<currency>\n<chains, comma-separated>\n<tokens,
// comma-separated>", checked against the unit table's integration
// (tests/unit/v1_intent_terms_fixture.h).
//
// Properties: only domain::Error kInvalidRequest naming amount, currency,
// chains or tokens is thrown. An accepted ask keeps the amount as written,
// which is a plain decimal above zero; its currency is USD or an allowed
// token; every option is a chain and token of the integration, within the
// narrowing, and in the asked token when the currency is one; and the amount
// is payable exactly, in at most 2^256-1 smallest units, with every option
// (DECISIONS §12, §4).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../unit/v1_intent_terms_fixture.h"
#include "base/strings.h"
#include "domain/error.h"
#include "domain/intents/v1_intent_terms.h"
#include "domain/money/amount.h"
#include "fuzz_check.h"
#include "fuzz_input.h"

namespace {

namespace domain = payd::domain;
using payd::fuzz::Split;

const domain::ChainCatalog& Catalog() {
  static const domain::ChainCatalog catalog = payd::testing::v1_terms::Catalog();
  return catalog;
}

const domain::Integration& TheIntegration() {
  static const domain::Integration integration = payd::testing::v1_terms::TheIntegration();
  return integration;
}

// Within the narrowing: `list` empty, or naming `item` (chain names in any case).
bool Narrowed(const std::vector<std::string>& list, const std::string& item) {
  if (list.empty()) return true;
  for (const auto& x : list)
    if (payd::base::AsciiLower(x) == payd::base::AsciiLower(item)) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines = payd::fuzz::Lines(data, size, 4);
  domain::V1IntentAsk ask{lines[0], lines[1], Split(lines[2]), Split(lines[3])};
  domain::AskedTerms terms;
  try {
    terms = domain::CheckV1IntentAsk(ask, TheIntegration(), Catalog());
  } catch (const domain::Error& e) {
    std::string param = e.param();
    FUZZ_REQUIRE(e.kind() == domain::ErrorKind::kInvalidRequest, input);
    FUZZ_REQUIRE(param == "amount" || param == "currency" || param == "chains" || param == "tokens",
                 param + " | " + input);
    return 0;
  }
  FUZZ_REQUIRE(terms.amount == ask.amount, input);
  FUZZ_REQUIRE(domain::IsDecimalString(terms.amount), input);
  FUZZ_REQUIRE(domain::CompareDecimals(terms.amount, "0") > 0, input);
  bool in_usd = terms.currency == "USD";
  FUZZ_REQUIRE(in_usd || TheIntegration().AllowsToken(terms.currency), input);
  FUZZ_REQUIRE(!terms.options.empty(), input);
  if (in_usd) FUZZ_REQUIRE(domain::FractionDigits(terms.amount) <= 2, input);
  for (const auto& o : terms.options) {
    const domain::ChainInfo* chain = Catalog().FindChain(o.chain_id);
    FUZZ_REQUIRE(chain != nullptr, input);
    const domain::TokenInfo* token = chain->FindToken(o.token);
    FUZZ_REQUIRE(token != nullptr && TheIntegration().AllowsToken(o.token), input);
    FUZZ_REQUIRE(
        Narrowed(ask.chains, chain->name) || Narrowed(ask.chains, std::to_string(o.chain_id)),
        input);
    FUZZ_REQUIRE(ask.tokens.empty() ||
                     std::find(ask.tokens.begin(), ask.tokens.end(), o.token) != ask.tokens.end(),
                 input);
    if (!in_usd) {
      FUZZ_REQUIRE(o.token == terms.currency, input);
      // Payable to the last unit on this option's chain, within 2^256-1 units.
      auto units = domain::DecimalToUnits(terms.amount, token->decimals);
      FUZZ_REQUIRE(units.has_value() && *units > 0, input);
    }
  }
  return 0;
}
