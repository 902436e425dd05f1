#include "store/sqlite/shared_counters.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "base/crypto.h"
#include "store/sqlite/file_modes.h"

namespace payd::store::sqlite {

namespace {

// Header: magic, the slot count as a 64-bit integer, then the key
// generation (a file from before it was added has zeros there).
constexpr std::size_t kHeaderBytes = 64;
constexpr std::size_t kKeyGenerationOffset = 16;
constexpr char kMagic[8] = {'p', 'a', 'y', 'd', 'r', 'l', '0', '1'};

// state = (window start in ms since 2020-01-01) << 23 | count. 41 bits of
// milliseconds last until 2089; counts saturate at 2^23 - 1 per window.
constexpr base::TimeMs kEpochMs = 1'577'836'800'000;
constexpr int kCountBits = 23;
constexpr std::uint64_t kMaxCount = (1ULL << kCountBits) - 1;

std::uint64_t Pack(base::TimeMs start, std::uint64_t count) {
  return (static_cast<std::uint64_t>(start - kEpochMs) << kCountBits) | count;
}
base::TimeMs StartOf(std::uint64_t state) {
  return static_cast<base::TimeMs>(state >> kCountBits) + kEpochMs;
}
std::uint64_t CountOf(std::uint64_t state) {
  return state & kMaxCount;
}

std::atomic_ref<std::uint64_t> Atomic(std::uint64_t& word) {
  return std::atomic_ref(word);
}

}  // namespace

SharedCounters::SharedCounters(const std::string& path, std::size_t slots) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) ThrowFileError("cannot open", path);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    ThrowFileError("cannot stat", path);
  }
  // A file another process laid out keeps its slot count.
  if (static_cast<std::size_t>(st.st_size) >= kHeaderBytes) {
    char header[16] = {};
    if (::pread(fd, header, sizeof header, 0) == sizeof header &&
        std::memcmp(header, kMagic, sizeof kMagic) == 0) {
      std::memcpy(&slots, header + sizeof kMagic, sizeof slots);
    }
  }
  slot_count_ = slots;
  size_ = kHeaderBytes + slot_count_ * sizeof(Slot);
  // A fresh file is zero-filled by ftruncate: every slot free. Never shrink a
  // file another process may have mapped.
  if (static_cast<std::size_t>(st.st_size) < size_ &&
      ::ftruncate(fd, static_cast<off_t>(size_)) != 0) {
    ::close(fd);
    ThrowFileError("cannot size", path);
  }
  map_ = ::mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    ThrowFileError("cannot map", path);
  }
  auto* header = static_cast<char*>(map_);
  if (std::memcmp(header, kMagic, sizeof kMagic) != 0) {
    std::memcpy(header + sizeof kMagic, &slot_count_, sizeof slot_count_);
    std::memcpy(header, kMagic, sizeof kMagic);
  }
  slots_ = reinterpret_cast<Slot*>(header + kHeaderBytes);
  key_generation_ = reinterpret_cast<std::uint64_t*>(header + kKeyGenerationOffset);
}

SharedCounters::~SharedCounters() {
  if (map_) ::munmap(map_, size_);
}

std::uint64_t SharedCounters::KeyGeneration() const {
  return Atomic(*key_generation_).load(std::memory_order_acquire);
}

void SharedCounters::BumpKeyGeneration() {
  Atomic(*key_generation_).fetch_add(1, std::memory_order_acq_rel);
}

SharedCounters::Slot* SharedCounters::FindOrClaim(std::uint64_t tag) {
  for (std::size_t i = 0; i < slot_count_; ++i) {
    Slot& slot = slots_[(tag + i) % slot_count_];
    std::uint64_t current = Atomic(slot.tag).load(std::memory_order_acquire);
    if (current == 0) {
      std::uint64_t expected = 0;
      if (Atomic(slot.tag).compare_exchange_strong(expected, tag, std::memory_order_acq_rel)) {
        return &slot;
      }
      current = expected;  // another process claimed it first
    }
    if (current == tag) return &slot;
  }
  return nullptr;
}

std::optional<domain::RateWindow> SharedCounters::Count(std::string_view key_id, base::TimeMs now,
                                                        base::TimeMs window_ms) {
  std::string digest = base::Sha256(key_id);
  std::uint64_t tag;
  std::memcpy(&tag, digest.data(), sizeof tag);
  tag |= 1;  // never 0, which marks a free slot
  Slot* slot = FindOrClaim(tag);
  if (!slot) return std::nullopt;
  auto state = Atomic(slot->state);
  std::uint64_t old = state.load(std::memory_order_acquire);
  std::uint64_t next;
  do {
    bool fresh = old == 0 || StartOf(old) + window_ms <= now;
    next = fresh ? Pack(now, 1) : Pack(StartOf(old), std::min(CountOf(old) + 1, kMaxCount));
  } while (!state.compare_exchange_weak(old, next, std::memory_order_acq_rel));
  return domain::RateWindow{StartOf(next), static_cast<long long>(CountOf(next))};
}

}  // namespace payd::store::sqlite
