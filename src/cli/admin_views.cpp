#include "cli/admin_views.h"

#include <boost/json/array.hpp>

namespace payd::cli {

namespace {

boost::json::value TimeOrNull(const std::optional<base::TimeMs>& t) {
  return t ? boost::json::value(base::FormatTimestamp(*t)) : boost::json::value(nullptr);
}

template <typename T>
boost::json::array ToArray(const std::vector<T>& values) {
  boost::json::array out;
  for (const auto& v : values) out.emplace_back(v);
  return out;
}

}  // namespace

boost::json::object TenantView(const domain::Tenant& tenant) {
  return {{"id", tenant.id},
          {"name", tenant.name},
          {"createdAt", base::FormatTimestamp(tenant.created_at)}};
}

boost::json::object ApiKeyView(const domain::ApiKey& k, base::TimeMs now) {
  const char* status = k.revoked_at                             ? "revoked"
                       : (k.expires_at && *k.expires_at <= now) ? "expired"
                                                                : "active";
  return {
      {"id", k.id},
      {"tenantId", k.tenant_id},
      {"name", k.name},
      {"kind", domain::KeyKindName(k.kind)},
      {"prefix", k.prefix},
      {"last4", k.last4},
      {"scopes", ToArray(k.scopes.Names())},
      {"integrationId", k.integration_id ? boost::json::value(*k.integration_id) : nullptr},
      {"rateLimit", k.rate_limit_per_min ? boost::json::value(*k.rate_limit_per_min) : nullptr},
      {"status", status},
      {"expiresAt", TimeOrNull(k.expires_at)},
      {"revokedAt", TimeOrNull(k.revoked_at)},
      {"lastUsedAt", TimeOrNull(k.last_used_at)},
      {"createdAt", base::FormatTimestamp(k.created_at)},
  };
}

}  // namespace payd::cli
