// Time zones by their IANA names ("Europe/Berlin"), as ICU (Debian's libicu)
// knows them: a person's chosen zone is checked here before it is stored,
// and pages write times in it (html/localizer.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace payd::base {

// Whether `name` is a time zone ICU knows ("UTC" included); "" is not.
bool IsKnownTimeZone(std::string_view name);

// The zones a person picks from: ICU's canonical places ("Europe/Berlin",
// "America/New_York"), sorted, "UTC" first. Read once.
const std::vector<std::string>& TimeZoneNames();

}  // namespace payd::base
