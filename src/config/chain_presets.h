// payd's catalog of the EVM chains merchants use and their testnets, each
// with its stablecoins and the Chainlink feed that prices its native coin:
// an operator writes `chains = ["base", "arbitrum"]` and an RPC URL each
// instead of typing contract addresses by hand. Every address is copied from
// its issuer's own published list, named beside it (chain_presets.toml);
// tests/unit/chain_presets_test.cpp holds the catalog to its rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "domain/money/chain_catalog.h"

namespace payd::config {

struct ChainPreset {
  std::string key;          // as operators name it in `chains`: "base", "base-sepolia"
  domain::ChainInfo chain;  // without rpc_urls: the operator's own
  bool testnet = false;
  std::string pair;  // the testnet of a mainnet, or the mainnet of a testnet
  unsigned block_time_ms = 0;
  std::string why;  // the reason for the preset's confirmations
  // Public endpoints of different companies, to start `providers = [...]` from.
  struct SuggestedProvider {
    std::string url;
    std::string by;  // who runs it
  };
  std::vector<SuggestedProvider> suggested_providers;
};

// The whole catalog, in the order `payd chains` lists it; read once.
const std::vector<ChainPreset>& ChainPresets();
const ChainPreset* FindPreset(std::string_view key);
const ChainPreset* FindPresetById(std::int64_t id);

// The catalog as TOML: one [[preset]] per chain, in [[chains]]'s own format
// plus the keys above (chain_presets.toml).
std::string_view ChainPresetsToml();

}  // namespace payd::config
