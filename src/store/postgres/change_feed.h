// Changes to intents told to every process on one database: a trigger on
// payment_intents NOTIFYs kChannel at the commit of any change (PostgreSQL
// migration 14), and each process LISTENs on a session of its own here and
// calls back, so the hosted pages of every process follow a payment
// within milliseconds instead of re-reading every few seconds.
//
// A lost session is opened again with backoff (1 s doubling to 30 s), with one
// log line when it is lost and one when it is back; the callback then runs
// once, for what was announced meanwhile. The session has keepalives and a
// TCP user timeout (ConnectionLimits::watched_session), so a half-open
// connection is noticed too.
//
// Owns its session and the thread that reads it; destruction stops both.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace payd::store::postgres {

class ChangeFeed {
 public:
  static constexpr const char* kChannel = "payd_intents";

  // `on_change(true)`: announced, or listening (again); `on_change(false)`: lost.
  ChangeFeed(std::string url, std::function<void(bool listening)> on_change);
  ChangeFeed(const ChangeFeed&) = delete;
  ChangeFeed& operator=(const ChangeFeed&) = delete;

 private:
  void Listen(std::stop_token stop);

  std::string url_;
  std::function<void(bool listening)> on_change_;
  std::mutex mu_;
  std::condition_variable_any wake_;  // the backoff's wait, ended by a stop
  std::jthread thread_;               // declared last: stops first
};

}  // namespace payd::store::postgres
