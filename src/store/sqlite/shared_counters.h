// Per-key request windows, and the generation of the API keys, in a
// memory-mapped file beside the SQLite database, shared by every payd process
// using that database. SQLite only
// works for processes on one host, so shared memory reaches all of them, and
// counting a request costs a few atomic operations instead of a write
// transaction. Lock-free: slots are claimed and updated with 64-bit CAS, so a
// process dying mid-update leaves nothing half-written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"
#include "domain/store.h"

namespace payd::store::sqlite {

class SharedCounters {
 public:
  static constexpr std::size_t kDefaultSlots = 1 << 16;  // 1 MiB

  // Creates the file if needed and maps it. A file made earlier keeps the slot
  // count in its header, which wins over `slots`. Throws domain::StoreUnavailable.
  explicit SharedCounters(const std::string& path, std::size_t slots = kDefaultSlots);
  ~SharedCounters();
  SharedCounters(const SharedCounters&) = delete;
  SharedCounters& operator=(const SharedCounters&) = delete;

  // Counts one request by `key_id` in its window (see domain::Store::CountRequest).
  // Nothing when the table has no free slot left; the caller then counts elsewhere.
  std::optional<domain::RateWindow> Count(std::string_view key_id, base::TimeMs now,
                                          base::TimeMs window_ms);

  // A number that grows whenever a process changes an API key: a process
  // that read a key while it was g may trust its copy as long as it is still
  // g (key_cache.h). A file laid out before it existed reads 0.
  std::uint64_t KeyGeneration() const;
  // Called after the change has committed (sqlite_store.cpp says why).
  void BumpKeyGeneration();

 private:
  struct Slot {
    std::uint64_t tag;    // which key; 0 = free
    std::uint64_t state;  // window start and count, packed
  };

  Slot* FindOrClaim(std::uint64_t tag);

  void* map_ = nullptr;
  std::size_t size_ = 0;
  std::size_t slot_count_ = 0;
  Slot* slots_ = nullptr;
  std::uint64_t* key_generation_ = nullptr;  // in the header
};

}  // namespace payd::store::sqlite
