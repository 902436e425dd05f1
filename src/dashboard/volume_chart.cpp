#include "dashboard/volume_chart.h"

#include <algorithm>
#include <map>

namespace payd::dashboard {

namespace {

constexpr base::TimeMs kChartDayMs = 24LL * 60 * 60 * 1000;
constexpr int kWidth = 600, kHeight = 160, kBottom = 20;

std::string Day(base::TimeMs at) {
  return base::FormatTimestamp(at).substr(0, 10);
}

}  // namespace

base::TimeMs FirstChartDay(base::TimeMs now, int days) {
  return (now / kChartDayMs - (days - 1)) * kChartDayMs;
}

std::vector<TokenVolume> VolumeByDay(const std::vector<domain::Store::DailyReceived>& sums,
                                     int days) {
  std::map<std::string, TokenVolume> by_token;
  for (const auto& s : sums) {
    auto& v = by_token[s.token_symbol];
    v.token = s.token_symbol;
    v.decimals = std::max(v.decimals, s.decimals);
  }
  for (auto& [token, v] : by_token) v.per_day.assign(static_cast<std::size_t>(days), 0);
  for (const auto& s : sums) {
    if (s.day < 0 || s.day >= days) continue;
    auto& v = by_token[s.token_symbol];
    domain::Uint256 amount = s.amount;
    for (unsigned d = s.decimals; d < v.decimals; ++d) amount *= 10;  // checked
    v.per_day[static_cast<std::size_t>(s.day)] += amount;
    v.total += amount;
  }
  std::vector<TokenVolume> out;
  for (auto& [token, v] : by_token) {
    if (v.total > 0) out.push_back(std::move(v));
  }
  return out;
}

boost::json::object VolumeChart(const TokenVolume& v, const std::string& id, base::TimeMs now) {
  domain::Uint256 max = 0;
  for (const auto& amount : v.per_day) max = amount > max ? amount : max;
  const int days = static_cast<int>(v.per_day.size());
  const int slot = kWidth / (days > 0 ? days : 1);
  const base::TimeMs first = FirstChartDay(now, days);
  const domain::Uint256 plot = kHeight - kBottom - 4;
  boost::json::array bars;
  for (int i = 0; i < days; ++i) {
    const auto& amount = v.per_day[static_cast<std::size_t>(i)];
    if (amount == 0) continue;
    // At least a pixel for any amount: a small payment is still a payment.
    int h = static_cast<int>(max == 0 ? domain::Uint256(0) : amount * plot / max);
    h = h < 1 ? 1 : h;
    // Not "day" or "amount": such fields would hide the templates' lambdas.
    bars.push_back({{"x", i * slot + 1},
                    {"y", kHeight - kBottom - h},
                    {"barWidth", slot - 2},
                    {"barHeight", h},
                    {"date", Day(first + i * kChartDayMs)},
                    {"barAmount", domain::UnitsToDecimal(amount, v.decimals)}});
  }
  return {{"chartId", id},          {"symbol", v.token},          {"width", kWidth},
          {"height", kHeight},      {"axisY", kHeight - kBottom}, {"labelY", kHeight - 4},
          {"firstDay", Day(first)}, {"lastDay", Day(now)},        {"bars", std::move(bars)}};
}

}  // namespace payd::dashboard
