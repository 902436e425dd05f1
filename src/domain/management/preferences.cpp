#include "domain/management/preferences.h"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "base/time_zone.h"
#include "domain/error.h"
#include "domain/management_tx.h"

namespace payd::domain {

namespace {

std::string PreferencesJson(const User& user) {
  return boost::json::serialize(
      boost::json::object{{"language", user.language}, {"time_zone", user.time_zone}});
}

}  // namespace

void ChooseOwnPreferences(const Change& change, const Preferences& wanted,
                          const std::vector<std::string>& offered) {
  Require(change, Operation::kChooseOwnPreferences);
  if (!wanted.language.empty() &&
      std::find(offered.begin(), offered.end(), wanted.language) == offered.end()) {
    ThrowInvalid("language", "Choose a language from the list.");
  }
  if (!wanted.time_zone.empty() && !base::IsKnownTimeZone(wanted.time_zone)) {
    ThrowInvalid("time_zone", "Choose a time zone from the list.");
  }
  change.store.WithManagement([&](ManagementTx& tx) {
    auto person = change.actor.role ? tx.FindUser(change.tenant_id, change.actor.id) : std::nullopt;
    if (!person) ThrowInvalid("", "Only a person chooses their language and time zone.");
    std::string before = PreferencesJson(*person);
    person->language = wanted.language;
    person->time_zone = wanted.time_zone;
    std::string after = PreferencesJson(*person);
    if (after == before) return;
    tx.UpdateUser(*person);
    RecordChange(tx, change, "user.preferences", person->id, before, after);
  });
}

}  // namespace payd::domain
