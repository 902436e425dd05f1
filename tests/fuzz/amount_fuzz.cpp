// Fuzz target: decimal and smallest-unit amounts (domain/money/amount.h).
//
// Input: three lines, "<text a>\n<text b>\n<decimals>". `a` and `b` are read as
// decimal strings and as unit strings; the bytes of `b` are also taken as a
// big-endian 256-bit number; `decimals` is taken modulo 78.
//
// Properties: the decimal grammar of DECISIONS §4 (checked against a separate
// automaton); decimal -> units -> decimal -> units gives back the same units
// and a value-equal decimal without trailing zeros; a decimal is refused only
// when it is malformed, too precise, or above 2^256-1; unit strings round trip
// exactly; CompareDecimals agrees with the integer order and is antisymmetric.
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/money/amount.h"
#include "fuzz_check.h"

namespace {

using payd::domain::Uint256;
namespace domain = payd::domain;

// ^(0|[1-9][0-9]*)(\.[0-9]+)?$ as an automaton, independent of IsDecimalString.
bool MatchesDecimalGrammar(std::string_view s) {
  enum { kStart, kZero, kWhole, kDot, kFraction, kReject } state = kStart;
  for (char c : s) {
    bool digit = c >= '0' && c <= '9';
    switch (state) {
      case kStart:
        state = c == '0' ? kZero : digit ? kWhole : kReject;
        break;
      case kZero:
        state = c == '.' ? kDot : kReject;
        break;
      case kWhole:
        state = digit ? kWhole : c == '.' ? kDot : kReject;
        break;
      case kDot:
      case kFraction:
        state = digit ? kFraction : kReject;
        break;
      case kReject:
        return false;
    }
  }
  return state == kZero || state == kWhole || state == kFraction;
}

bool IsCanonicalUnits(std::string_view s) {
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

int Sign(const Uint256& x, const Uint256& y) {
  return x < y ? -1 : (x > y ? 1 : 0);
}

const Uint256 kMax = ~Uint256(0);
const std::string kMaxText = domain::FormatUnits(kMax);

void CheckDecimal(std::string_view a, unsigned decimals) {
  std::string ctx = "decimal '" + std::string(a) + "' decimals " + std::to_string(decimals);
  bool grammatical = MatchesDecimalGrammar(a);
  FUZZ_REQUIRE(domain::IsDecimalString(a) == grammatical, ctx);
  auto units = domain::DecimalToUnits(a, decimals);
  if (!grammatical || domain::FractionDigits(a) > decimals) {
    FUZZ_REQUIRE(!units, ctx);
    return;
  }
  FUZZ_REQUIRE(domain::CompareDecimals(a, a) == 0, ctx);
  // Refused only above 2^256-1 (in smallest units).
  int vs_max = domain::CompareDecimals(a, domain::UnitsToDecimal(kMax, decimals));
  FUZZ_REQUIRE(units.has_value() == (vs_max <= 0), ctx);
  if (!units) return;

  std::string canonical = domain::UnitsToDecimal(*units, decimals);
  ctx += " canonical '" + canonical + "'";
  FUZZ_REQUIRE(domain::IsDecimalString(canonical), ctx);
  FUZZ_REQUIRE(canonical.back() != '.' &&
                   !(domain::FractionDigits(canonical) > 0 && canonical.back() == '0'),
               ctx);
  FUZZ_REQUIRE(domain::FractionDigits(canonical) <= decimals, ctx);
  FUZZ_REQUIRE(domain::CompareDecimals(a, canonical) == 0, ctx);
  FUZZ_REQUIRE(domain::CompareDecimals(canonical, a) == 0, ctx);
  auto again = domain::DecimalToUnits(canonical, decimals);
  FUZZ_REQUIRE(again && *again == *units, ctx);
}

void CheckUnitsText(std::string_view text) {
  std::string ctx = "units '" + std::string(text) + "'";
  auto parsed = domain::ParseUnits(text);
  if (!IsCanonicalUnits(text)) {
    FUZZ_REQUIRE(!parsed, ctx);
    return;
  }
  bool fits = text.size() < kMaxText.size() || (text.size() == kMaxText.size() && text <= kMaxText);
  FUZZ_REQUIRE(parsed.has_value() == fits, ctx);
  if (parsed) FUZZ_REQUIRE(domain::FormatUnits(*parsed) == text, ctx);
}

void CheckCompare(std::string_view a, std::string_view b) {
  if (!domain::IsDecimalString(a) || !domain::IsDecimalString(b)) return;
  std::string ctx = "compare '" + std::string(a) + "' '" + std::string(b) + "'";
  int ab = domain::CompareDecimals(a, b);
  FUZZ_REQUIRE(ab >= -1 && ab <= 1, ctx);
  FUZZ_REQUIRE(domain::CompareDecimals(b, a) == -ab, ctx);
  std::size_t digits = std::max(domain::FractionDigits(a), domain::FractionDigits(b));
  if (digits > 77) return;
  auto ua = domain::DecimalToUnits(a, static_cast<unsigned>(digits));
  auto ub = domain::DecimalToUnits(b, static_cast<unsigned>(digits));
  if (ua && ub) FUZZ_REQUIRE(ab == Sign(*ua, *ub), ctx);
}

void CheckUnitsValue(std::string_view bytes, unsigned decimals) {
  Uint256 x = 0;
  for (std::size_t i = 0; i < bytes.size() && i < 32; ++i) {
    x = (x << 8) | static_cast<unsigned char>(bytes[i]);
  }
  std::string text = domain::FormatUnits(x);
  std::string ctx = "value " + text + " decimals " + std::to_string(decimals);
  auto parsed = domain::ParseUnits(text);
  FUZZ_REQUIRE(parsed && *parsed == x, ctx);
  std::string decimal = domain::UnitsToDecimal(x, decimals);
  ctx += " decimal " + decimal;
  FUZZ_REQUIRE(domain::IsDecimalString(decimal), ctx);
  auto back = domain::DecimalToUnits(decimal, decimals);
  FUZZ_REQUIRE(back && *back == x, ctx);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto first = input.find('\n');
  std::string_view a = input.substr(0, first);
  std::string_view rest = first == std::string_view::npos ? "" : input.substr(first + 1);
  auto second = rest.find('\n');
  std::string_view b = rest.substr(0, second);
  std::string_view tail = second == std::string_view::npos ? "" : rest.substr(second + 1);
  unsigned decimals = 0;
  for (char c : tail.substr(0, 4)) {
    if (c >= '0' && c <= '9') decimals = decimals * 10 + unsigned(c - '0');
  }
  decimals %= 78;

  CheckDecimal(a, decimals);
  CheckDecimal(b, decimals);
  CheckUnitsText(a);
  CheckUnitsText(b);
  CheckCompare(a, b);
  CheckUnitsValue(b, decimals);
  return 0;
}
