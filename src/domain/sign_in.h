// Signing in to the dashboard and out again (issue 18), and who a session
// cookie belongs to. Every sign-in, refused or not, counts against the
// throttle (domain/sign_in_throttle.h) and, for a real person, is in their
// tenant's audit log. An unknown address, a disabled person, one without a
// password yet and a wrong password get the same answer in the same time
// (an Argon2id check against a decoy hash).
#pragma once

#include <optional>
#include <string>

#include "domain/session.h"
#include "domain/store.h"
#include "domain/user.h"

namespace payd::domain {

struct SignedIn {
  User user;
  Session session;
  std::string token;  // for the cookie; only its digest is stored
};

struct SignInResult {
  enum class Outcome { kSignedIn, kRefused, kLocked };
  Outcome outcome = Outcome::kRefused;
  std::optional<SignedIn> signed_in;
  base::TimeMs retry_after_ms = 0;  // kLocked: how long the lock lasts
};

SignInResult SignIn(Store& store, const std::string& email, const std::string& password,
                    const std::string& client_ip, const SessionPolicy& policy, base::TimeMs now);

// The person a session token stands for, while the session holds and they
// are not disabled; records the request (idle time starts again).
struct CurrentUser {
  User user;
  Session session;
};
std::optional<CurrentUser> FindCurrentUser(Store& store, const std::string& token,
                                           const SessionPolicy& policy, base::TimeMs now);

// Ends the session (or, `everywhere`, every session of its user).
void SignOut(Store& store, const CurrentUser& current, bool everywhere, base::TimeMs now);

// A one-time link's use: the person chooses a password (checked: 400 on
// password) and is signed in, their other sessions ended. None when the
// link is unknown, used, expired, or its person disabled.
std::optional<SignedIn> RedeemSignInLink(Store& store, const std::string& token,
                                         const std::string& password, const SessionPolicy& policy,
                                         base::TimeMs now);

// The link behind `token` while it may be used, with its person.
struct LinkHolder {
  SignInLink link;
  User user;
};
std::optional<LinkHolder> FindUsableLink(Store& store, const std::string& token, base::TimeMs now);

// The same, for a link the caller has just found usable (FindUsableLink).
std::optional<SignedIn> RedeemSignInLink(Store& store, const LinkHolder& holder,
                                         const std::string& password, const SessionPolicy& policy,
                                         base::TimeMs now);

}  // namespace payd::domain
