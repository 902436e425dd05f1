// The rows of a tenant's own configuration: integrations, API keys and
// payment links (rows.h).
#include <boost/json.hpp>
#include <sstream>

#include "store/sql/rows.h"

namespace payd::store::sql {

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
  if (!q.IsNull(10)) i.disabled_at = q.Int(10);
  i.match_near_amounts = q.Int(11) != 0;
  i.underpayment_tolerance = domain::ParseToleranceText(q.Text(12));
  // A name this build does not know (written by a newer one) reads as the default.
  i.qr_code = domain::ParseQrCode(q.Text(13)).value_or(domain::QrCode::kEip681);
  return i;
}

void InsertIntegrationRow(Connection& c, const domain::Integration& i) {
  static const std::string sql = "INSERT INTO integrations(" + std::string(kIntegrationColumns) +
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, i.id)
      .Bind(2, i.tenant_id)
      .Bind(3, i.name)
      .Bind(4, ToJsonArray(i.allow_chains))
      .Bind(5, ToJsonArray(i.allow_tokens))
      .Bind(6, i.payout_address)
      .Bind(7, ToJsonArray(i.allowed_origins))
      .Bind(8, i.auto_conversion)
      .Bind(9, i.preferred_token)
      .Bind(10, i.created_at)
      .Bind(11, i.disabled_at)
      .Bind(12, i.match_near_amounts)
      .Bind(13, domain::ToleranceText(i.underpayment_tolerance))
      .Bind(14, std::string(domain::QrCodeName(i.qr_code)))
      .Run();
}

namespace {

std::string JoinScopes(const domain::ScopeSet& scopes) {
  std::string out;
  for (const auto& name : scopes.Names()) out += (out.empty() ? "" : ",") + name;
  return out;
}

}  // namespace

void InsertApiKeyRow(Connection& c, const domain::ApiKey& k) {
  static const std::string sql = "INSERT INTO api_keys(" + std::string(kApiKeyColumns) +
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, k.id)
      .Bind(2, k.tenant_id)
      .Bind(3, std::string(domain::KeyKindName(k.kind)))
      .Bind(4, k.integration_id)
      .Bind(5, k.name)
      .BindBlob(6, k.digest)
      .Bind(7, k.prefix)
      .Bind(8, k.last4)
      .Bind(9, JoinScopes(k.scopes))
      .Bind(10, k.rate_limit_per_min)
      .Bind(11, k.expires_at)
      .Bind(12, k.revoked_at)
      .Bind(13, k.created_at)
      .Bind(14, k.created_by)
      .Run();
}

void UpdateIntegrationRow(Connection& c, const domain::Integration& i) {
  c.Prepare(
       "UPDATE integrations SET name = ?, allow_chains = ?, allow_tokens = ?, payout_address = ?, "
       "allowed_origins = ?, auto_conversion = ?, preferred_token = ?, disabled_at = ?, "
       "match_near_amounts = ?, underpayment_tolerance = ?, qr_code = ? WHERE id = ?")
      .Bind(1, i.name)
      .Bind(2, ToJsonArray(i.allow_chains))
      .Bind(3, ToJsonArray(i.allow_tokens))
      .Bind(4, i.payout_address)
      .Bind(5, ToJsonArray(i.allowed_origins))
      .Bind(6, i.auto_conversion)
      .Bind(7, i.preferred_token)
      .Bind(8, i.disabled_at)
      .Bind(9, i.match_near_amounts)
      .Bind(10, domain::ToleranceText(i.underpayment_tolerance))
      .Bind(11, std::string(domain::QrCodeName(i.qr_code)))
      .Bind(12, i.id)
      .Run();
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
  k.created_by = q.OptText(13);
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

}  // namespace payd::store::sql
