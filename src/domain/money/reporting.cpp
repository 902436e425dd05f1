#include "domain/money/reporting.h"

#include <map>

namespace payd::domain {

namespace {

using boost::multiprecision::cpp_int;

cpp_int ReportTenTo(unsigned n) {
  cpp_int v = 1;
  for (unsigned i = 0; i < n; ++i) v *= 10;
  return v;
}

// `minor` units of a currency with `digits` minor units, as a decimal with all of them.
std::string WithMinorUnits(const cpp_int& minor, unsigned digits) {
  std::string text = minor.str();
  if (digits == 0) return text;
  if (text.size() <= digits) text.insert(0, digits + 1 - text.size(), '0');
  text.insert(text.size() - digits, ".");
  return text;
}

}  // namespace

ReportTotals TotalPaid(const std::vector<PricedPayment>& paid, const Currency& reporting,
                       const std::optional<UsdRate>& reporting_usd) {
  ReportTotals out;
  std::map<std::string, cpp_int> minor_by_currency;
  // Payments in the reporting currency, in its minor units; the others'
  // US-dollar value as usd / 10^usd_digits. Powers of ten only, so the
  // numbers grow with the digits of the amounts, not with their count.
  cpp_int face = 0, usd = 0;
  unsigned usd_digits = 0;
  bool complete = true;
  for (const PricedPayment& p : paid) {
    auto currency = FindCurrency(p.price.currency);
    if (!currency) continue;
    auto minor = DecimalToUnits(p.price.amount, currency->minor_units);
    if (!minor) continue;
    minor_by_currency[p.price.currency] += cpp_int(*minor);
    if (p.price.currency == reporting.code) {
      face += cpp_int(*minor);
      continue;
    }
    cpp_int value = cpp_int(*minor);
    unsigned digits = currency->minor_units;
    if (p.price.currency != "USD") {
      if (!p.rate) {
        complete = false;
        continue;
      }
      value *= cpp_int(p.rate->value.answer);
      digits += p.rate->value.decimals;
    }
    if (digits > usd_digits) {
      usd *= ReportTenTo(digits - usd_digits);
      usd_digits = digits;
    }
    usd += value * ReportTenTo(usd_digits - digits);
  }
  for (const auto& [code, minor] : minor_by_currency) {
    out.by_currency.push_back({code, WithMinorUnits(minor, FindCurrency(code)->minor_units)});
  }
  // total = face / 10^m + usd / 10^u x (10^r / rate), as numerator / denominator.
  const unsigned m = reporting.minor_units;
  cpp_int numerator = face * ReportTenTo(usd_digits), denominator = ReportTenTo(m + usd_digits);
  cpp_int converted = usd * ReportTenTo(m);
  if (reporting.code != "USD" && usd != 0) {
    if (!reporting_usd || reporting_usd->answer == 0) {
      complete = false;
    } else {
      numerator = numerator * cpp_int(reporting_usd->answer);
      denominator *= cpp_int(reporting_usd->answer);
      converted *= ReportTenTo(reporting_usd->decimals);
    }
  }
  if (complete) {
    numerator += converted;
    // Half up at the reporting currency's minor units: floor(x * 10^m + 1/2).
    cpp_int scaled = (numerator * ReportTenTo(m) * 2 + denominator) / (denominator * 2);
    out.total = WithMinorUnits(scaled, m);
  }
  return out;
}

}  // namespace payd::domain
