// API keys by digest, kept in memory by one process so that an authenticated
// request reads no database for a key that has not changed (issue 19).
//
// An entry is trusted only while the shared key generation
// (SharedCounters::KeyGeneration, the same for every process on the data
// directory) is what it was when the entry was read; any key change by any
// process moves it after its commit, so a revocation is refused on the very
// next request everywhere (DECISIONS §2). An entry is also read again once it
// is a second old, which bounds how long a change whose process died between
// its commit and the bump goes unseen. Unknown digests are never remembered:
// a key made a moment ago elsewhere works at once, and guessing fills nothing.
//
// Holds digests, never key text. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "domain/access/api_key.h"

namespace payd::store::sqlite {

class KeyCache {
 public:
  using Clock = std::chrono::steady_clock;
  using Load = std::function<std::optional<domain::ApiKey>(const std::string& digest)>;

  static constexpr std::size_t kMostEntries = 10'000;  // then it starts over
  static constexpr Clock::duration kMostAge = std::chrono::seconds(1);

  // The key of `digest`: the remembered copy when it was read at
  // `generation`, else `load`'s answer, remembered at `generation`. The
  // caller reads `generation` before calling, so that a change committed
  // after it was read moves it past what this copy is kept at.
  std::optional<domain::ApiKey> Find(const std::string& digest, std::uint64_t generation,
                                     const Load& load, Clock::time_point now = Clock::now());

 private:
  struct Entry {
    domain::ApiKey key;
    std::uint64_t generation;
    Clock::time_point read_at;
  };
  std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;  // by digest
};

}  // namespace payd::store::sqlite
