#include <random>
#include <thread>

#include "domain/store.h"
#include "metrics/metrics.h"
#include "store/postgres/pg_db.h"

// The pool of connections and the transaction around a write, with its
// retries of a conflict (pg_db.h: Pool, Transact).
namespace payd::store::postgres {

namespace {

// How often a write that conflicts with another is tried in all (Transact).
constexpr int kTransactAttempts = 8;

}  // namespace

Pool::Pool(std::string url, std::size_t size, ConnectionLimits limits)
    : url_(std::move(url)), size_(size ? size : 1), limits_(limits) {}

Pool::Lease::~Lease() {
  if (conn_) pool_->Return(std::move(conn_));
}

Pool::Lease Pool::Acquire(std::chrono::milliseconds wait) {
  std::unique_lock lock(mu_);
  if (!freed_.wait_for(lock, wait, [&] { return !idle_.empty() || open_ < size_; })) {
    throw domain::StoreUnavailable("postgres: all " + std::to_string(size_) +
                                   " connections busy for " + std::to_string(wait.count()) + " ms");
  }
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    return Lease(*this, std::move(conn));
  }
  ++open_;
  lock.unlock();
  try {
    return Lease(*this, std::make_unique<Connection>(url_, limits_));
  } catch (...) {
    lock.lock();
    --open_;
    freed_.notify_one();
    throw;
  }
}

void Pool::Return(std::unique_ptr<Connection> conn) {
  bool keep = conn->healthy();
  if (!keep) conn.reset();  // closes the lost session before taking the lock
  std::lock_guard lock(mu_);
  if (keep) {
    idle_.push_back(std::move(conn));
  } else {
    --open_;
  }
  freed_.notify_one();
}

namespace {

void RollbackQuietly(Connection& conn) {
  try {
    conn.Rollback();
  } catch (...) {  // the original error is the one to report
  }
}

}  // namespace

void Transact(Pool& pool, Isolation isolation, const std::function<void(Connection&)>& fn) {
  static const char* kBegin[] = {"BEGIN ISOLATION LEVEL READ COMMITTED",
                                 "BEGIN ISOLATION LEVEL REPEATABLE READ",
                                 "BEGIN ISOLATION LEVEL SERIALIZABLE"};
  thread_local std::mt19937 jitter{std::random_device{}()};
  std::size_t stale_sessions = 0;
  for (int attempt = 1;; ++attempt) {
    auto conn = pool.Acquire();
    conn->Begin(kBegin[static_cast<int>(isolation)]);
    try {
      fn(*conn);
      conn->Commit();
      return;
    } catch (const sql::Conflict& e) {  // SerializationConflict and UniqueViolation too
      conn->Rollback();
      metrics::DbConflict();
      // Concurrent writers kept taking what this one meant to take: the
      // database is too busy for it now, which a client retries (a 503 with
      // Retry-After), not a fault of the request (a 500).
      if (attempt == kTransactAttempts) {
        throw domain::StoreUnavailable("postgres: a conflict outlasted " +
                                       std::to_string(kTransactAttempts) +
                                       " attempts: " + e.what());
      }
    } catch (const domain::StoreUnavailable&) {
      bool stale = !conn->healthy() && !conn->began();
      RollbackQuietly(*conn);
      // A pooled session the server dropped (it restarted) fails before its
      // BEGIN was answered, so nothing was done: the next connection, up to
      // every pooled one.
      if (!stale || ++stale_sessions > pool.size()) throw;
      --attempt;
      continue;
    } catch (...) {
      RollbackQuietly(*conn);
      throw;
    }
    // Both sides of a conflict retrying at once would likely collide again.
    std::uniform_int_distribution<int> pause(1, 4 << attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(pause(jitter)));
  }
}

}  // namespace payd::store::postgres
