// The European Central Bank's euro foreign exchange reference rates (issue 36:
// prices in any currency), one of the sources payd's currency rates are the
// median of. The ECB publishes, each TARGET working day, how many units of 30
// currencies one euro is worth (eurofxref-daily.xml). This file reads that
// file, which comes off the network and so is hostile until proven otherwise,
// and turns it into payd's rate shape: US dollars per unit of each currency,
// exact (decimal strings and integers, never floating point).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/time.h"
#include "domain/money/currency.h"

namespace payd::rates {

// Where the ECB publishes the day's rates: config::kEcbDailyUrl (`ecb = true`).
// The daily file is about 1.5 kB; anything over this is not it (and is never parsed).
inline constexpr std::size_t kEcbMaxBytes = 1024 * 1024;
// Digits a rate may have before and after its point: the ECB publishes seven
// significant ones at most (IDR's "19361.41"), and this bound keeps every
// cross rate within 256 bits (below 10^72 at 18 decimals).
inline constexpr std::size_t kEcbMaxRateDigits = 18;
// The decimals of a cross rate (USD per unit of a currency other than the euro).
inline constexpr unsigned kEcbCrossDecimals = 18;

// One day of reference rates, as published.
struct EcbDay {
  std::string date;  // YYYY-MM-DD, the day Cube's time=
  // ISO 4217 code -> decimal string as published ("1.0825"): units of the
  // currency per one euro. In the file's order; never EUR itself.
  std::vector<std::pair<std::string, std::string>> per_euro;
};

// Reads the ECB's eurofxref-daily.xml (a gesmes:Envelope holding
// <Cube><Cube time="..."><Cube currency="USD" rate="1.0825"/>...) with
// libxml2. Refuses, with `*problem` set to a one-line reason: more than
// kEcbMaxBytes, XML that is not well formed, any DOCTYPE (the ECB's file has
// none, and a DTD is where entity expansion and external entities live: payd
// neither loads nor expands any, nor touches the network), another document
// shape, a date that is not a real day as YYYY-MM-DD, a currency code that is
// not three upper-case letters or comes twice, a rate that is not a plain
// positive decimal ("1e3", "-1", "0", " 1.5" are not), and a day without rates.
std::optional<EcbDay> ParseEcbDaily(std::string_view xml, std::string* problem);

// When the rates of `date` (YYYY-MM-DD) were set, for the staleness check of
// domain::CombineRates: 14:00 UTC of that day (see the .cpp for why). 0, which
// is stale at any age, for a date that is not one.
base::TimeMs EcbDayTime(const std::string& date);

// The day's rates in payd's shape: US dollars per one unit of each currency.
// EUR first: the published USD rate itself (USD per EUR), exact, with as many
// decimals as it was published with. Then every other currency of the day, in
// its order, through the euro: USD per C = (USD per EUR) / (C per EUR),
// rounded up at kEcbCrossDecimals. USD itself is not listed (payd prices
// through it: it is always exactly 1). Empty when the day has no usable USD
// rate; a currency whose rate is unusable (only in a day not made by
// ParseEcbDaily) is left out.
std::vector<std::pair<std::string, domain::UsdRate>> EcbUsdRates(const EcbDay& day);

}  // namespace payd::rates
