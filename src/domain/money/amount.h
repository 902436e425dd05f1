// Money without floating point. Decimal amounts travel as strings
// ("12.50"); on chain they are unsigned 256-bit integers of a token's
// smallest unit. These functions convert between the two, exactly.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace payd::domain {

// Checked: arithmetic that leaves [0, 2^256-1] throws instead of wrapping.
using Uint256 = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    256, 256, boost::multiprecision::unsigned_magnitude, boost::multiprecision::checked, void>>;

// 2^256-1 as an unbounded integer: the bound for arithmetic done in cpp_int before
// it becomes a Uint256. Built from Uint256's own maximum, not by shifting a cpp_int:
// GCC 12 at -O1 under ASan warns (-Wmaybe-uninitialized) inside the shift's inlined
// limb copy.
const boost::multiprecision::cpp_int& MaxUint256();

// True for strings matching ^(0|[1-9][0-9]*)(\.[0-9]+)?$.
bool IsDecimalString(std::string_view text);
std::size_t FractionDigits(std::string_view decimal);

// "12.5" with 6 decimals -> 12500000. Nothing if the text is not a decimal
// string, has more fraction digits than `decimals`, or exceeds 2^256-1.
std::optional<Uint256> DecimalToUnits(std::string_view decimal, unsigned decimals);
// 12500000 with 6 decimals -> "12.5" (no trailing zeros, no trailing point).
std::string UnitsToDecimal(const Uint256& units, unsigned decimals);
// A base-10 integer string without sign or leading zeros, up to 2^256-1.
std::optional<Uint256> ParseUnits(std::string_view text);
std::string FormatUnits(const Uint256& units);

// Compares two decimal strings by value; both must satisfy IsDecimalString.
int CompareDecimals(std::string_view a, std::string_view b);

}  // namespace payd::domain
