// Signing in to the dashboard and out again (issue 18), and who a session
// cookie belongs to. Every sign-in, refused or not, counts against the
// throttle (domain/people/sign_in_throttle.h) and, for a real person, is in their
// tenant's audit log. An unknown address, a disabled person, one without a
// password yet and a wrong password get the same answer in the same time
// (an Argon2id check against a decoy hash).
#pragma once

#include <optional>
#include <string>

#include "domain/people/password_proof.h"
#include "domain/people/session.h"
#include "domain/people/user.h"
#include "domain/store.h"

namespace payd::domain {

struct SignedIn {
  User user;
  Session session;
  std::string token;          // for the cookie; only its digest is stored
  std::string browser_token;  // the known-browser cookie's token (SignIn, SignInWithCode)
};

struct SignInResult {
  // kSecondFactorNeeded: the password was right and the person has a second
  // factor; signed_in holds a session waiting for the code (SignInWithCode).
  enum class Outcome { kSignedIn, kSecondFactorNeeded, kRefused, kLocked };
  Outcome outcome = Outcome::kRefused;
  std::optional<SignedIn> signed_in;
  base::TimeMs retry_after_ms = 0;  // kLocked: how long the lock lasts
  // ConfirmPassword's kSignedIn: the proof an operation may ask for.
  std::optional<PasswordProof> proof;
};

// `browser`: the token of the browser's known-browser cookie, if it sent one.
// A sign-in from a browser not seen before is announced to the person by
// email when payd sends email (a security message, DECISIONS §18).
// A browser its person signed in from before is not stopped by a lock by
// address (whoever knows the address cannot lock them out there); the
// client's lock still holds. Signed in, `signed_in->browser_token` is the
// token to keep in that cookie (the same, or a new one).
SignInResult SignIn(Store& store, const std::string& email, const std::string& password,
                    const std::string& client_ip, const SessionPolicy& policy, base::TimeMs now,
                    const std::string& browser = {});

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
// Signed in: the waiting session is replaced by a new one (a new token), and
// the browser (`browser`: its known-browser cookie's token) is remembered.
// A browser not seen before is announced to the person by email (as SignIn does).
SignInResult SignInWithCode(Store& store, const CurrentUser& waiting, const std::string& code,
                            const std::string& client_ip, const SessionPolicy& policy,
                            base::TimeMs now, const std::string& browser = {});

// A signed-in person types their password again before a sensitive change
// (turning two factors off, new recovery codes, revealing the webhook
// secret, a new payout address), or a code from their authenticator app when
// they have one. Wrong answers count against the same throttles as sign-ins.
// kSignedIn when it is right (signed_in stays empty, proof is set), kRefused,
// kLocked.
SignInResult ConfirmPassword(Store& store, const User& user, const std::string& password,
                             const std::string& client_ip, base::TimeMs now);

// Ends the session (or, `everywhere`, every session of its user).
void SignOut(Store& store, const CurrentUser& current, bool everywhere, base::TimeMs now);

// The link behind `token` while it may be used, with its person and whether
// they have a second factor (then the link asks for its code too).
struct LinkHolder {
  SignInLink link;
  User user;
  bool needs_code = false;
};
std::optional<LinkHolder> FindUsableLink(Store& store, const std::string& token, base::TimeMs now);

// What the link's form sent: the new password and, for a person with a
// second factor, the authenticator's code or an unused recovery code.
struct LinkAnswer {
  std::string password;
  std::string code;
  std::string client_ip;
};

struct LinkRedemption {
  // kCodeRefused: no code, or a wrong one (counted against the throttle like
  // a wrong sign-in code); kLocked: too many failures, for retry_after_ms;
  // kGone: the link was used (or its person disabled) meanwhile. Only
  // kSignedIn uses the link.
  enum class Outcome { kSignedIn, kCodeRefused, kLocked, kGone };
  Outcome outcome = Outcome::kGone;
  std::optional<SignedIn> signed_in;
  base::TimeMs retry_after_ms = 0;
};

// A one-time link's use: the person chooses a password (checked: 400 on
// password) and is signed in, their other sessions ended. A person with a
// second factor must give its code as well (DECISIONS §13): a link alone
// never takes over an account, whoever issued it.
LinkRedemption RedeemSignInLink(Store& store, const LinkHolder& holder, const LinkAnswer& answer,
                                const SessionPolicy& policy, base::TimeMs now);

// A redemption's transaction, the new password hashed already (the 0.1 s
// before it): the code checked, the link used (once: of two at once, exactly
// one signs in), the password set, a session opened.
LinkRedemption CompleteLinkRedemption(Store& store, const LinkHolder& holder,
                                      const LinkAnswer& answer, const std::string& password_hash,
                                      const SessionPolicy& policy, base::TimeMs now);

}  // namespace payd::domain
