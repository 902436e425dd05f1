// The integration and chains that what POST /v1/payment_intents may ask is
// checked against, in the unit table (data/v1_intent_terms.tsv) and the fuzz
// target alike: chains 31337 (Localnet: ETH 18 decimals, USDC 6) and 56 (BNB
// Chain: USDC with 18 decimals, as on the real chain), tokens USDC and ETH.
#pragma once

#include <optional>
#include <string>

#include "domain/integration.h"
#include "domain/money/chain_catalog.h"

namespace payd::testing::v1_terms {

inline domain::TokenInfo Token(const char* symbol, std::optional<std::string> address,
                               unsigned decimals) {
  domain::TokenInfo t;
  t.symbol = symbol;
  t.name = symbol;
  t.address = std::move(address);
  t.decimals = decimals;
  return t;
}

inline domain::ChainCatalog Catalog() {
  domain::ChainInfo local;
  local.id = 31337;
  local.name = "Localnet";
  local.native = Token("ETH", std::nullopt, 18);
  local.tokens = {Token("USDC", "0x5FbDB2315678afecb367f032d93F642f64180aa3", 6)};
  domain::ChainInfo bnb;
  bnb.id = 56;
  bnb.name = "BNB Chain";
  bnb.native = Token("BNB", std::nullopt, 18);
  bnb.tokens = {Token("USDC", "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", 18)};
  return domain::ChainCatalog({local, bnb});
}

inline domain::Integration TheIntegration() {
  domain::Integration i;
  i.id = "int_a";
  i.allow_chains = {31337, 56};
  i.allow_tokens = {"USDC", "ETH"};
  return i;
}

}  // namespace payd::testing::v1_terms
