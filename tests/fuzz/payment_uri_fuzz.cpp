// Fuzz target: the EIP-681 payment URIs of an intent (domain::PaymentUri,
// domain::CompatiblePaymentUri) and the EIP-55 addresses in them (domain/money/address.h).
//
// Input: bytes taken in order: 20 for the recipient, one flag byte (odd: the
// native coin), 20 for the token, 8 for the chain id (made positive, as config
// requires), up to 32 for the amount (big-endian); whatever follows is also
// offered to ParseAddress as text.
//
// Properties: the URI parses back, with a strict EIP-681 reader written here,
// to the same recipient, chain, token and amount, with checksummed addresses;
// the compatible URI says the same amount in scientific notation and as a
// decimal of whole tokens (decimals from the chain bytes), never `value` beside a token;
// an address parses from its lowercase, uppercase and checksummed forms to the
// checksummed form, and flipping the case of one letter of the checksummed
// form is refused; any text ParseAddress accepts is that address in another case.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/strings.h"
#include "domain/intents/payment_uri.h"
#include "domain/money/address.h"
#include "fuzz_check.h"

namespace {

namespace domain = payd::domain;
using domain::Uint256;

// EIP-681's scientific notation back to an integer: "2.5000137e7" -> 25000137.
// Only the exact forms: the fraction must fit within the exponent.
std::optional<Uint256> ReadScientific(std::string_view text) {
  auto e = text.find('e');
  if (e == std::string_view::npos) return domain::ParseUnits(text);
  std::string_view mantissa = text.substr(0, e);
  auto exponent = domain::ParseUnits(text.substr(e + 1));
  if (!exponent || *exponent > 100) return std::nullopt;
  std::string digits(mantissa.substr(0, mantissa.find('.')));
  std::size_t fraction = 0;
  if (auto dot = mantissa.find('.'); dot != std::string_view::npos) {
    fraction = mantissa.size() - dot - 1;
    digits += mantissa.substr(dot + 1);
  }
  std::size_t zeros = static_cast<std::size_t>(*exponent);
  if (zeros < fraction) return std::nullopt;
  digits.append(zeros - fraction, '0');
  return domain::ParseUnits(digits);
}

std::string Hex40(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < 20; ++i) {
    unsigned char b = i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0;
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xf]);
  }
  return out;
}

bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

struct Eip681 {
  std::string target;
  std::string chain;
  std::string function;  // empty without one
  std::vector<std::pair<std::string, std::string>> params;
};

// ethereum:<address>[@<chain digits>][/<function>][?k=v(&k=v)*], strictly.
std::optional<Eip681> ReadEip681(std::string_view uri) {
  constexpr std::string_view kScheme = "ethereum:";
  if (!uri.starts_with(kScheme)) return std::nullopt;
  uri.remove_prefix(kScheme.size());
  Eip681 out;
  std::size_t end = uri.find_first_of("@/?");
  out.target = std::string(uri.substr(0, end));
  uri = end == std::string_view::npos ? "" : uri.substr(end);
  if (uri.starts_with("@")) {
    end = uri.find_first_of("/?");
    out.chain = std::string(uri.substr(1, end == std::string_view::npos ? end : end - 1));
    if (!AllDigits(out.chain) || out.chain[0] == '0') return std::nullopt;
    uri = end == std::string_view::npos ? "" : uri.substr(end);
  }
  if (uri.starts_with("/")) {
    end = uri.find('?');
    out.function = std::string(uri.substr(1, end == std::string_view::npos ? end : end - 1));
    if (out.function.empty()) return std::nullopt;
    uri = end == std::string_view::npos ? "" : uri.substr(end);
  }
  if (uri.starts_with("?")) {
    uri.remove_prefix(1);
    while (true) {
      std::size_t amp = uri.find('&');
      std::string_view pair = uri.substr(0, amp);
      std::size_t eq = pair.find('=');
      if (eq == std::string_view::npos || eq == 0 || eq + 1 == pair.size()) return std::nullopt;
      out.params.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
      if (amp == std::string_view::npos) break;
      uri.remove_prefix(amp + 1);
    }
  } else if (!uri.empty()) {
    return std::nullopt;
  }
  return out;
}

