#include "domain/webhooks/delivery_rules.h"

#include <algorithm>
#include <cmath>

namespace payd::domain {

namespace {

constexpr double kJitterShare = 0.1;
constexpr long long kMaxRetryAfterS = 24LL * 60 * 60;

}  // namespace

AttemptDecision DecideAfterAttempt(int attempts, const AttemptOutcome& outcome,
                                   const std::vector<int>& schedule_s, base::TimeMs now,
                                   double jitter) {
  AttemptDecision d;
  int status = outcome.http_status.value_or(0);
  if (status >= 200 && status < 300) {
    d.status = DeliveryStatus::kDelivered;
    return d;
  }
  if (outcome.permanent) {
    d.status = DeliveryStatus::kFailed;
    return d;
  }
  if (status == 410) {
    d.status = DeliveryStatus::kFailed;
    d.disable_endpoint = true;
    return d;
  }
  std::size_t retry = static_cast<std::size_t>(std::max(attempts, 1) - 1);
  if (retry >= schedule_s.size()) {
    d.status = DeliveryStatus::kFailed;
    return d;
  }
  double delay_ms =
      schedule_s[retry] * 1000.0 * (1.0 + kJitterShare * std::clamp(jitter, -1.0, 1.0));
  if ((status == 429 || status == 503) && outcome.retry_after_s) {
    long long asked = std::clamp<long long>(*outcome.retry_after_s, 0, kMaxRetryAfterS);
    delay_ms = std::max(delay_ms, asked * 1000.0);
  }
  d.status = DeliveryStatus::kRetrying;
  d.next_attempt_at = now + static_cast<base::TimeMs>(std::llround(delay_ms));
  return d;
}

}  // namespace payd::domain
