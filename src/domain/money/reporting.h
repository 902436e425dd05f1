// What a merchant was paid, in the currencies they asked and in their
// reporting currency (issue 36 item 5): the sums per asked currency, exact,
// and one total converted at each payment's own rate. Pure: the dashboard
// gives it the paid intents' prices and rates, and today's rate of the
// reporting currency where one is needed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/money/currency.h"

namespace payd::domain {

// A paid intent's price and the rate that converted it (none: a USD price).
struct PricedPayment {
  Price price;
  std::optional<CurrencyRate> rate;
  base::TimeMs confirmed_at = 0;  // when it was paid: the day it counts on
};

struct CurrencyTotal {
  std::string currency;
  std::string amount;  // with the currency's minor units: "25.00", "3000"
};

struct ReportTotals {
  std::vector<CurrencyTotal> by_currency;  // in code order
  // The sum in the reporting currency, rounded half up to its minor units.
  // None when a payment needs today's rate of the reporting currency and
  // there is none, or a price in another currency than USD has no rate.
  std::optional<std::string> total;
};

// A payment priced in the reporting currency counts as asked; any other
// counts at its own rate into US dollars (its price x its rate; USD: 1),
// then at `reporting_usd` (today's US dollars per unit of the reporting
// currency; not needed for USD) into the reporting currency. Prices in a
// currency payd does not know are left out of both.
ReportTotals TotalPaid(const std::vector<PricedPayment>& paid, const Currency& reporting,
                       const std::optional<UsdRate>& reporting_usd);

}  // namespace payd::domain
