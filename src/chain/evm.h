// Ethereum JSON-RPC encodings: hex quantities, 32-byte words, address topics
// and the ERC-20 Transfer event. Pure functions; nothing here talks to a node.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domain/money/amount.h"

namespace payd::chain {

// keccak256("Transfer(address,address,uint256)")
inline constexpr std::string_view kTransferTopic =
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

// "0x1a" -> 26. Nothing for malformed text or values over 2^64-1.
std::optional<std::uint64_t> ParseQuantity(std::string_view hex);
std::string ToQuantity(std::uint64_t value);
// A 0x-prefixed hex string of at most 64 digits -> its value.
std::optional<domain::Uint256> ParseWord(std::string_view hex);
std::string ToQuantity(const domain::Uint256& value);

// An address as a 32-byte topic ("0x000...<40 hex, lowercase>").
std::string AddressTopic(std::string_view address);
// The address in a 32-byte topic, EIP-55 checksummed; nothing if not one.
std::optional<std::string> AddressFromTopic(std::string_view topic);
std::string LowerHex(std::string_view text);
// A 0x-prefixed 20-byte address in any case -> EIP-55; nothing if not one.
std::optional<std::string> ChecksummedAddress(std::string_view hex);
// A node's string field ("0x1a", an address, a hash); empty if absent or not a string.
std::string Str(const boost::json::object& o, const char* key);

}  // namespace payd::chain
