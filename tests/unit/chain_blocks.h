// Block headers made up for tests that feed the ledger chain updates by hand
// (ledger_test.cpp, intent_cancel_test.cpp): a branch's blocks chain by their
// parent hashes, and a block of another branch forks from `parent_branch`.
// And the local chain of the recorded anvil blocks, for tests that decode
// what a node answers (rpc_decode_test.cpp, proven_transfers_test.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "base/time.h"
#include "domain/ledger/chain_state.h"
#include "domain/money/chain_catalog.h"

namespace payd::testing {

// A 32-byte hex hash drawn from `label`: equal labels, equal hashes.
inline std::string Hash(const std::string& label) {
  std::string h = "0x";
  for (char c : label) h += "0123456789abcdef"[static_cast<unsigned char>(c) % 16];
  return h + std::string(66 - h.size(), '0');
}

inline domain::BlockHeader Block(std::int64_t number, const std::string& branch, base::TimeMs time,
                                 const std::string& parent_branch = "") {
  std::string parent = parent_branch.empty() ? branch : parent_branch;
  return {number, Hash(branch + std::to_string(number)),
          number == 0 ? Hash("genesis") : Hash(parent + std::to_string(number - 1)), time};
}

// Chain 31337 with ETH and a 6-decimal USDC where anvil's first contract
// deploys (the e2e chain's and data/anvil_blocks.json's).
inline constexpr const char* kLocalUsdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
inline domain::ChainInfo LocalnetWithUsdc() {
  domain::ChainInfo chain;
  chain.id = 31337;
  chain.native.symbol = "ETH";
  domain::TokenInfo usdc;
  usdc.symbol = "USDC";
  usdc.address = kLocalUsdc;
  usdc.decimals = 6;
  chain.tokens.push_back(usdc);
  return chain;
}

}  // namespace payd::testing
