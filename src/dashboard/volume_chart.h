// The overview's chart of received volume per day (issue 18): one small bar
// chart per token, drawn by payd as inline SVG (no script, nothing to load,
// allowed by the CSP), its numbers also in a table for screen readers and
// for anyone who wants the figures. Amounts stay 256-bit integers: the
// bars' heights are integer arithmetic on them.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/money/amount.h"
#include "domain/store.h"

namespace payd::dashboard {

struct TokenVolume {
  std::string token;  // symbol
  unsigned decimals = 0;
  std::vector<domain::Uint256> per_day;  // oldest first; the last is today (UTC)
  domain::Uint256 total = 0;
};

// The store's daily sums from FirstChartDay(now, days) on, one TokenVolume
// per symbol. One symbol with several decimals (USDC has 6 on most chains
// and 18 on BNB Smart Chain) is shown at the largest, each sum scaled up
// exactly; days outside the chart are left out.
std::vector<TokenVolume> VolumeByDay(const std::vector<domain::Store::DailyReceived>& sums,
                                     int days);

// The first day of the chart at `now`: midnight UTC, `days` - 1 days ago.
base::TimeMs FirstChartDay(base::TimeMs now, int days);

// The drawing of `volume`'s bars, for the partial volume_chart.mustache,
// which writes its days and amounts in the reader's language: the chart's
// id (`chartId`), its size, its days (`firstDay`, `lastDay`, ISO) and one
// bar per day with an amount.
boost::json::object VolumeChart(const TokenVolume& volume, const std::string& id, base::TimeMs now);

}  // namespace payd::dashboard
