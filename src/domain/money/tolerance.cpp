#include "domain/money/tolerance.h"

#include "domain/error.h"
#include "domain/intents/payment_intent.h"

namespace payd::domain {

namespace {

constexpr unsigned kPercentDigits = 4;
constexpr unsigned kAmountDigits = 18;

// A decimal string without its trailing fraction zeros ("1.50" -> "1.5").
std::string Canonical(std::string_view value, unsigned digits) {
  return UnitsToDecimal(*DecimalToUnits(value, digits), digits);
}

// A decimal string above zero with at most `digits` fraction digits.
bool AboveZero(std::string_view value, unsigned digits) {
  auto units = DecimalToUnits(value, digits);
  return units && *units != 0;
}

}  // namespace

UnderpaymentTolerance PercentTolerance(std::string_view value, const std::string& field) {
  if (!AboveZero(value, kPercentDigits)) {
    ThrowInvalid(field,
                 "a percentage must be a decimal string above zero with at most {1} fraction "
                 "digits",
                 std::to_string(kPercentDigits));
  }
  if (CompareDecimals(value, kMaxTolerancePercent) > 0) {
    ThrowInvalid(field, "a tolerance is at most {1} percent", kMaxTolerancePercent);
  }
  return {UnderpaymentTolerance::Kind::kPercent, Canonical(value, kPercentDigits)};
}

UnderpaymentTolerance AmountTolerance(std::string_view value, const std::string& field) {
  if (!AboveZero(value, kAmountDigits)) {
    ThrowInvalid(field,
                 "an amount must be a decimal string above zero with at most {1} fraction digits",
                 std::to_string(kAmountDigits));
  }
  return {UnderpaymentTolerance::Kind::kAmount, Canonical(value, kAmountDigits)};
}

UnderpaymentTolerance ParseToleranceInput(std::string_view text, const std::string& field) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty() || text == "none") return {};
  if (text.back() == '%') {
    text.remove_suffix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return PercentTolerance(text, field);
  }
  return AmountTolerance(text, field);
}

std::string ToleranceInputText(const UnderpaymentTolerance& tolerance) {
  switch (tolerance.kind) {
    case UnderpaymentTolerance::Kind::kPercent:
      return tolerance.value + "%";
    case UnderpaymentTolerance::Kind::kAmount:
      return tolerance.value;
    case UnderpaymentTolerance::Kind::kNone:
      break;
  }
  return "";
}

std::string ToleranceText(const UnderpaymentTolerance& tolerance) {
  switch (tolerance.kind) {
    case UnderpaymentTolerance::Kind::kPercent:
      return "percent:" + tolerance.value;
    case UnderpaymentTolerance::Kind::kAmount:
      return "amount:" + tolerance.value;
    case UnderpaymentTolerance::Kind::kNone:
      break;
  }
  return "";
}

UnderpaymentTolerance ParseToleranceText(std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos) return {};
  std::string_view kind = text.substr(0, colon);
  std::string value(text.substr(colon + 1));
  if (kind == "percent") return {UnderpaymentTolerance::Kind::kPercent, value};
  if (kind == "amount") return {UnderpaymentTolerance::Kind::kAmount, value};
  return {};
}

Uint256 ToleranceUnits(const UnderpaymentTolerance& tolerance, const PaymentIntent& intent) {
  using boost::multiprecision::cpp_int;
  cpp_int requested(intent.requested_amount);
  cpp_int units = 0;
  if (tolerance.kind == UnderpaymentTolerance::Kind::kPercent) {
    // requested * p / 100, with p scaled by 10^4.
    cpp_int scaled(*DecimalToUnits(tolerance.value, kPercentDigits));
    units = requested * scaled / (cpp_int(100) * 10000);
  } else if (tolerance.kind == UnderpaymentTolerance::Kind::kAmount) {
    if (!intent.price) {
      // Priced in the token itself: the amount is in the token's units.
      auto own = DecimalToUnits(tolerance.value, intent.decimals);
      if (own)
        units = cpp_int(*own);
      else  // finer than the token's units: rounded down
        units = cpp_int(*DecimalToUnits(tolerance.value, kAmountDigits)) /
                boost::multiprecision::pow(cpp_int(10), kAmountDigits - intent.decimals);
    } else {
      // requested * tolerance / price, both at 18 fraction digits.
      auto price = DecimalToUnits(intent.price->amount, kAmountDigits);
      if (price && *price > 0) {
        cpp_int tol(*DecimalToUnits(tolerance.value, kAmountDigits));
        units = requested * tol / cpp_int(*price);
      }
    }
  }
  if (units > requested) units = requested;
  return Uint256(units);
}

}  // namespace payd::domain
