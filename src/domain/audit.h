// The tenant's audit log (DECISIONS §13): every change a merchant makes, by
// whom, with the object before and after. Written by the management
// operations in the transaction of the change itself; never holds a secret.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"
#include "domain/access/access.h"
#include "domain/people/user.h"

namespace payd::domain {

// Who made a change: an API key ("key_…"), a dashboard user ("user_…"), or
// the operator on the server ("cli").
// What an operation checks before it acts (domain/access/access.h): a person's role,
// a key's rights; the operator has neither and may do everything.
struct Actor {
  std::string id;
  std::optional<Role> role;      // a person's
  std::optional<KeyRights> key;  // a key's

  static Actor Cli() { return {"cli", std::nullopt, std::nullopt}; }
  static Actor Key(std::string key_id, KeyRights rights) {
    return {std::move(key_id), std::nullopt, rights};
  }
  static Actor Person(std::string user_id, Role role) {
    return {std::move(user_id), role, std::nullopt};
  }
  // The clock carrying out what `asker` asked for earlier (checked then).
  static Actor OnBehalfOf(std::string asker) {
    return {std::move(asker), std::nullopt, std::nullopt};
  }
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
