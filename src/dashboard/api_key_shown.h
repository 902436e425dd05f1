// What the dashboard's key pages share (Settings > API Keys and Settings >
// General): a key as a row of a list (prefix and last 4, never its text),
// the page that shows a new key's text the one time it exists, and the
// repeated fields of a form (scope checkboxes).
#pragma once

#include <boost/json/object.hpp>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "dashboard/dashboard_http.h"
#include "domain/access/api_key.h"

namespace payd::dashboard {

// Who made a tenant's keys, in words: its people's names by user id.
class KeyMakers {
 public:
  KeyMakers(DashboardContext& ctx, const std::string& tenant_id);
  // "Ada Lovelace", "an API key (key_…)", "the operator (payd CLI)", or
  // "not recorded" for keys made before payd kept it.
  std::string Text(const std::optional<std::string>& created_by) const;

 private:
  std::map<std::string, std::string> names_;
};

// domain::ApiKeyView plus what a list shows in words: "never" for no expiry
// or no use yet, the scopes joined, who made it, and whether it still works.
boost::json::object KeyRow(const domain::ApiKey& key, base::TimeMs now, const KeyMakers& makers);

// Keys that still work first, then revoked and expired ones, each in list order.
void ActiveFirst(boost::json::array& rows);

// Where a shown-once page sits and where it leads back to.
struct KeyShownPlace {
  std::string nav_flag;  // "subApiKeys" or "subGeneral"
  std::string back_href;
  std::string back_text;
};

// 200, the new key's text in a readonly field with a copy button, this once
// (the dashboard's pages are no-store). `replaced`: the key a rotation
// replaced, to say when its old text stops working.
http::Response KeyShownPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                            const domain::IssuedKey& issued,
                            const std::optional<domain::ApiKey>& replaced,
                            const KeyShownPlace& place);

// The rotation overlap a form's select sent (seconds) in milliseconds; -1
// (refused by domain::RotateApiKey, naming overlapSeconds) when it is not a
// number or out of range.
base::TimeMs OverlapMs(const std::string& seconds);

}  // namespace payd::dashboard
