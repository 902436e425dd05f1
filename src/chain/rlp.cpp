#include "chain/rlp.h"

#include "base/crypto.h"

namespace payd::chain {

namespace {

// RLP's prefix for a payload of `length` bytes: `short_base` + length up to 55,
// else `long_base` + the length's own byte count, then the length big-endian.
std::string Prefix(std::size_t length, unsigned char short_base, unsigned char long_base) {
  if (length <= 55) return std::string(1, static_cast<char>(short_base + length));
  std::string digits;
  for (std::size_t n = length; n > 0; n >>= 8)
    digits.insert(digits.begin(), static_cast<char>(n & 0xff));
  return static_cast<char>(long_base + digits.size()) + digits;
}

}  // namespace

std::string RlpBytes(std::string_view bytes) {
  if (bytes.size() == 1 && static_cast<unsigned char>(bytes[0]) < 0x80) return std::string(bytes);
  return Prefix(bytes.size(), 0x80, 0xb7) + std::string(bytes);
}

std::string RlpList(const std::vector<std::string>& encoded_items) {
  std::size_t length = 0;
  for (const auto& item : encoded_items) length += item.size();
  std::string out = Prefix(length, 0xc0, 0xf7);
  out.reserve(out.size() + length);
  for (const auto& item : encoded_items) out += item;
  return out;
}

std::optional<std::string> HexBytes(std::string_view hex) {
  if (hex.size() < 2 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X')) return std::nullopt;
  return base::HexDecode(hex.substr(2));
}

std::optional<std::string> QuantityBytes(std::string_view quantity) {
  if (quantity.size() < 3 || quantity[0] != '0' || quantity[1] != 'x') return std::nullopt;
  std::string_view digits = quantity.substr(2);
  while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
  if (digits.size() > 64) return std::nullopt;
  if (digits == "0") return std::string();
  std::string padded = (digits.size() % 2 ? "0x0" : "0x") + std::string(digits);
  return HexBytes(padded);
}

}  // namespace payd::chain
