// Fixed-window request counting for the key-less public endpoints, per
// (kind, client IP, integration), in memory. Unlike the per-key REST limit it
// is per process: it guards against abusive clients, not a contract.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "base/time.h"

namespace payd::api {

class PublicLimiter {
 public:
  // True if this request fits within `limit_per_min` for `bucket`.
  bool Allow(const std::string& bucket, int limit_per_min, base::TimeMs now);

 private:
  struct Window {
    base::TimeMs start = 0;
    int count = 0;
  };
  void Sweep(base::TimeMs now);

  std::mutex mu_;
  std::unordered_map<std::string, Window> windows_;
  base::TimeMs last_sweep_ = 0;
};

}  // namespace payd::api
