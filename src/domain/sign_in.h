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
  // kSecondFactorNeeded: the password was right and the person has a second
  // factor; signed_in holds a session waiting for the code (SignInWithCode).
  enum class Outcome { kSignedIn, kSecondFactorNeeded, kRefused, kLocked };
  Outcome outcome = Outcome::kRefused;
  std::optional<SignedIn> signed_in;
  base::TimeMs retry_after_ms = 0;  // kLocked: how long the lock lasts
};

SignInResult SignIn(Store& store, const std::string& email, const std::string& password,
                    const std::string& client_ip, const SessionPolicy& policy, base::TimeMs now);

// The person a session token stands for, while the session holds and they
// are not disabled; records the request (idle time starts again). A session
// still waiting for its second factor stands for nobody.
struct CurrentUser {
  User user;
  Session session;
  bool has_second_factor = false;
  // The tenant requires two factors and this person has none yet: they may
  // only set one up.
  bool must_enrol = false;
};
std::optional<CurrentUser> FindCurrentUser(Store& store, const std::string& token,
                                           const SessionPolicy& policy, base::TimeMs now);

// The person whose session `token` waits for the second factor.
std::optional<CurrentUser> FindSecondFactorWait(Store& store, const std::string& token,
                                                base::TimeMs now);

// The second step: a code of the authenticator (once per code) or an unused
// recovery code (then used). Counts against the same throttle as passwords.
// Signed in: the waiting session is replaced by a new one (a new token).
SignInResult SignInWithCode(Store& store, const CurrentUser& waiting, const std::string& code,
                            const std::string& client_ip, const SessionPolicy& policy,
                            base::TimeMs now);

// A signed-in person types their password again before a sensitive change
// (turning two factors off, new recovery codes, revealing the webhook
// secret). Wrong answers count against the same throttle as sign-ins.
// kSignedIn when it is right (signed_in stays empty), kRefused, kLocked.
SignInResult ConfirmPassword(Store& store, const User& user, const std::string& password,
                             const std::string& client_ip, base::TimeMs now);

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

// A redemption's transaction, the new password hashed already (the 0.1 s
// before it): the link used (once: of two at once, exactly one signs in), the
// password set, a session opened. None when the link was used meanwhile.
std::optional<SignedIn> CompleteLinkRedemption(Store& store, const LinkHolder& holder,
                                               const std::string& password_hash,
                                               const SessionPolicy& policy, base::TimeMs now);

}  // namespace payd::domain
