#include "http/stream_bell.h"

#include <boost/asio/post.hpp>

namespace payd::http {

// Shared by the bell's set, the waiting stream and the cancellations posted
// to its strand. `timer` is cleared when the wait ends (on that strand, under
// the bell's lock, after leaving the set), so a cancellation that arrives
// later finds nothing to cancel.
struct StreamBell::Waiter {
  boost::asio::steady_timer* timer;
};

void StreamBell::Ring() {
  std::lock_guard lock(mu_);
  ++rings_;
  for (const auto& waiter : waiters_) {
    boost::asio::post(waiter->timer->get_executor(), [waiter] {
      if (waiter->timer) waiter->timer->cancel();
    });
  }
  waiters_.clear();
}

std::uint64_t StreamBell::Rings() const {
  std::lock_guard lock(mu_);
  return rings_;
}

StreamBell::Registration StreamBell::Wait(boost::asio::steady_timer& timer, std::uint64_t seen) {
  auto waiter = std::make_shared<Waiter>(&timer);
  {
    std::lock_guard lock(mu_);
    if (rings_ != seen) return nullptr;
    waiters_.insert(waiter);
  }
  // Ends the wait on the stream's strand: withdrawn from the bell, and any
  // cancellation already posted finds no timer.
  return Registration(waiter.get(), [this, waiter](void*) {
    std::lock_guard lock(mu_);
    waiters_.erase(waiter);
    waiter->timer = nullptr;
  });
}

}  // namespace payd::http
