// Wall-clock time as milliseconds since the Unix epoch, and its one text form:
// ISO 8601 UTC with milliseconds ("2026-11-22T12:00:00.000Z").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace payd::base {

using TimeMs = std::int64_t;

TimeMs NowMs();
std::string FormatTimestamp(TimeMs ms);
// Accepts RFC 3339 date-times ("2026-12-01T00:00:00Z", with fraction or a
// numeric offset) and returns them as epoch milliseconds.
std::optional<TimeMs> ParseRfc3339(std::string_view text);

}  // namespace payd::base
