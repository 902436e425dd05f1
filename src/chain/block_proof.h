// Checks a provider's answer against what a block's hash commits to, so that
// one provider's word is enough once the hash is agreed (issue 41): a header
// is the one whose RLP hashes to the agreed block hash, and a block's receipts
// (and so its logs) are the ones whose trie root is that header's
// receiptsRoot. An answer that does not hash right was altered, cut or made up.
//
// Pure functions over the JSON a node returns (eth_getBlockByNumber,
// eth_getBlockReceipts); none when a field the hash needs is missing or malformed.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>

namespace payd::chain {

// "0x" and 64 lowercase hex digits: keccak256 of the header's RLP, its fields
// in the yellow paper's order and, when present, those later forks added
// (baseFeePerGas, withdrawalsRoot, blobGasUsed, excessBlobGas,
// parentBeaconBlockRoot, requestsHash).
std::optional<std::string> HeaderHash(const boost::json::object& header);

// The same form: the root of the trie of the block's receipts, in
// transaction order (each a typed receipt's type byte and the RLP of status,
// cumulative gas used, logs bloom and logs).
std::optional<std::string> ReceiptsRoot(const boost::json::array& receipts);

}  // namespace payd::chain
