// What the live intent streams (public_intent_events.cpp) share in one
// process: a count of writes that may have changed some intent's payer view
// (the ledger's passes, sender proofs), so that a stream re-reads its intent
// only when the count moved (or every few seconds, for writes by other
// processes); and the number of streams each client holds open, bounded.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace payd::api {

class LiveIntents {
 public:
  void Changed() { changes_.fetch_add(1, std::memory_order_relaxed); }
  std::uint64_t Changes() const { return changes_.load(std::memory_order_relaxed); }

  // Held by an open stream; its destruction frees the client's slot.
  using Slot = std::shared_ptr<void>;
  enum class Refusal { kNone, kClientFull, kFull };
  // A slot for `client`, or nothing (and why) when it already holds
  // `max_per_client` streams or `max_total` are open from all clients.
  Slot TryOpen(const std::string& client, int max_per_client, int max_total,
               Refusal* why = nullptr);
  int OpenStreams(const std::string& client);

 private:
  void Close(const std::string& client);

  std::atomic<std::uint64_t> changes_{0};
  std::mutex mu_;
  std::unordered_map<std::string, int> open_;
  int total_ = 0;
};

}  // namespace payd::api
