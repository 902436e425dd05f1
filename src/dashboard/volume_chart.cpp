#include "dashboard/volume_chart.h"

#include <algorithm>
#include <map>

#include "html/html.h"

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

std::string VolumeSvg(const TokenVolume& v, const std::string& id, base::TimeMs now) {
  domain::Uint256 max = 0;
  for (const auto& amount : v.per_day) max = amount > max ? amount : max;
  const int days = static_cast<int>(v.per_day.size());
  const int slot = kWidth / (days > 0 ? days : 1);
  const base::TimeMs first = FirstChartDay(now, days);
  std::string svg =
      "<svg class=\"chart\" viewBox=\"0 0 " + std::to_string(kWidth) + " " +
      std::to_string(kHeight) + "\" role=\"img\" aria-labelledby=\"" + id +
      "-title\" focusable=\"false\"><title id=\"" + id + "-title\">" +
      html::EscapeHtml("Received " + v.token + " per day, " + Day(first) + " to " + Day(now)) +
      "</title>";
  svg += "<line class=\"chart-axis\" x1=\"0\" y1=\"" + std::to_string(kHeight - kBottom) +
         "\" x2=\"" + std::to_string(kWidth) + "\" y2=\"" + std::to_string(kHeight - kBottom) +
         "\"/>";
  const domain::Uint256 plot = kHeight - kBottom - 4;
  for (int i = 0; i < days; ++i) {
    const auto& amount = v.per_day[static_cast<std::size_t>(i)];
    if (amount == 0) continue;
    // At least a pixel for any amount: a small payment is still a payment.
    int h = static_cast<int>(max == 0 ? domain::Uint256(0) : amount * plot / max);
    h = h < 1 ? 1 : h;
    svg += "<rect class=\"chart-bar\" x=\"" + std::to_string(i * slot + 1) + "\" y=\"" +
           std::to_string(kHeight - kBottom - h) + "\" width=\"" + std::to_string(slot - 2) +
           "\" height=\"" + std::to_string(h) + "\"><title>" +
           html::EscapeHtml(Day(first + i * kChartDayMs) + ": " +
                            domain::UnitsToDecimal(amount, v.decimals) + " " + v.token) +
           "</title></rect>";
  }
  svg += "<text class=\"chart-label\" x=\"0\" y=\"" + std::to_string(kHeight - 4) + "\">" +
         Day(first) + "</text><text class=\"chart-label\" x=\"" + std::to_string(kWidth) +
         "\" y=\"" + std::to_string(kHeight - 4) + "\" text-anchor=\"end\">" + Day(now) +
         "</text></svg>";
  return svg;
}

}  // namespace payd::dashboard
