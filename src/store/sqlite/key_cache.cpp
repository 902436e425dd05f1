#include "store/sqlite/key_cache.h"

namespace payd::store::sqlite {

std::optional<domain::ApiKey> KeyCache::Find(const std::string& digest, std::uint64_t generation,
                                             const Load& load, Clock::time_point now) {
  {
    std::lock_guard lock(mu_);
    auto it = entries_.find(digest);
    if (it != entries_.end() && it->second.generation == generation &&
        now - it->second.read_at < kMostAge) {
      return it->second.key;
    }
  }
  // Read outside the lock: a database read must not hold up other threads' hits.
  auto key = load(digest);
  std::lock_guard lock(mu_);
  if (!key) {
    entries_.erase(digest);
    return key;
  }
  if (entries_.size() >= kMostEntries) entries_.clear();
  entries_.insert_or_assign(digest, Entry{*key, generation, now});
  return key;
}

}  // namespace payd::store::sqlite