void CheckAddress(const std::string& hex40) {
  std::string checksummed = domain::ChecksumAddress(hex40);
  std::string ctx = "address " + checksummed;
  FUZZ_REQUIRE(checksummed.size() == 42 && payd::base::AsciiLower(checksummed) == "0x" + hex40,
               ctx);
  std::string upper = hex40;
  for (char& c : upper)
    if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
  for (const std::string& form : {"0x" + hex40, "0x" + upper, checksummed, "0X" + hex40}) {
    auto parsed = domain::ParseAddress(form);
    FUZZ_REQUIRE(parsed && *parsed == checksummed, ctx + " from " + form);
  }
  // One letter's case flipped: a typo the checksum exists to catch, unless
  // the result carries no checksum at all (every letter one case).
  for (std::size_t i = 2; i < checksummed.size(); ++i) {
    char c = checksummed[i];
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    std::string flipped = checksummed;
    flipped[i] = static_cast<char>(c ^ 0x20);
    std::string body = flipped.substr(2);
    bool one_case = payd::base::AsciiLower(body) == body || body == upper;
    if (!one_case) FUZZ_REQUIRE(!domain::ParseAddress(flipped), ctx + " flipped " + flipped);
  }
}

void CheckAddressText(std::string_view text) {
  auto parsed = domain::ParseAddress(text);
  if (!parsed) return;
  std::string ctx = "text '" + std::string(text) + "' parsed " + *parsed;
  FUZZ_REQUIRE(payd::base::AsciiLower(*parsed) == payd::base::AsciiLower(text), ctx);
  FUZZ_REQUIRE(*parsed == domain::ChecksumAddress(payd::base::AsciiLower(text.substr(2))), ctx);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto take = [&input](std::size_t n) {
    std::string_view out = input.substr(0, std::min(n, input.size()));
    input.remove_prefix(out.size());
    return out;
  };
  std::string recipient_hex = Hex40(take(20));
  std::string_view flag = take(1);
  bool native = !flag.empty() && (flag[0] & 1);
  std::string token_hex = Hex40(take(20));
  std::uint64_t chain_bits = 0;
  for (char c : take(8)) chain_bits = (chain_bits << 8) | static_cast<unsigned char>(c);
  std::int64_t chain_id = static_cast<std::int64_t>(chain_bits & INT64_MAX);
  if (chain_id == 0) chain_id = 1;
  Uint256 amount = 0;
  for (char c : take(32)) amount = (amount << 8) | static_cast<unsigned char>(c);

  CheckAddress(recipient_hex);
  CheckAddress(token_hex);
  CheckAddressText(input);

  domain::PaymentIntent intent;
  intent.chain_id = chain_id;
  intent.recipient = domain::ChecksumAddress(recipient_hex);
  if (!native) intent.token_address = domain::ChecksumAddress(token_hex);
  intent.amount = amount;
  intent.decimals = static_cast<unsigned>(chain_bits % 37);
  std::string uri = domain::PaymentUri(intent);
  std::string ctx = "uri " + uri;

  auto read = ReadEip681(uri);
  FUZZ_REQUIRE(read.has_value(), ctx);
  FUZZ_REQUIRE(read->chain == std::to_string(chain_id), ctx);
  auto target = domain::ParseAddress(read->target);
  FUZZ_REQUIRE(target && *target == read->target, ctx);  // checksummed as written
  auto param = [&](std::string_view key) -> std::optional<std::string> {
    for (const auto& [k, v] : read->params)
      if (k == key) return v;
    return std::nullopt;
  };
  if (native) {
    FUZZ_REQUIRE(*target == intent.recipient && read->function.empty(), ctx);
    FUZZ_REQUIRE(read->params.size() == 1, ctx);
    auto value = param("value");
    auto units = value ? domain::ParseUnits(*value) : std::nullopt;
    FUZZ_REQUIRE(units && *units == amount, ctx);
  } else {
    FUZZ_REQUIRE(*target == *intent.token_address && read->function == "transfer", ctx);
    FUZZ_REQUIRE(read->params.size() == 2, ctx);
    auto address = param("address");
    auto to = address ? domain::ParseAddress(*address) : std::nullopt;
    FUZZ_REQUIRE(to && *to == intent.recipient && *address == intent.recipient, ctx);
    auto value = param("uint256");
    auto units = value ? domain::ParseUnits(*value) : std::nullopt;
    FUZZ_REQUIRE(units && *units == amount, ctx);
  }

  std::string compatible = domain::CompatiblePaymentUri(intent);
  ctx = "compatible uri " + compatible;
  auto wide = ReadEip681(compatible);
  FUZZ_REQUIRE(wide && wide->target == read->target && wide->function == read->function, ctx);
  std::optional<std::string> scientific, decimal, value_param;
  for (const auto& [k, v] : wide->params) {
    if (k == (native ? "value" : "uint256")) scientific = v;
    if (k == "amount") decimal = v;
    if (k == "value") value_param = v;
  }
  FUZZ_REQUIRE(native || !value_param, ctx);  // a token transfer never carries value
  auto scientific_units = scientific ? ReadScientific(*scientific) : std::nullopt;
  FUZZ_REQUIRE(scientific_units && *scientific_units == amount, ctx);
  FUZZ_REQUIRE(decimal && *decimal == domain::UnitsToDecimal(amount, intent.decimals), ctx);
  return 0;
}
