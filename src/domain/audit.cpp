#include "domain/audit.h"

#include "base/ids.h"

namespace payd::domain {

AuditEntry NewAuditEntry(std::string tenant_id, const Actor& actor, std::string action,
                         std::string object_id, std::optional<std::string> before_json,
                         std::optional<std::string> after_json, base::TimeMs now) {
  return {base::NewId("aud_"),
          std::move(tenant_id),
          actor.id,
          std::move(action),
          std::move(object_id),
          std::move(before_json),
          std::move(after_json),
          now};
}

}  // namespace payd::domain
