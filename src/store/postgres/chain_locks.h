#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

// Chain leadership across processes: one session advisory lock per chain,
// each on a PostgreSQL session of its own that this class owns. The server
// lets a lock go when its session ends, so a dead process leads nothing.
//
// A process that is alive to the kernel but runs no code (frozen: SIGSTOP, a
// VM paused, a debugger) keeps its TCP connection and so its lock; keepalives
// cannot tell. So each session has `idle_session_timeout`, and a heartbeat
// thread here runs a statement on every session well inside it, whatever the
// chain's poll interval (up to 600 s). A frozen process stops its heartbeat,
// the server ends its session, and another process leads within
// the idle timeout plus one of its polls. When the frozen one wakes, its pass
// meets the cursor's compare-and-set (LedgerTx::SaveCursor) and stands down.
class ChainLocks {
 public:
  static constexpr std::chrono::milliseconds kIdleTimeout{15000};

  // The heartbeat runs four times within `idle_timeout`.
  explicit ChainLocks(std::string url, std::chrono::milliseconds idle_timeout = kIdleTimeout)
      : url_(std::move(url)), idle_timeout_(idle_timeout) {}
  ChainLocks(const ChainLocks&) = delete;
  ChainLocks& operator=(const ChainLocks&) = delete;

  // Takes (or confirms) the chain's lock: true while this process holds it.
  // Throws StoreUnavailable when the session is lost (the lock with it).
  bool Lead(std::int64_t chain_id);
  // Lets the lock go, and closes its session.
  void StopLeading(std::int64_t chain_id);

 private:
  // Per chain: the session that holds (or asks for) its lock, and whether it
  // holds it. Its own mutex is held across round trips; mu_ only while the
  // map is looked up, so one chain's slow database never stalls another's.
  struct Chain {
    std::mutex mu;
    std::unique_ptr<Connection> session;
    bool held = false;
  };
  Chain& ChainOf(std::int64_t chain_id);
  void Beat(std::stop_token stop);

  std::string url_;
  std::chrono::milliseconds idle_timeout_;
  std::mutex mu_;
  std::unordered_map<std::int64_t, std::unique_ptr<Chain>> chains_;  // never erased
  std::condition_variable_any beat_wake_;
  // Started with the first session; declared last, so it stops first.
  std::jthread heartbeat_;
};

}  // namespace payd::store::postgres
