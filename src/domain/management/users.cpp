#include "domain/management/users.h"

#include <algorithm>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/email/address.h"
#include "domain/error.h"
#include "domain/management/api_keys.h"
#include "domain/people/password.h"

namespace payd::domain {

namespace {

std::string Json(const User& user) {
  return boost::json::serialize(UserView(user));
}

Role CheckRole(const std::string& text) {
  auto role = ParseRole(text);
  if (!role) ThrowInvalid("role", "role must be owner, admin, developer or viewer");
  return *role;
}

bool IsActiveOwner(const User& user) {
  return user.role == Role::kOwner && !user.disabled_at;
}

}  // namespace

bool IsLastActiveOwner(const User& user, const std::vector<User>& everyone) {
  if (!IsActiveOwner(user)) return false;
  return std::count_if(everyone.begin(), everyone.end(),
                       [](const User& u) { return IsActiveOwner(u); }) == 1;
}

namespace {

// Who a message says sent it: the person by name (or address), else the operator.
std::string SenderName(ManagementTx& tx, const Change& change) {
  if (change.actor.role) {
    if (auto person = tx.FindUser(change.tenant_id, change.actor.id)) {
      return person->name.empty() ? person->email : person->name;
    }
  }
  return "The operator";
}

}  // namespace

boost::json::object UserView(const User& u) {
  return {
      {"id", u.id},
      {"tenantId", u.tenant_id},
      {"email", u.email},
      {"name", u.name},
      {"role", RoleName(u.role)},
      {"status", u.disabled_at ? "disabled" : (u.password_hash ? "active" : "invited")},
      {"disabledAt",
       u.disabled_at ? boost::json::value(base::FormatTimestamp(*u.disabled_at)) : nullptr},
      {"createdAt", base::FormatTimestamp(u.created_at)},
  };
}

Creation<User> CreateUser(const Change& change, const UserRequest& request) {
  Require(change, Operation::kAddPerson);
  User user;
  user.id = base::NewId("user_");
  user.tenant_id = change.tenant_id;
  user.email = CheckEmail(request.email);
  user.name = CheckUserName(request.name.empty() ? user.email.substr(0, user.email.find('@'))
                                                 : request.name);
  user.role = CheckRole(request.role);
  user.created_at = change.now;
  if (request.password) {
    CheckNewPassword(*request.password, user.email);
    user.password_hash = HashPassword(*request.password);  // before the transaction: 0.1 s
  }
  return CreateOnce(change, {201, Json(user)}, user, [&](ManagementTx& tx) {
    if (tx.FindUserByEmail(user.email)) {
      ThrowInvalid("email", "There is already a user with the address {1}", user.email);
    }
    tx.InsertUser(user);
    RecordChange(tx, change, "user.create", user.id, std::nullopt, Json(user));
  });
}

std::optional<User> UpdateUser(const Change& change, const std::string& id,
                               const UserPatch& patch) {
  Require(change, Operation::kChangePerson);
  std::optional<std::string> name;
  if (patch.name) name = CheckUserName(*patch.name);
  std::optional<Role> role;
  if (patch.role) role = CheckRole(*patch.role);
  std::optional<User> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    // Read after the lock: two owners demoting each other at once cannot both
    // count the other still there.
    tx.LockPeople(change.tenant_id);
    out = tx.FindUser(change.tenant_id, id);
    if (!out) return;
    std::string before = Json(*out);
    bool was_owner = IsActiveOwner(*out);
    if (name) out->name = *name;
    if (role) out->role = *role;
    if (patch.disabled) {
      // Disabling twice keeps the first time.
      if (!*patch.disabled)
        out->disabled_at.reset();
      else if (!out->disabled_at)
        out->disabled_at = change.now;
    }
    if (was_owner && !IsActiveOwner(*out) && tx.CountActiveOwners(change.tenant_id) <= 1) {
      ThrowInvalid("role", "This is the tenant's last owner: make someone else owner first.");
    }
    tx.UpdateUser(*out);
    if (out->disabled_at) tx.DeleteUserSessions(out->id);
    if (patch.disabled && *patch.disabled && !patch.keep_keys) RevokeKeysMadeBy(tx, change, id);
    const char* action = !patch.disabled   ? "user.update"
                         : *patch.disabled ? "user.disable"
                                           : "user.enable";
    RecordChange(tx, change, action, id, before, Json(*out));
  });
  return out;
}

std::optional<User> SetUserPassword(const Change& change, const std::string& id,
                                    const std::string& password) {
  Require(change, Operation::kSetPersonPassword);
  // Hashed before the transaction (0.1 s), which then writes at once.
  auto found = change.store.FindUser(change.tenant_id, id);
  if (!found) return std::nullopt;
  CheckNewPassword(password, found->email);
  std::string hash = HashPassword(password);
  std::optional<User> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindUser(change.tenant_id, id);
    if (!out) return;
    std::string before = Json(*out);
    out->password_hash = hash;
    tx.UpdateUser(*out);
    tx.DeleteUserSessions(out->id);
    RecordChange(tx, change, "user.password", id, before, Json(*out));
  });
  return out;
}

std::optional<IssuedLink> IssueSignInLink(const Change& change, const std::string& id,
                                          LinkPurpose purpose) {
  Require(change, Operation::kIssueSignInLink);
  std::string account;
  if (change.mailing) {
    if (auto tenant = change.store.FindTenant(change.tenant_id)) account = tenant->name;
  }
  std::optional<IssuedLink> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out.reset();
    auto user = tx.FindUser(change.tenant_id, id);
    if (!user) return;
    if (user->disabled_at) ThrowInvalid("id", "User {1} is disabled.", user->email);
    out = NewSignInLink(user->id, user->tenant_id, purpose, change.now);
    tx.EndSignInLinks(user->id, change.now);
    tx.InsertSignInLink(out->link);
    // By email when payd sends it and the address can take it; otherwise
    // the surface shows the link once, to be passed on by hand.
    if (change.mailing && IsMailAddress(user->email)) {
      tx.QueueEmail(SignInLinkEmail(*user, account, SenderName(tx, change), *out,
                                    change.mailing->public_url + SignInLinkPath(out->token),
                                    change.now));
      out->emailed = true;
    }
    boost::json::object detail{{"purpose", LinkPurposeName(purpose)},
                               {"expiresAt", base::FormatTimestamp(out->link.expires_at)},
                               {"emailed", out->emailed}};
    RecordChange(tx, change, "user.sign_in_link", id, std::nullopt, boost::json::serialize(detail));
  });
  return out;
}

}  // namespace payd::domain
