#include "base/time.h"

#include <chrono>
#include <cstdio>

namespace payd::base {

namespace {

using namespace std::chrono;

bool Digits(std::string_view s, std::size_t pos, std::size_t count, int& out) {
  if (pos + count > s.size()) return false;
  out = 0;
  for (std::size_t i = pos; i < pos + count; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

}  // namespace

TimeMs NowMs() {
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string FormatTimestamp(TimeMs ms) {
  sys_time<milliseconds> tp{milliseconds{ms}};
  auto day = floor<days>(tp);
  year_month_day ymd{day};
  hh_mm_ss hms{tp - day};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", int(ymd.year()),
                unsigned(ymd.month()), unsigned(ymd.day()), int(hms.hours().count()),
                int(hms.minutes().count()), int(hms.seconds().count()),
                int(hms.subseconds().count()));
  return buf;
}

std::optional<TimeMs> ParseRfc3339(std::string_view s) {
  int y, mo, d, h, mi, sec;
  if (!Digits(s, 0, 4, y) || s.size() < 19 || s[4] != '-' || !Digits(s, 5, 2, mo) || s[7] != '-' ||
      !Digits(s, 8, 2, d) || (s[10] != 'T' && s[10] != 't') || !Digits(s, 11, 2, h) ||
      s[13] != ':' || !Digits(s, 14, 2, mi) || s[16] != ':' || !Digits(s, 17, 2, sec)) {
    return std::nullopt;
  }
  year_month_day ymd{year{y}, month{unsigned(mo)}, day{unsigned(d)}};
  if (!ymd.ok() || h > 23 || mi > 59 || sec > 59) return std::nullopt;
  std::size_t pos = 19;
  int millis = 0;
  if (pos < s.size() && s[pos] == '.') {
    std::size_t start = ++pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
      if (pos - start < 3) millis = millis * 10 + (s[pos] - '0');
      ++pos;
    }
    if (pos == start) return std::nullopt;
    for (std::size_t i = pos - start; i < 3; ++i) millis *= 10;
  }
  int offset_min = 0;
  if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
    ++pos;
  } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    int oh, om;
    if (!Digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' ||
        !Digits(s, pos + 4, 2, om) || oh > 23 || om > 59) {
      return std::nullopt;
    }
    offset_min = (s[pos] == '+' ? 1 : -1) * (oh * 60 + om);
    pos += 6;
  } else {
    return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  auto tp = sys_days{ymd} + hours{h} + minutes{mi} + seconds{sec} + milliseconds{millis} -
            minutes{offset_min};
  return duration_cast<milliseconds>(tp.time_since_epoch()).count();
}

}  // namespace payd::base
