#include "domain/people/sign_in_attempt.h"

#include <algorithm>

#include "domain/people/session.h"

namespace payd::domain {

Attempt BeginAttempt(Store& store, const AttemptKeys& keys, base::TimeMs now) {
  Attempt attempt;
  store.WithManagement([&](ManagementTx& tx) {
    attempt = {};
    attempt.account_before = tx.ReadThrottle(keys.account);
    attempt.client_before = tx.ReadThrottle(keys.client);
    attempt.locked_for_ms = LockedFor(attempt.client_before, now);
    attempt.known_browser = !keys.browser_token.empty() && !keys.user_id.empty() &&
                            tx.IsKnownBrowser(SessionDigest(keys.browser_token), keys.user_id);
    if (keys.account_lock_applies && !attempt.known_browser) {
      attempt.locked_for_ms =
          std::max(attempt.locked_for_ms, LockedFor(attempt.account_before, now));
    }
    if (attempt.locked_for_ms > 0) return;
    attempt.account_counted = AfterFailure(attempt.account_before, kAccountThrottle, now);
    attempt.client_counted = AfterFailure(attempt.client_before, kClientThrottle, now);
    tx.SaveThrottle(keys.account, attempt.account_counted);
    tx.SaveThrottle(keys.client, attempt.client_counted);
  });
  return attempt;
}

void ForgiveAttempt(ManagementTx& tx, const AttemptKeys& keys, const Attempt& attempt,
                    bool clear_account) {
  if (clear_account) {
    tx.ClearThrottle(keys.account);
  } else {
    tx.SaveThrottle(keys.account, Forgiven(tx.ReadThrottle(keys.account), attempt.account_before,
                                           attempt.account_counted));
  }
  tx.SaveThrottle(keys.client, Forgiven(tx.ReadThrottle(keys.client), attempt.client_before,
                                        attempt.client_counted));
}

}  // namespace payd::domain
