// The root hash of Ethereum's Merkle Patricia trie over a block's list (its
// transactions or receipts, keyed by RLP(index)): how a header commits to
// them (transactionsRoot, receiptsRoot). Computing it from what a provider
// answers proves the answer whole, since one changed, missing or added item
// changes the root. Only the root is built, from the sorted keys, never a trie
// to query.
#pragma once

#include <string>
#include <vector>

namespace payd::chain {

// keccak256 of the trie holding items[i] (already encoded: a typed
// receipt's type byte and its RLP) under the key RLP(i). 32 raw bytes.
std::string OrderedTrieRoot(const std::vector<std::string>& items);

}  // namespace payd::chain
