// New heads pushed by the node (eth_subscribe "newHeads" over its WebSocket),
// on a thread of its own: each head calls `on_head`, which wakes the chain's
// watcher at once instead of at its next poll. The socket is a doorbell, never
// a source of truth: the watcher still reads every block over HTTP with its
// reorganisation and lag rules, and still polls at its interval.
//
// When the socket fails (refused, closed, silent past its pings), one line is
// logged, the watcher is left to its poll interval, and the socket is opened
// again with backoff (1 s doubling to 30 s); `head subscription restored` is
// logged when it is back. ws:// and wss:// (certificates verified).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace payd::chain {

class HeadSubscription {
 public:
  HeadSubscription(std::string url, std::int64_t chain_id, std::function<void()> on_head);
  ~HeadSubscription();
  HeadSubscription(const HeadSubscription&) = delete;
  HeadSubscription& operator=(const HeadSubscription&) = delete;

  void Start();
  void Stop();
  // Subscribed now: heads arrive as the node has them.
  bool live() const { return live_.load(); }

 private:
  struct Session;  // the socket and its coroutine (Boost.Beast), kept out of this header

  std::string url_;
  std::int64_t chain_id_;
  std::function<void()> on_head_;
  std::atomic<bool> live_{false};
  std::unique_ptr<Session> session_;
  std::thread thread_;
};

}  // namespace payd::chain
