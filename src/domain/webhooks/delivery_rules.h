// What happens after one webhook delivery attempt (DECISIONS §7): a 2xx is
// DELIVERED; 410 Gone disables the endpoint and fails the delivery; a
// permanent failure (nothing could be sent) is FAILED at once; anything
// else (no answer, a time-out, 3xx, 4xx, 5xx) is retried along the schedule,
// with jitter, then FAILED. On 429 and 503 a Retry-After later than the
// schedule is honoured.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/webhooks/webhook.h"

namespace payd::domain {

struct AttemptOutcome {
  std::optional<int> http_status;  // none: no HTTP answer (see error)
  std::string error;
  std::optional<long long> retry_after_s;
  // Nothing was sent and waiting cannot help (the delivery cannot be built,
  // the endpoint is closed): FAILED at once.
  bool permanent = false;
};

struct AttemptDecision {
  DeliveryStatus status = DeliveryStatus::kRetrying;
  std::optional<base::TimeMs> next_attempt_at;
  bool disable_endpoint = false;
};

// `attempts` counts the attempt just made; `jitter` is in [-1, 1] and moves
// the delay by up to 10%, so that retries of many deliveries spread out.
AttemptDecision DecideAfterAttempt(int attempts, const AttemptOutcome& outcome,
                                   const std::vector<int>& schedule_s, base::TimeMs now,
                                   double jitter);

}  // namespace payd::domain
