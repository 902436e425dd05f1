// How far short of its price a transfer may fall and still be explained by
// an intent it nearly fits (DECISIONS §17): an integration's underpayment
// tolerance, a percentage of the price or a fixed amount in the price's
// currency (in the token's own units for an intent priced in the token).
// Exchanges that deduct their withdrawal fee from the amount sent are the
// case it is for. None (the default) means the price exactly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/money/amount.h"

namespace payd::domain {

struct PaymentIntent;

struct UnderpaymentTolerance {
  enum class Kind { kNone, kPercent, kAmount };
  Kind kind = Kind::kNone;
  std::string value;  // a canonical decimal string; empty for kNone

  bool operator==(const UnderpaymentTolerance&) const = default;
};

// Percentages above this are refused: a tolerance is for fees, not discounts.
inline constexpr std::string_view kMaxTolerancePercent = "10";

// Checked forms: a decimal percentage in (0, 10] with at most 4 fraction
// digits, or a decimal amount above zero with at most 18. Throw domain::Error
// (invalid, naming `field`) otherwise.
UnderpaymentTolerance PercentTolerance(std::string_view value, const std::string& field);
UnderpaymentTolerance AmountTolerance(std::string_view value, const std::string& field);

// As a person types it (the dashboard, the CLI): "1.5%" (of the price), "0.50"
// (in the price's currency), or "" / "none" for none. Errors name `field`.
UnderpaymentTolerance ParseToleranceInput(std::string_view text, const std::string& field);
// And back: "1.5%", "0.50" or "".
std::string ToleranceInputText(const UnderpaymentTolerance& tolerance);

// The stored form, "percent:1.5" / "amount:0.50" / "" (none), and back.
std::string ToleranceText(const UnderpaymentTolerance& tolerance);
UnderpaymentTolerance ParseToleranceText(std::string_view text);

// The tolerance in the intent's smallest units, rounded down (never more
// than it says): percent of the requested amount, or the fixed amount
// converted at the intent's own price-to-amount ratio.
Uint256 ToleranceUnits(const UnderpaymentTolerance& tolerance, const PaymentIntent& intent);

}  // namespace payd::domain
