#include "store/postgres/change_feed.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "base/log.h"
#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

namespace {
using namespace std::chrono_literals;
constexpr auto kFirstBackoff = 1s;
constexpr auto kMaxBackoff = 30s;
constexpr int kStopCheckMs = 250;  // how soon a stop is noticed while nothing arrives
}  // namespace

ChangeFeed::ChangeFeed(std::string url, std::function<void(bool listening)> on_change)
    : url_(std::move(url)),
      on_change_(std::move(on_change)),
      thread_([this](std::stop_token stop) { Listen(stop); }) {}

void ChangeFeed::Listen(std::stop_token stop) {
  auto backoff = std::chrono::milliseconds(kFirstBackoff);
  bool lost = false;
  while (!stop.stop_requested()) {
    try {
      ConnectionLimits limits;
      limits.watched_session = true;
      Connection session(url_, limits);
      session.Exec(std::string("LISTEN ") + kChannel);
      if (lost) base::LogInfo("intent change feed restored", {});
      lost = false;
      backoff = kFirstBackoff;
      on_change_(true);  // whatever was announced before this session listened
      while (!stop.stop_requested()) {
        pollfd ready{.fd = session.socket(), .events = POLLIN, .revents = 0};
        if (::poll(&ready, 1, kStopCheckMs) < 0 && errno != EINTR) break;
        if (session.TakeNotifications() > 0) on_change_(true);
      }
    } catch (const std::exception& e) {
      if (!lost) {
        on_change_(false);
        base::LogWarn(
            "intent change feed lost; pages of other processes re-read every 3 s "
            "until it is back",
            {{"error", e.what()}});
      }
      lost = true;
      std::unique_lock lock(mu_);
      wake_.wait_for(lock, stop, backoff, [] { return false; });
      backoff = std::min<std::chrono::milliseconds>(backoff * 2, kMaxBackoff);
    }
  }
}

}  // namespace payd::store::postgres
