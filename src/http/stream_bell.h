// Wakes the streams (server-sent events) that wait for their next step when
// what they show may have changed, instead of each polling at its own pace:
// a payer's page learns of a confirmation within milliseconds, and ten
// thousand open pages cost nothing while nothing changes.
//
// Ring() counts a change and ends every registered wait at once, each on its
// stream's own strand. A stream passes the count it last looked at when it
// registers; if a ring came since, it does not wait at all, so a change
// between a stream's look and its wait is never missed.
//
// Thread-safe. The bell owns its registrations; a Registration (held by the
// waiting stream, destroyed on its strand) withdraws one. The bell outlives
// the server whose streams use it.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_set>

namespace payd::http {

class StreamBell {
 public:
  struct Waiter;
  using Registration = std::shared_ptr<void>;

  void Ring();
  std::uint64_t Rings() const;

  // Registers `timer` (waited on by a stream that last looked at `seen`) to
  // be cancelled by the next ring; nothing when a ring came after `seen`.
  Registration Wait(boost::asio::steady_timer& timer, std::uint64_t seen);

 private:
  mutable std::mutex mu_;
  std::uint64_t rings_ = 0;
  std::unordered_set<std::shared_ptr<Waiter>> waiters_;
};

}  // namespace payd::http
