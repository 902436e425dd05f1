// EVM addresses and their EIP-55 mixed-case checksum.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace payd::domain {

// Accepts "0x" + 40 hex digits. All-lowercase and all-uppercase forms carry no
// checksum and are accepted; a mixed-case form must match its EIP-55 checksum.
// Returns the checksummed form.
std::optional<std::string> ParseAddress(std::string_view text);
// EIP-55 form of an address given as 40 hex digits (any case), with "0x".
std::string ChecksumAddress(std::string_view hex40);

}  // namespace payd::domain
