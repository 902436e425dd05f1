// A person who signs in to the dashboard (DECISIONS §13): one tenant's user,
// with a role that decides what they may do. Their password is kept only as
// an Argon2id hash (domain/people/password.h); sign-in itself lives in the
// dashboard's session code.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::domain {

// Each role may do what the ones after it may, and more.
enum class Role { kOwner, kAdmin, kDeveloper, kViewer };
std::string_view RoleName(Role role);
std::optional<Role> ParseRole(std::string_view text);

// What a user may do, each allowed from one role upwards (DECISIONS §13).
enum class Permission {
  kRead,            // payments, intents, events, links, settings: viewer and up
  kDeveloperTools,  // API keys, webhook endpoints, integrations: developer and up
  kCommerce,        // payment links, the merchant's decisions on intents: admin and up
  kAccount,         // the account key and the webhook secret: admin and up
  kPeople,          // users and their roles, the two-factor rule: owner
};
// The least role that has `permission`: a refusal names it.
Role RoleNeeded(Permission permission);
bool Allows(Role role, Permission permission);

struct User {
  std::string id;  // "user_..."
  std::string tenant_id;
  std::string email;  // as CheckEmail made it: trimmed, lowercase
  std::string name;
  Role role = Role::kViewer;
  std::optional<std::string>
      password_hash;  // Argon2id (libsodium's string form); none: not set yet
  std::optional<base::TimeMs> disabled_at;
  base::TimeMs created_at = 0;
  // The dashboard's language ("de") and time zone ("Europe/Berlin", "UTC")
  // the person chose; "": their browser's (domain/people/preferences.h).
  std::string language = {};
  std::string time_zone = {};
};

// A sign-in address: at most 254 characters of valid UTF-8, one @ with text on
// both sides, a dot in the domain, no spaces or control characters; lowercased (addresses
// differing only in case are one person). Throws domain::Error naming "email".
std::string CheckEmail(std::string_view text);

// A display name: 1 to 200 bytes of valid UTF-8, no control characters, trimmed. Throws
// domain::Error naming "name".
std::string CheckUserName(std::string_view text);

}  // namespace payd::domain
