// Ethereum's Recursive Length Prefix encoding (the yellow paper, appendix B),
// the form in which block headers, transactions and receipts are hashed: what
// payd needs to check a provider's answer against a block hash it trusts
// (chain/block_proof.h). Encoding only; payd never decodes RLP from a node.
// Byte strings are std::string holding raw bytes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace payd::chain {

// A byte string as an RLP item.
std::string RlpBytes(std::string_view bytes);
// A list whose items are already encoded (each an RlpBytes, RlpList or a raw
// node embedded in a trie node).
std::string RlpList(const std::vector<std::string>& encoded_items);

// "0x0a1b" -> the bytes {0x0a, 0x1b}; none unless "0x" and an even number of
// hex digits ("0x" alone is the empty string).
std::optional<std::string> HexBytes(std::string_view hex);
// A JSON-RPC quantity ("0x1a", "0x0") as RLP's big-endian integer bytes,
// without leading zeros (zero is the empty string); none if not a quantity
// of at most 256 bits.
std::optional<std::string> QuantityBytes(std::string_view quantity);

}  // namespace payd::chain
