// Managing a tenant's dashboard users (DECISIONS §13): add a person with a
// role, change their role, disable or enable them, set their password. Used
// by `payd user` and (issue 18) the dashboard's Settings > People; each
// change runs in one transaction with its audit row, which never holds a
// password or its hash.
//
// A tenant always keeps one owner who can sign in: the last one cannot be
// disabled or given another role.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "domain/management/change.h"
#include "domain/people/sign_in_link.h"
#include "domain/people/user.h"

namespace payd::domain {

// The user as lists show them and the audit log records them: never the hash.
boost::json::object UserView(const User& user);

struct UserRequest {
  std::string email;
  std::string name;  // empty: the address's local part
  std::string role;
  std::optional<std::string> password;  // none: set later (a sign-in link, `payd user reset`)
};

// Checks the request (400 naming email, name, role or password; an address
// already taken, by this tenant or another, is a 400 on email) and stores the user.
Creation<User> CreateUser(const Change& change, const UserRequest& request);

struct UserPatch {
  std::optional<std::string> name;
  std::optional<std::string> role;
  std::optional<bool> disabled;
  // With disabled = true: leave the keys the person made working. By default
  // they are revoked with the person (issue 35): a key outlives no one by accident.
  bool keep_keys = false;

  bool Empty() const { return !name && !role && !disabled; }
};

// Whether `user` is the only owner of `everyone` (their tenant's people) who
// can sign in: UpdateUser refuses to disable them or change their role, and
// pages do not offer it.
bool IsLastActiveOwner(const User& user, const std::vector<User>& everyone);

// The user as changed; none when the tenant has no such user. 400 on role
// when the change would leave the tenant without an enabled owner. Disabling
// ends the user's sessions at once and, unless patch.keep_keys, revokes the
// keys they made (each audited as api_key.revoke) in the same transaction.
std::optional<User> UpdateUser(const Change& change, const std::string& id, const UserPatch& patch);

// Sets a new password (checked: 400 on password) and ends the user's
// sessions. None when the tenant has no such user.
std::optional<User> SetUserPassword(const Change& change, const std::string& id,
                                    const std::string& password);

// A one-time link with which the user sets a password and signs in; their
// earlier links end. None when the tenant has no such user; 400 on id when
// the user is disabled.
std::optional<IssuedLink> IssueSignInLink(const Change& change, const std::string& id,
                                          LinkPurpose purpose);

}  // namespace payd::domain
