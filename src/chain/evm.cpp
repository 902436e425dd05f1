#include "chain/evm.h"

#include <charconv>

#include "base/strings.h"
#include "domain/money/address.h"

namespace payd::chain {

namespace {

bool IsHexDigits(std::string_view s) {
  for (char c : s) {
    bool digit = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!digit) return false;
  }
  return true;
}

std::optional<std::string_view> HexBody(std::string_view hex) {
  if (hex.size() < 3 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X')) return std::nullopt;
  std::string_view body = hex.substr(2);
  if (!IsHexDigits(body)) return std::nullopt;
  return body;
}

}  // namespace

std::optional<std::uint64_t> ParseQuantity(std::string_view hex) {
  auto body = HexBody(hex);
  if (!body || body->size() > 16) return std::nullopt;
  std::uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(body->data(), body->data() + body->size(), value, 16);
  if (ec != std::errc{} || ptr != body->data() + body->size()) return std::nullopt;
  return value;
}

std::string ToQuantity(std::uint64_t value) {
  char buf[20];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value, 16);
  return "0x" + std::string(buf, ptr);
}

std::optional<domain::Uint256> ParseWord(std::string_view hex) {
  auto body = HexBody(hex);
  if (!body || body->size() > 64) return std::nullopt;
  // Sixteen digits at a time: a 256-bit shift per digit cost a catch-up 6%
  // of its time (three words per log).
  domain::Uint256 value = 0;
  std::string_view rest = *body;
  while (!rest.empty()) {
    std::size_t take = rest.size() % 16 == 0 ? 16 : rest.size() % 16;
    std::uint64_t limb = 0;
    std::from_chars(rest.data(), rest.data() + take, limb, 16);  // digits checked by HexBody
    value = (value << (4 * take)) | limb;
    rest.remove_prefix(take);
  }
  return value;
}

std::string ToQuantity(const domain::Uint256& value) {
  if (value == 0) return "0x0";
  std::string out;
  domain::Uint256 v = value;
  while (v != 0) {
    unsigned digit = static_cast<unsigned>(v & 0xf);
    out.push_back("0123456789abcdef"[digit]);
    v >>= 4;
  }
  return "0x" + std::string(out.rbegin(), out.rend());
}

std::string LowerHex(std::string_view text) {
  return base::AsciiLower(text);
}

std::optional<std::string> ChecksummedAddress(std::string_view hex) {
  if (hex.size() != 42) return std::nullopt;
  return domain::ParseAddress(LowerHex(hex));
}

std::string AddressTopic(std::string_view address) {
  return "0x000000000000000000000000" + LowerHex(address.substr(2));
}

std::optional<std::string> AddressFromTopic(std::string_view topic) {
  auto body = HexBody(topic);
  if (!body || body->size() != 64 || body->substr(0, 24) != std::string(24, '0')) {
    return std::nullopt;
  }
  return domain::ChecksumAddress(body->substr(24));
}

std::string Str(const boost::json::object& o, const char* key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

}  // namespace payd::chain
