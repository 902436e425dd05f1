// Value moved by contracts inside transactions ("internal" transfers), read
// from either trace format a node may offer:
//   - Geth's debug_traceBlockByNumber with callTracer (Geth, Reth, anvil):
//     one nested call tree per transaction;
//   - OpenEthereum's trace_block (Erigon, Nethermind, anvil): a flat list of
//     frames, each placed in its tree by `traceAddress`.
// Both are turned into the same call tree and walked the same way, so one
// transfer gets the same position (and so the same payment identity) whichever
// method the node answered.
#pragma once

#include <boost/json/value.hpp>
#include <string>
#include <vector>

#include "domain/money/amount.h"

namespace payd::chain {

struct InternalTransfer {
  std::string tx_hash;
  int position = 0;  // the frame's place in its transaction's call tree
  std::string from;  // lowercase hex as the node wrote it
  std::string to;
  domain::Uint256 value;
};

// Calls and creations below a transaction's top level that moved a non-zero
// value and were not undone: a failed frame reverts its whole subtree.
std::vector<InternalTransfer> FromCallTracer(const boost::json::value& result);
std::vector<InternalTransfer> FromTraceBlock(const boost::json::value& result);

}  // namespace payd::chain
