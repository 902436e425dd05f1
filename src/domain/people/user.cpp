#include "domain/people/user.h"

#include <algorithm>
#include <array>

#include "base/strings.h"
#include "base/utf8.h"
#include "domain/error.h"

namespace payd::domain {

namespace {

constexpr std::array<std::pair<Role, std::string_view>, 4> kRoles{{
    {Role::kOwner, "owner"},
    {Role::kAdmin, "admin"},
    {Role::kDeveloper, "developer"},
    {Role::kViewer, "viewer"},
}};

bool HasControlOrSpace(std::string_view text, bool allow_space) {
  return std::any_of(text.begin(), text.end(), [allow_space](char c) {
    auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f || (!allow_space && u == ' ');
  });
}

}  // namespace

std::string_view RoleName(Role role) {
  for (const auto& [r, name] : kRoles) {
    if (r == role) return name;
  }
  return "viewer";
}

std::optional<Role> ParseRole(std::string_view text) {
  for (const auto& [r, name] : kRoles) {
    if (name == text) return r;
  }
  return std::nullopt;
}

Role RoleNeeded(Permission permission) {
  switch (permission) {
    case Permission::kRead:
      return Role::kViewer;
    case Permission::kDeveloperTools:
      return Role::kDeveloper;
    case Permission::kCommerce:
    case Permission::kAccount:
      return Role::kAdmin;
    case Permission::kPeople:
      return Role::kOwner;
  }
  return Role::kOwner;
}

bool Allows(Role role, Permission permission) {
  // Roles are declared from the most to the least able.
  return static_cast<int>(role) <= static_cast<int>(RoleNeeded(permission));
}

std::string CheckEmail(std::string_view text) {
  std::string email = base::AsciiLower(base::TrimBlanks(text));
  auto at = email.find('@');
  bool shaped = !email.empty() && email.size() <= 254 && at != std::string::npos && at > 0 &&
                email.find('@', at + 1) == std::string::npos &&
                email.find('.', at + 2) != std::string::npos && email.back() != '.' &&
                !HasControlOrSpace(email, false) && base::ValidUtf8(email) == email;
  if (!shaped) ThrowInvalid("email", "email must be an address such as ana@shop.example");
  return email;
}

std::string CheckUserName(std::string_view text) {
  std::string name(base::TrimBlanks(text));
  if (name.empty() || name.size() > 200 || HasControlOrSpace(name, true) ||
      base::ValidUtf8(name) != name) {
    ThrowInvalid("name", "name must be 1 to 200 characters, without control characters");
  }
  return name;
}

}  // namespace payd::domain
