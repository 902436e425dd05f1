// Fixed-window request counting for the key-less public endpoints, per bucket
// (kind, client, integration): in the database on PostgreSQL, so that several
// processes count together, otherwise in memory, per process (it guards
// against abusive clients; the processes sharing one SQLite file are few).
//
// Memory is bounded: at most `max_buckets` windows are kept. Windows that
// ended are dropped first. When every kept window is live, one is evicted,
// and which one matters, because an evicted bucket starts again from zero:
// a flood of new buckets (one request each, from many addresses) must not be
// able to push out a client that is over its limit, nor an honest client in
// the middle of its minute. So buckets that have made a single request wait
// on probation and are evicted first, oldest first; a second request
// promotes a bucket to the protected list, evicted only when probation is
// empty. Evicting a protected bucket therefore takes `max_buckets` buckets of
// two requests each within one minute.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/time.h"
#include "domain/access/auth.h"
#include "domain/store.h"

namespace payd::api {

class PublicLimiter {
 public:
  static constexpr std::size_t kDefaultMaxBuckets = 100'000;

  explicit PublicLimiter(std::size_t max_buckets = kDefaultMaxBuckets);

  // Counts in `store`'s shared windows (Store::CountClientRequest) where it
  // keeps them, so that every process sharing the database counts the same
  // minute; in memory otherwise. `store` outlives the limiter.
  void ShareThrough(domain::Store& store) { shared_ = &store; }

  // Counts this request in `bucket`: whether it fits within `limit_per_min`,
  // and the bucket's numbers for the X-RateLimit-* headers (what is left of
  // the limit after it, when the bucket's minute ends).
  domain::RateDecision Charge(const std::string& bucket, int limit_per_min, base::TimeMs now);
  // Charge(…).allowed.
  bool Allow(const std::string& bucket, int limit_per_min, base::TimeMs now) {
    return Charge(bucket, limit_per_min, now).allowed;
  }
  // Windows kept in memory.
  std::size_t Size();

 private:
  struct Window {
    base::TimeMs start = 0;
    int count = 0;
    bool is_protected = false;
    std::list<std::string>::iterator position;  // in probation_ or protected_
  };
  std::list<std::string>& ListOf(const Window& w) {
    return w.is_protected ? protected_ : probation_;
  }
  void Forget(const std::string& bucket);
  void DropEnded(std::list<std::string>& list, base::TimeMs now);
  void MakeRoom(base::TimeMs now);

  domain::Store* shared_ = nullptr;
  std::mutex mu_;
  std::size_t max_buckets_;
  std::unordered_map<std::string, Window> windows_;
  // Oldest first; each bucket is on exactly one of the two.
  std::list<std::string> probation_;
  std::list<std::string> protected_;
};

}  // namespace payd::api
