// The tenant's audit log (DECISIONS §13): every change a merchant makes, by
// whom, with the object before and after. Written by the management
// operations in the transaction of the change itself; never holds a secret.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"

namespace payd::domain {

// Who made a change: an API key ("key_…"), a dashboard user ("user_…"), or
// the operator on the server ("cli").
struct Actor {
  std::string id;

  static Actor Cli() { return {"cli"}; }
  static Actor Key(std::string key_id) { return {std::move(key_id)}; }
  static Actor Person(std::string user_id) { return {std::move(user_id)}; }
};

struct AuditEntry {
  std::string id;  // "aud_..."
  std::string tenant_id;
  std::string actor;
  std::string action;  // "<object>.<verb>", e.g. "webhook_endpoint.create"
  std::string object_id;
  std::optional<std::string> before_json;  // none when created
  std::optional<std::string> after_json;   // none when deleted
  base::TimeMs created_at = 0;
};

AuditEntry NewAuditEntry(std::string tenant_id, const Actor& actor, std::string action,
                         std::string object_id, std::optional<std::string> before_json,
                         std::optional<std::string> after_json, base::TimeMs now);

}  // namespace payd::domain
