#include "domain/links/link_views.h"

#include <algorithm>

namespace payd::domain {

bool LinkViews::View(const std::string& link_id, const std::string& client, base::TimeMs now) {
  std::lock_guard lock(mu_);
  std::string key = client + "|" + link_id;
  auto it = remembered_.find(key);
  if (it != remembered_.end() && now - it->second < options_.repeat_window_ms) return false;
  if (it == remembered_.end() && remembered_.size() >= options_.max_remembered) Forget(now);
  remembered_[key] = now;
  ++pending_[link_id];
  return true;
}

void LinkViews::Forget(base::TimeMs now) {
  std::erase_if(remembered_,
                [&](const auto& entry) { return now - entry.second >= options_.repeat_window_ms; });
  if (remembered_.size() < options_.max_remembered) return;
  std::vector<base::TimeMs> times;
  times.reserve(remembered_.size());
  for (const auto& [key, at] : remembered_) times.push_back(at);
  auto middle = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2);
  std::nth_element(times.begin(), middle, times.end());
  base::TimeMs median = *middle;
  std::erase_if(remembered_, [&](const auto& entry) { return entry.second <= median; });
}

void LinkViews::Flush() {
  std::vector<std::pair<std::string, std::int64_t>> batch;
  {
    std::lock_guard lock(mu_);
    if (pending_.empty()) return;
    batch.assign(pending_.begin(), pending_.end());
    pending_.clear();
  }
  try {
    store_.AddPaymentLinkViews(batch);
  } catch (...) {
    std::lock_guard lock(mu_);
    for (const auto& [link, views] : batch) pending_[link] += views;
    throw;
  }
}

std::int64_t LinkViews::Pending() const {
  std::lock_guard lock(mu_);
  std::int64_t total = 0;
  for (const auto& [link, views] : pending_) total += views;
  return total;
}

std::size_t LinkViews::Remembered() const {
  std::lock_guard lock(mu_);
  return remembered_.size();
}

}  // namespace payd::domain
