// Group commit: writes that arrive at once share one transaction and one
// commit (one fsync), the way PostgreSQL batches WAL flushes, and each is
// acknowledged only after the commit that holds it.
//
// The first caller to find the queue empty leads: it takes what is queued
// (itself first, at most kMaxGroup), runs each write in a savepoint of one
// transaction, commits, and wakes the others; while it commits, new callers
// queue for the next group, led by the first of them (LevelDB's writer
// queue). A write that throws is rolled back to its savepoint and gets its
// own exception; the others in its group still commit. When the commit
// fails, every write of the group gets that error: none was stored.
//
// Each write sees the ones before it in its group, as it would have seen
// them committed one by one: exact amounts, idempotency keys and caps hold
// exactly as with one transaction each.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>

#include "store/sql/sql.h"

namespace payd::store::sql {

class GroupCommit {
 public:
  static constexpr std::size_t kMaxGroup = 64;
  using Write = std::function<void(Connection&)>;
  // Runs its function in one write transaction and commits it, or throws
  // (as SqlStore::RunWrite does; it may run the function more than once).
  using Transact = std::function<void(const Write&)>;

  explicit GroupCommit(Transact transact) : transact_(std::move(transact)) {}
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  // Runs `write` in the next group; returns once its group committed, or
  // throws what the write (or the commit) threw.
  void Run(const Write& write);

  // Groups run and writes in them since start, and writes queued now (for
  // tests and benches).
  std::size_t groups() const;
  std::size_t writes() const;
  std::size_t queued() const;

 private:
  struct Waiter {
    const Write* write = nullptr;
    std::exception_ptr error;
    bool done = false;
    std::condition_variable wake;
  };
  Transact transact_;
  mutable std::mutex mu_;
  std::deque<Waiter*> queue_;  // the front one leads; the rest wait for it
  std::size_t groups_ = 0;
  std::size_t writes_ = 0;
};

}  // namespace payd::store::sql
