#include "base/time_zone.h"

#include <unicode/strenum.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <memory>
#include <string>

namespace payd::base {

bool IsKnownTimeZone(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  icu::UnicodeString id = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  // createTimeZone answers the "Etc/Unknown" zone for a name it does not know.
  std::unique_ptr<icu::TimeZone> zone(icu::TimeZone::createTimeZone(id));
  return zone && *zone != icu::TimeZone::getUnknown();
}

const std::vector<std::string>& TimeZoneNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::StringEnumeration> ids(icu::TimeZone::createTimeZoneIDEnumeration(
        UCAL_ZONE_TYPE_CANONICAL_LOCATION, nullptr, nullptr, status));
    if (U_SUCCESS(status) && ids) {
      while (const char* id = ids->next(nullptr, status)) {
        if (U_FAILURE(status)) break;
        out.emplace_back(id);
      }
    }
    std::sort(out.begin(), out.end());
    out.insert(out.begin(), "UTC");
    return out;
  }();
  return names;
}

}  // namespace payd::base
