#include "domain/money/address.h"

#include <algorithm>
#include <cctype>

#include "base/crypto.h"
#include "base/strings.h"

namespace payd::domain {

std::string ChecksumAddress(std::string_view hex40) {
  std::string lower = base::AsciiLower(hex40);
  std::string hash = base::HexEncode(base::Keccak256(lower));
  std::string out = "0x";
  for (std::size_t i = 0; i < lower.size(); ++i) {
    char c = lower[i];
    bool upper = std::isalpha(static_cast<unsigned char>(c)) && hash[i] >= '8';
    out.push_back(upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
  }
  return out;
}

std::optional<std::string> ParseAddress(std::string_view text) {
  if (text.size() != 42 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    return std::nullopt;
  }
  std::string_view hex = text.substr(2);
  if (!std::all_of(hex.begin(), hex.end(), [](unsigned char c) { return std::isxdigit(c) != 0; })) {
    return std::nullopt;
  }
  bool has_lower =
      std::any_of(hex.begin(), hex.end(), [](unsigned char c) { return std::islower(c); });
  bool has_upper =
      std::any_of(hex.begin(), hex.end(), [](unsigned char c) { return std::isupper(c); });
  std::string checksummed = ChecksumAddress(hex);
  if (has_lower && has_upper && checksummed.substr(2) != hex) return std::nullopt;
  return checksummed;
}

}  // namespace payd::domain
