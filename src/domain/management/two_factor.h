// Managing second factors (issue 18): a person sets up an authenticator app
// (StartTwoFactor, then ConfirmTwoFactor with its first code, which gives the
// recovery codes, shown once), renews their recovery codes or turns two
// factors off; an owner resets another person's (a lost phone) and may
// require two factors of the whole tenant. Each change is audited; no audit
// row holds a secret or a code.
#pragma once

#include <string>
#include <vector>

#include "domain/management/change.h"
#include "domain/people/two_factor.h"
#include "domain/people/user.h"

namespace payd::domain {

// A new secret for `user`'s authenticator, replacing one not confirmed yet.
// 400 on code when two factors are already on.
SecondFactor StartTwoFactor(const Change& change, const User& user);

// Turns two factors on when `code` is the authenticator's (400 on code
// otherwise, or when none was started) and returns the recovery codes. The
// person's other sessions end, opened before a second factor guarded them
// (perhaps by whoever knew the password); the one of `keep_session_digest`,
// where they turned it on, stays (none kept when it is empty).
std::vector<std::string> ConfirmTwoFactor(const Change& change, const User& user,
                                          const std::string& code,
                                          const std::string& keep_session_digest);

// New recovery codes for a person with two factors on; the old ones stop working.
std::vector<std::string> RenewRecoveryCodes(const Change& change, const User& user);

// Turns `user`'s second factor off (and drops their recovery codes). A
// person turns off only their own, and not while the tenant requires two
// factors (400 on code). Another person's (a lost phone) only the operator
// removes (`payd user reset-two-factor`; a person asking gets 400 on id):
// were an owner able to, an owner could remove a colleague's factor and then
// take the account over with a reset link. Every session of that person ends
// (whoever has the phone may be signed in).
void TurnOffTwoFactor(const Change& change, const User& user);

// The tenant's rule. An owner who turns it on must have two factors
// themselves (400 on requireTwoFactor): nobody is locked out by surprise.
void RequireTwoFactor(const Change& change, const User& owner, bool required);

}  // namespace payd::domain
