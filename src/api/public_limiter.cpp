#include "api/public_limiter.h"

#include <iterator>

namespace payd::api {

namespace {

constexpr base::TimeMs kWindowMs = 60'000;

}  // namespace

bool PublicLimiter::Allow(const std::string& bucket, int limit_per_min, base::TimeMs now) {
  std::lock_guard lock(mu_);
  if (now - last_sweep_ > kWindowMs) Sweep(now);
  Window& w = windows_[bucket];
  if (w.start + kWindowMs <= now) w = Window{now, 0};
  return ++w.count <= limit_per_min;
}

void PublicLimiter::Sweep(base::TimeMs now) {
  last_sweep_ = now;
  for (auto it = windows_.begin(); it != windows_.end();) {
    it = it->second.start + kWindowMs <= now ? windows_.erase(it) : std::next(it);
  }
}

}  // namespace payd::api
