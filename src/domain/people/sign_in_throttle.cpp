#include "domain/people/sign_in_throttle.h"

#include <algorithm>

#include "base/ip_ranges.h"

namespace payd::domain {

std::string AccountThrottleKey(const std::string& email) {
  return "email:" + email;
}

std::string SecondFactorThrottleKey(const std::string& user_id) {
  return "code:" + user_id;
}

std::string ClientThrottleKey(const std::string& client_ip) {
  // An IPv6 client holds a whole /64: keyed by each address, it could try
  // 2^64 times before the first lock.
  return "ip:" + base::ClientKey(client_ip);
}

base::TimeMs LockedFor(const ThrottleState& state, base::TimeMs now) {
  return std::max<base::TimeMs>(0, state.locked_until - now);
}

ThrottleState AfterFailure(ThrottleState state, const ThrottleRule& rule, base::TimeMs now) {
  if (now - state.last_failure_at >= rule.forget_after_ms) state.failures = 0;
  state.failures += 1;
  state.last_failure_at = now;
  int over = state.failures - rule.free_failures;
  if (over >= 0) {
    base::TimeMs lock = rule.first_lock_ms;
    for (int i = 0; i < over && lock < rule.max_lock_ms; ++i) lock *= 2;
    state.locked_until = now + std::min(lock, rule.max_lock_ms);
  }
  return state;
}

ThrottleState Forgiven(ThrottleState current, const ThrottleState& before,
                       const ThrottleState& counted) {
  if (current.failures > 0) --current.failures;
  if (current.locked_until == counted.locked_until) current.locked_until = before.locked_until;
  return current;
}

}  // namespace payd::domain
