#include "dashboard/api_key_shown.h"

#include <algorithm>
#include <boost/url/decode_view.hpp>
#include <boost/url/encoding_opts.hpp>
#include <boost/url/parse_query.hpp>
#include <charconv>

#include "domain/management/api_keys.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

KeyMakers::KeyMakers(DashboardContext& ctx, const std::string& tenant_id) {
  for (const auto& user : ctx.store.ListUsers(tenant_id)) names_[user.id] = user.name;
}

std::string KeyMakers::Text(const std::optional<std::string>& created_by) const {
  if (!created_by) return html::Translatable("not recorded");
  if (*created_by == "cli") return html::Translatable("the operator (payd CLI)");
  if (auto found = names_.find(*created_by); found != names_.end()) return found->second;
  if (created_by->starts_with("key_")) return "an API key (" + *created_by + ")";
  return *created_by;
}

boost::json::object KeyRow(const domain::ApiKey& key, base::TimeMs now, const KeyMakers& makers) {
  boost::json::object row = domain::ApiKeyView(key, now);
  row["madeByText"] = makers.Text(key.created_by);
  // Made by an API key: the template says "an API key (<id>)", translated around the id.
  if (key.created_by && key.created_by->starts_with("key_") &&
      makers.Text(key.created_by) == "an API key (" + *key.created_by + ")") {
    row["madeByKey"] = *key.created_by;
  }
  std::string scopes;
  for (const auto& name : key.scopes.Names()) scopes += (scopes.empty() ? "" : ", ") + name;
  row["scopesText"] = scopes.empty() ? html::Translatable("none") : scopes;
  row["expiresText"] =
      key.expires_at ? base::FormatTimestamp(*key.expires_at) : html::Translatable("never");
  row["lastUsedText"] =
      key.last_used_at ? base::FormatTimestamp(*key.last_used_at) : html::Translatable("never");
  row["active"] = row["status"] == "active";
  return row;
}

void ActiveFirst(boost::json::array& rows) {
  std::stable_partition(rows.begin(), rows.end(),
                        [](const boost::json::value& row) { return row.at("active").as_bool(); });
}

http::Response KeyShownPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                            const domain::IssuedKey& issued,
                            const std::optional<domain::ApiKey>& replaced,
                            const KeyShownPlace& place) {
  base::TimeMs now = issued.record.created_at;
  boost::json::object model = PageModel(ctx, html::Translatable("Your new key"), &visitor);
  model["navSettings"] = true;
  model[place.nav_flag] = true;
  KeyMakers makers(ctx, visitor.current.user.tenant_id);
  model["key"] = KeyRow(issued.record, now, makers);
  model["accountKey"] = issued.record.kind == domain::KeyKind::kAccount;
  model["text"] = issued.plaintext;
  model["backHref"] = place.back_href;
  model["backText"] = place.back_text;
  if (replaced) {
    boost::json::object old = KeyRow(*replaced, now, makers);
    // Revoked at once (no overlap), or working until its new expiry.
    old["endsNow"] = replaced->revoked_at.has_value();
    model["replaced"] = std::move(old);
  }
  return Page(req, ctx, http::Status::ok, "api_keys_shown", model);
}

base::TimeMs OverlapMs(const std::string& seconds) {
  long long value = -1;
  auto [end, ec] = std::from_chars(seconds.data(), seconds.data() + seconds.size(), value);
  if (ec != std::errc() || end != seconds.data() + seconds.size()) return -1;
  // Out of range stays out of range without overflowing: the domain says why.
  if (value < 0 || value > domain::kMaxRotationOverlapMs / 1000) return -1;
  return value * 1000;
}

}  // namespace payd::dashboard
