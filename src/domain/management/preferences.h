// The language and time zone the dashboard is written in for a person
// (issue 40 item 4): their own choice, or their browser's until they make
// one. Changed by the person alone (Settings > Your language and time zone),
// audited as user.preferences.
#pragma once

#include <string>
#include <vector>

#include "domain/management/change.h"

namespace payd::domain {

struct Preferences {
  std::string language;   // a catalog's code ("de"); "": the browser's languages
  std::string time_zone;  // an IANA name ("Europe/Berlin") or "UTC"; "": the browser's zone
};

// Stores the asking person's choices. 400 naming `language` for a code not in
// `offered` (the catalogs payd has), `time_zone` for a zone ICU does not know
// (base::IsKnownTimeZone); "" is always accepted.
void ChooseOwnPreferences(const Change& change, const Preferences& wanted,
                          const std::vector<std::string>& offered);

}  // namespace payd::domain
