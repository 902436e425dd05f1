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
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

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

// Whether `headers` (consecutive, lowest first, as one provider returned
// them) are the chain that ends in `agreed_hash` (the hash a quorum of
// providers returned for the last one's number): each hashes to the hash the
// one above names as its parent, the last to `agreed_hash`. Proving the top
// one by quorum proves every header under it. The index of the highest header
// that fails (everything below it is unproven too), or none when all hold.
std::optional<std::size_t> FirstUnprovenHeader(const std::vector<boost::json::object>& headers,
                                               const std::string& agreed_hash);

}  // namespace payd::chain
