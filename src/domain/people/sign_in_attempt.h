// A password's attempt against the sign-in throttle (sign_in_throttle.h), in
// two steps around its Argon2id hash. Before the hash, one transaction checks
// the locks and counts the attempt as a failure: checked apart from the count
// (as before issue 35), a burst of guesses all passed a check made before any
// of them was counted, since each hash takes 0.1 s. A right password then takes
// its own count back. On PostgreSQL the throttle rows are held until the
// transaction ends (ManagementTx::ReadThrottle), so concurrent attempts count
// one after another.
#pragma once

#include <string>

#include "base/time.h"
#include "domain/management_tx.h"
#include "domain/people/sign_in_throttle.h"
#include "domain/store.h"

namespace payd::domain {

struct AttemptKeys {
  std::string account;  // AccountThrottleKey
  std::string client;   // ClientThrottleKey
  // False for a person with a second factor: a lock by address then does not
  // stop their password (its code still has to follow, throttled on its own
  // key), so that whoever knows an address cannot lock its owner out.
  bool account_lock_applies = true;
  // The known-browser cookie's token and the person it must be known for:
  // such a browser is not stopped by the lock by address either (empty: none).
  std::string browser_token;
  std::string user_id;
};

struct Attempt {
  base::TimeMs locked_for_ms = 0;  // > 0: refused before the hash, nothing counted
  bool known_browser = false;      // keys.browser_token is one keys.user_id signed in from
  ThrottleState account_before, account_counted, client_before, client_counted;
};

// The lock checked and, unless locked, the attempt counted as a failure.
Attempt BeginAttempt(Store& store, const AttemptKeys& keys, base::TimeMs now);

// Inside the transaction of a right password: the attempt's count taken back
// (Forgiven), and the account's failures cleared when `clear_account`.
void ForgiveAttempt(ManagementTx& tx, const AttemptKeys& keys, const Attempt& attempt,
                    bool clear_account);

}  // namespace payd::domain
