#include "domain/intents/v1_intent_terms.h"

#include <algorithm>

#include "domain/error.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"

namespace payd::domain {

namespace {

// A chain named by its catalog name (any case) or its decimal id, among the allowed ones.
std::int64_t AllowedChain(const std::string& text, const Integration& integration,
                          const ChainCatalog& catalog) {
  for (std::int64_t id : integration.allow_chains) {
    const ChainInfo* chain = catalog.FindChain(id);
    bool by_name = chain && chain->name.size() == text.size() &&
                   std::equal(text.begin(), text.end(), chain->name.begin(), [](char a, char b) {
                     return std::tolower(static_cast<unsigned char>(a)) ==
                            std::tolower(static_cast<unsigned char>(b));
                   });
    if (by_name || text == std::to_string(id)) return id;
  }
  ThrowInvalid("chains", "Chain {1} is not one this integration accepts.", text);
}

bool Wanted(const std::vector<std::string>& filter, const std::string& value) {
  return filter.empty() || std::find(filter.begin(), filter.end(), value) != filter.end();
}

}  // namespace

AskedTerms CheckV1IntentAsk(const V1IntentAsk& ask, const Integration& integration,
                            const ChainCatalog& catalog) {
  AskedTerms terms;
  // A price in a currency payd prices in (DECISIONS §14), or an amount of a token.
  const auto& covered = catalog.currencies();
  auto currency = FindCurrency(ask.currency);
  bool in_currency =
      currency && std::find(covered.begin(), covered.end(), ask.currency) != covered.end();
  if (!in_currency && !integration.AllowsToken(ask.currency)) {
    std::string list;
    for (const auto& c : covered) list += (list.empty() ? "" : ", ") + c;
    ThrowInvalid("currency",
                 "currency must be a currency payd prices in ({1}) or one of this integration's "
                 "tokens ({2} is neither).",
                 list, ask.currency);
  }
  terms.currency = ask.currency;

  std::vector<std::int64_t> chains;
  for (const auto& text : ask.chains) {
    std::int64_t id = AllowedChain(text, integration, catalog);
    if (std::find(chains.begin(), chains.end(), id) == chains.end()) chains.push_back(id);
  }
  for (const auto& symbol : ask.tokens) {
    if (!integration.AllowsToken(symbol))
      ThrowInvalid("tokens", "Token {1} is not one this integration accepts.", symbol);
  }
  if (!in_currency && !Wanted(ask.tokens, ask.currency)) {
    ThrowInvalid("tokens", "An amount in {1} is paid in {1}: tokens must include it.",
                 ask.currency);
  }

  // The payer's options, and the fewest and most decimals among them: a token
  // amount must be payable exactly, in at most 2^256-1 smallest units, on
  // every chain it may be paid on.
  unsigned decimals = in_currency ? currency->minor_units : kUsdFractionDigits;
  unsigned most_decimals = decimals;
  bool first = true;
  for (std::int64_t id : integration.allow_chains) {
    if (!chains.empty() && std::find(chains.begin(), chains.end(), id) == chains.end()) continue;
    const ChainInfo* chain = catalog.FindChain(id);
    if (!chain) continue;
    for (const TokenInfo* token : integration.TokensOn(*chain)) {
      if (!Wanted(ask.tokens, token->symbol)) continue;
      if (!in_currency && token->symbol != ask.currency) continue;
      terms.options.push_back({id, token->symbol});
      if (!in_currency) {
        decimals = first ? token->decimals : std::min(decimals, token->decimals);
        most_decimals = first ? token->decimals : std::max(most_decimals, token->decimals);
      }
      first = false;
    }
  }
  if (terms.options.empty()) {
    ThrowInvalid(ask.tokens.empty() ? "chains" : "tokens",
                 "No chain and token of this integration is left to pay with.");
  }

  const std::string& amount = ask.amount;
  if (!IsDecimalString(amount)) {
    ThrowInvalid("amount",
                 "amount must be a decimal number without sign or exponent, such as 25.00.");
  }
  if (FractionDigits(amount) > decimals) {
    ThrowInvalid("amount", "amount has more fraction digits than {1} has ({2}).", ask.currency,
                 std::to_string(decimals));
  }
  auto units = DecimalToUnits(amount, most_decimals);
  if (!units) ThrowInvalid("amount", "amount is beyond 2^256-1 smallest units.");
  if (*units == 0) ThrowInvalid("amount", "amount must be greater than 0.");
  terms.amount = amount;
  return terms;
}

}  // namespace payd::domain
