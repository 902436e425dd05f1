#include "base/time_zone.h"

#include <unicode/timezone.h>
#include <unicode/unistr.h>

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

}  // namespace payd::base
