// What the live intent streams (public_intent_events.cpp) share in one
// process: a bell rung by every write that may have changed some intent's
// payer view (the ledger's passes, sender proofs, and on PostgreSQL those of
// the other processes, told by NOTIFY), so that a stream re-reads its intent
// as soon as it rings and only then (or every few seconds, for writes no
// bell told of); and the number of streams each client holds open, bounded.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "http/stream_bell.h"

namespace payd::api {

class LiveIntents {
 public:
  void Changed() { bell_.Ring(); }
  std::uint64_t Changes() const { return bell_.Rings(); }
  http::StreamBell& bell() { return bell_; }
  // From other processes (Store::OnIntentsAnnounced): a change, or the feed
  // lost. While it is live, streams need not re-read on a clock to see them.
  void Announced(bool feed_live) {
    feed_live_.store(feed_live, std::memory_order_relaxed);
    if (feed_live) bell_.Ring();
  }
  bool FeedLive() const { return feed_live_.load(std::memory_order_relaxed); }

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

  http::StreamBell bell_;
  std::atomic<bool> feed_live_{false};
  std::mutex mu_;
  std::unordered_map<std::string, int> open_;
  int total_ = 0;
};

}  // namespace payd::api
