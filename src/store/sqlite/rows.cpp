#include "store/sqlite/rows.h"

#include <boost/json.hpp>
#include <sstream>

namespace payd::store::sqlite {

std::string ToJsonArray(const std::vector<std::string>& values) {
  boost::json::array out;
  for (const auto& v : values) out.emplace_back(v);
  return boost::json::serialize(out);
}

std::string ToJsonArray(const std::vector<std::int64_t>& values) {
  boost::json::array out;
  for (auto v : values) out.emplace_back(v);
  return boost::json::serialize(out);
}

std::vector<std::string> StringsFromJson(const std::string& text) {
  std::vector<std::string> out;
  boost::json::value parsed = boost::json::parse(text);
  for (const auto& v : parsed.as_array()) out.emplace_back(v.as_string());
  return out;
}

std::vector<std::int64_t> IntsFromJson(const std::string& text) {
  std::vector<std::int64_t> out;
  boost::json::value parsed = boost::json::parse(text);
  for (const auto& v : parsed.as_array()) out.push_back(v.to_number<std::int64_t>());
  return out;
}

domain::Integration ReadIntegration(const Query& q) {
  domain::Integration i;
  i.id = q.Text(0);
  i.tenant_id = q.Text(1);
  i.name = q.Text(2);
  i.allow_chains = IntsFromJson(q.Text(3));
  i.allow_tokens = StringsFromJson(q.Text(4));
  i.payout_address = q.Text(5);
  i.allowed_origins = StringsFromJson(q.Text(6));
  i.auto_conversion = q.Int(7) != 0;
  i.preferred_token = q.OptText(8);
  i.created_at = q.Int(9);
  return i;
}

domain::ApiKey ReadApiKey(const Query& q) {
  domain::ApiKey k;
  k.id = q.Text(0);
  k.tenant_id = q.Text(1);
  k.kind = domain::ParseKeyKind(q.Text(2)).value_or(domain::KeyKind::kPublic);
  k.integration_id = q.OptText(3);
  k.name = q.Text(4);
  k.digest = q.Blob(5);
  k.prefix = q.Text(6);
  k.last4 = q.Text(7);
  std::vector<std::string> scopes;
  std::istringstream in(q.Text(8));
  for (std::string s; std::getline(in, s, ',');) {
    if (!s.empty()) scopes.push_back(s);
  }
  k.scopes = domain::ScopeSet::Parse(scopes).value_or(domain::ScopeSet{});
  if (auto limit = q.OptInt(9)) k.rate_limit_per_min = static_cast<int>(*limit);
  k.expires_at = q.OptInt(10);
  k.revoked_at = q.OptInt(11);
  k.created_at = q.Int(12);
  return k;
}

domain::PaymentLink ReadPaymentLink(const Query& q) {
  domain::PaymentLink l;
  l.id = q.Text(0);
  l.tenant_id = q.Text(1);
  l.integration_id = q.Text(2);
  l.type = q.Text(3);
  l.name = q.Text(4);
  l.amount = q.Text(5);
  l.denomination_type = q.Text(6);
  l.currency = q.Text(7);
  l.return_url = q.OptText(8);
  l.description = q.OptText(9);
  l.allow_custom_amount = q.Int(10) != 0;
  l.min_amount = q.OptText(11);
  l.status = q.Text(12);
  l.views = q.Int(13);
  l.payments = q.Int(14);
  l.created_at = q.Int(15);
  return l;
}

}  // namespace payd::store::sqlite
