// Decoding what Ethereum JSON-RPC nodes answer: the JSON-RPC envelope (single
// and batch replies) and the shapes payd reads out of results (block headers,
// ERC-20 Transfer logs, a full block's transactions, receipts). Pure functions
// over text and JSON values: nothing here talks to a node, so each can be
// tested and fuzzed alone. Call traces are decoded in traces.h.
//
// A null block or receipt is RpcError kNotReady, never "nothing there":
// providers serve blocks before their receipts are indexed, and backends behind
// a load balancer lag each other. Anything else that is not the shape asked for
// is kMalformed.
#pragma once

#include <boost/json/value.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/rpc_error.h"
#include "domain/ledger/chain_state.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

// The EVM allows 1,024 nested calls and a callTracer reply nests two JSON
// levels per call, so replies may be far deeper than Boost.JSON's default (32).
inline constexpr std::size_t kMaxReplyDepth = 4096;

// Parses a reply body (depth up to kMaxReplyDepth). Throws kMalformed.
boost::json::value ParseReply(std::string_view body);
// The "result" of one JSON-RPC answer; kRpc for an error object.
const boost::json::value& ResultOf(const boost::json::value& reply);
// The results of a batch whose request ids were first_id .. first_id+count-1,
// in request order, whatever order the node answered in.
std::vector<boost::json::value> BatchResults(const boost::json::value& reply, long first_id,
                                             std::size_t count);

// A hex quantity result (eth_blockNumber, eth_chainId).
std::uint64_t DecodeQuantity(const boost::json::value& result, const char* what);
domain::BlockHeader DecodeHeader(const boost::json::value& block);

// An ERC-20 Transfer of one of the chain's configured tokens with a non-zero
// amount; nothing for other logs (ERC-721's Transfer, other contracts, removed
// logs, zero amounts: anyone can emit those). `block_time` is left for the caller.
std::optional<domain::ObservedTransfer> DecodeTransferLog(const boost::json::value& log,
                                                          const domain::ChainInfo& chain);

struct TransactionValue {
  std::string hash;
  std::string from;  // EIP-55
  std::string to;    // EIP-55; empty for a contract creation
  domain::Uint256 value = 0;
};
struct FullBlock {
  domain::BlockHeader header;
  std::vector<TransactionValue> transactions;
};
FullBlock DecodeFullBlock(const boost::json::value& block);

// Whether a mined transaction succeeded (status 1); kNotReady for a null receipt.
bool DecodeReceiptSucceeded(const boost::json::value& receipt);

}  // namespace payd::chain
