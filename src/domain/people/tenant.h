// A tenant is one merchant account. Every other object belongs to exactly one
// tenant, and a credential never reaches another tenant's objects.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"

namespace payd::domain {

struct Tenant {
  std::string id;  // "ten_..."
  std::string name;
  base::TimeMs created_at = 0;
  // What the dashboard's totals are converted into (domain/money/reporting.h).
  std::string reporting_currency = "USD";
};

// The secret that signs a tenant's webhooks. It must be kept in clear to sign,
// so it is the one secret payd stores as is. After a rotation the previous
// secret keeps signing until `expires_at`.
struct WebhookSecret {
  std::string tenant_id;
  std::string secret;  // "whsec_..."
  base::TimeMs created_at = 0;
  std::optional<base::TimeMs> expires_at;
};

}  // namespace payd::domain
