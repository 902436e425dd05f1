#include "rates/ecb_schedule.h"

#include <chrono>
#include <cstdio>

#include "rates/ecb_reference.h"

namespace payd::rates {

namespace {

using std::chrono::day;
using std::chrono::days;
using std::chrono::month;
using std::chrono::sys_days;
using std::chrono::year;
using std::chrono::year_month_day;

std::optional<year_month_day> ParseDay(const std::string& date) {
  int y = 0;
  unsigned m = 0, d = 0;
  char tail = 0;
  if (date.size() != 10 || std::sscanf(date.c_str(), "%4d-%2u-%2u%c", &y, &m, &d, &tail) != 3)
    return std::nullopt;
  year_month_day ymd{year{y}, month{m}, day{d}};
  if (!ymd.ok()) return std::nullopt;
  return ymd;
}

std::string FormatDay(const year_month_day& ymd) {
  char out[16];
  std::snprintf(out, sizeof out, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return out;
}

// Easter Sunday of the Gregorian calendar (the anonymous "Meeus/Jones/Butcher" algorithm).
sys_days EasterSunday(int y) {
  int a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4;
  int f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30;
  int i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7;
  int m = (a + 11 * h + 22 * l) / 451;
  int month_number = (h + l - 7 * m + 114) / 31, day_number = (h + l - 7 * m + 114) % 31 + 1;
  return sys_days{year{y} / month{static_cast<unsigned>(month_number)} /
                  day{static_cast<unsigned>(day_number)}};
}

bool IsWorkingDay(const year_month_day& ymd) {
  sys_days when{ymd};
  std::chrono::weekday weekday{when};
  if (weekday == std::chrono::Saturday || weekday == std::chrono::Sunday) return false;
  unsigned m = static_cast<unsigned>(ymd.month()), d = static_cast<unsigned>(ymd.day());
  if ((m == 1 && d == 1) || (m == 5 && d == 1) || (m == 12 && (d == 25 || d == 26))) return false;
  sys_days easter = EasterSunday(static_cast<int>(ymd.year()));
  return when != easter - days{2} && when != easter + days{1};
}

}  // namespace

bool IsEcbPublicationDay(const std::string& date) {
  auto ymd = ParseDay(date);
  return ymd && IsWorkingDay(*ymd);
}

std::string NextEcbPublicationDay(const std::string& date) {
  auto ymd = ParseDay(date);
  if (!ymd) return {};
  sys_days next = sys_days{*ymd} + days{1};
  while (!IsWorkingDay(year_month_day{next})) next += days{1};
  return FormatDay(year_month_day{next});
}

base::TimeMs EcbStaleAt(const std::string& date) {
  std::string next = NextEcbPublicationDay(date);
  if (next.empty()) return 0;
  return EcbDayTime(next) + kEcbGraceMs;
}

}  // namespace payd::rates
