// Time zones by their IANA names ("Europe/Berlin"), as ICU (Debian's libicu)
// knows them: a person's chosen zone is checked here before it is stored,
// and pages write times in it (html/localizer.h).
#pragma once

#include <string_view>

namespace payd::base {

// Whether `name` is a time zone ICU knows ("UTC" included); "" is not.
bool IsKnownTimeZone(std::string_view name);

}  // namespace payd::base
