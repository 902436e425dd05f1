#include "domain/money/amount.h"

#include <algorithm>
#include <limits>

namespace payd::domain {

namespace {

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

const boost::multiprecision::cpp_int& MaxUint256() {
  static const boost::multiprecision::cpp_int max((std::numeric_limits<Uint256>::max)());
  return max;
}

bool IsDecimalString(std::string_view text) {
  auto dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  if (!AllDigits(whole) || (whole.size() > 1 && whole[0] == '0')) return false;
  if (dot == std::string_view::npos) return true;
  return AllDigits(text.substr(dot + 1));
}

std::size_t FractionDigits(std::string_view decimal) {
  auto dot = decimal.find('.');
  return dot == std::string_view::npos ? 0 : decimal.size() - dot - 1;
}

std::optional<Uint256> DecimalToUnits(std::string_view decimal, unsigned decimals) {
  if (!IsDecimalString(decimal) || FractionDigits(decimal) > decimals) return std::nullopt;
  auto dot = decimal.find('.');
  std::string digits(decimal.substr(0, dot));
  if (dot != std::string_view::npos) digits += decimal.substr(dot + 1);
  digits.append(decimals - FractionDigits(decimal), '0');
  auto first = digits.find_first_not_of('0');
  return ParseUnits(first == std::string::npos ? "0" : std::string_view(digits).substr(first));
}

std::string UnitsToDecimal(const Uint256& units, unsigned decimals) {
  std::string digits = units.str();
  if (decimals == 0) return digits;
  if (digits.size() <= decimals) digits.insert(0, decimals - digits.size() + 1, '0');
  std::string whole = digits.substr(0, digits.size() - decimals);
  std::string fraction = digits.substr(digits.size() - decimals);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? whole : whole + "." + fraction;
}

std::optional<Uint256> ParseUnits(std::string_view text) {
  if (!AllDigits(text) || (text.size() > 1 && text[0] == '0') || text.size() > 78) {
    return std::nullopt;
  }
  Uint256 value = 0;
  try {
    for (char c : text) value = value * 10 + unsigned(c - '0');
  } catch (const std::overflow_error&) {
    return std::nullopt;
  }
  return value;
}

std::string FormatUnits(const Uint256& units) {
  return units.str();
}

int CompareDecimals(std::string_view a, std::string_view b) {
  auto split = [](std::string_view s) {
    auto dot = s.find('.');
    return std::pair{s.substr(0, dot),
                     dot == std::string_view::npos ? std::string_view{} : s.substr(dot + 1)};
  };
  auto [aw, af] = split(a);
  auto [bw, bf] = split(b);
  if (aw.size() != bw.size()) return aw.size() < bw.size() ? -1 : 1;
  if (int c = aw.compare(bw); c != 0) return c < 0 ? -1 : 1;
  std::string fa(af), fb(bf);
  std::size_t n = std::max(fa.size(), fb.size());
  fa.resize(n, '0');
  fb.resize(n, '0');
  int c = fa.compare(fb);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

}  // namespace payd::domain
