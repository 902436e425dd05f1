// How sign-in attempts are slowed (issue 18): after a few wrong passwords for
// one address, or many from one client, each further failure locks that
// address (or client) out for twice as long as the last, up to a limit; a
// quiet hour forgets. Unknown addresses count exactly like real ones, so the
// lock says nothing about who has an account. Pure rules; the counts live in
// the database (every process shares them).
#pragma once

#include <string>

#include "base/time.h"

namespace payd::domain {

struct ThrottleState {
  int failures = 0;
  base::TimeMs last_failure_at = 0;
  base::TimeMs locked_until = 0;
};

struct ThrottleRule {
  int free_failures;           // failures allowed before the first lock
  base::TimeMs first_lock_ms;  // doubled by each further failure
  base::TimeMs max_lock_ms;
  base::TimeMs forget_after_ms;  // failures this old no longer count
};

inline constexpr ThrottleRule kAccountThrottle{5, 30'000, 15 * 60'000, 60 * 60'000};
inline constexpr ThrottleRule kClientThrottle{20, 30'000, 15 * 60'000, 60 * 60'000};

// The keys the counts are kept under: wrong passwords by address, wrong
// second-factor codes by person (only someone who knew the password can
// count those), and both by client (an IPv6 /64 is one client).
std::string AccountThrottleKey(const std::string& email);
std::string SecondFactorThrottleKey(const std::string& user_id);
std::string ClientThrottleKey(const std::string& client_ip);

// How long the key stays locked at `now` (0: it may try).
base::TimeMs LockedFor(const ThrottleState& state, base::TimeMs now);

// The state after one more failure at `now`.
ThrottleState AfterFailure(ThrottleState state, const ThrottleRule& rule, base::TimeMs now);

// `current` with one failure taken back: an attempt counted before its hash
// (`before` → `counted`) that proved right. The lock that count set is lifted
// unless a later failure has set another since.
ThrottleState Forgiven(ThrottleState current, const ThrottleState& before,
                       const ThrottleState& counted);

}  // namespace payd::domain
