// ASCII string helpers for protocol text (header values, schemes, host
// names, symbols). Not for user-facing text: they know nothing of Unicode.
#pragma once

#include <string>
#include <string_view>

namespace payd::base {

std::string AsciiLower(std::string_view text);
bool EqualsIgnoreCase(std::string_view a, std::string_view b);
// Without leading and trailing spaces and tabs.
std::string_view TrimBlanks(std::string_view text);

}  // namespace payd::base
