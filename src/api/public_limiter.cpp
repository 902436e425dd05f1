#include "api/public_limiter.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

namespace payd::api {

namespace {

constexpr base::TimeMs kWindowMs = 60'000;

domain::RateDecision Decide(base::TimeMs window_start, long long count, int limit_per_min) {
  domain::RateDecision decision;
  decision.allowed = count <= limit_per_min;
  decision.limit = limit_per_min;
  decision.remaining = static_cast<int>(std::max<long long>(0, limit_per_min - count));
  decision.reset_epoch_s = (window_start + kWindowMs + 999) / 1000;
  return decision;
}

}  // namespace

PublicLimiter::PublicLimiter(std::size_t max_buckets)
    : max_buckets_(std::max<std::size_t>(1, max_buckets)) {}

domain::RateDecision PublicLimiter::Charge(const std::string& bucket, int limit_per_min,
                                           base::TimeMs now) {
  if (shared_) {
    if (auto window = shared_->CountClientRequest(bucket, now, kWindowMs))
      return Decide(window->window_start, window->count, limit_per_min);
  }
  std::lock_guard lock(mu_);
  auto it = windows_.find(bucket);
  if (it != windows_.end() && it->second.start + kWindowMs <= now) {
    Forget(bucket);  // its window ended: it starts again, on probation
    it = windows_.end();
  }
  if (it == windows_.end()) {
    MakeRoom(now);
    probation_.push_back(bucket);
    it = windows_.emplace(bucket, Window{now, 0, false, std::prev(probation_.end())}).first;
  }
  Window& w = it->second;
  if (++w.count == 2) {
    protected_.splice(protected_.end(), probation_, w.position);
    w.is_protected = true;
  }
  return Decide(w.start, w.count, limit_per_min);
}

std::size_t PublicLimiter::Size() {
  std::lock_guard lock(mu_);
  return windows_.size();
}

void PublicLimiter::Forget(const std::string& bucket) {
  auto it = windows_.find(bucket);
  ListOf(it->second).erase(it->second.position);
  windows_.erase(it);
}

// Lists are in order of entry, which is close to window order: drops ended
// windows from the front until one is still running.
void PublicLimiter::DropEnded(std::list<std::string>& list, base::TimeMs now) {
  while (!list.empty()) {
    auto it = windows_.find(list.front());
    if (it->second.start + kWindowMs > now) return;
    list.pop_front();
    windows_.erase(it);
  }
}

void PublicLimiter::MakeRoom(base::TimeMs now) {
  DropEnded(probation_, now);
  DropEnded(protected_, now);
  while (windows_.size() >= max_buckets_) {
    std::list<std::string>& victims = probation_.empty() ? protected_ : probation_;
    windows_.erase(victims.front());
    victims.pop_front();
  }
}

}  // namespace payd::api
