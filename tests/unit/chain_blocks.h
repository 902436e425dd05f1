// Block headers made up for tests that feed the ledger chain updates by hand
// (ledger_test.cpp, intent_cancel_test.cpp): a branch's blocks chain by their
// parent hashes, and a block of another branch forks from `parent_branch`.
#pragma once

#include <cstdint>
#include <string>

#include "base/time.h"
#include "domain/ledger/chain_state.h"

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

}  // namespace payd::testing
