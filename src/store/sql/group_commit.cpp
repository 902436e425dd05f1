#include "store/sql/group_commit.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace payd::store::sql {

void GroupCommit::Run(const Write& write) {
  Waiter me;
  me.write = &write;
  std::unique_lock lock(mu_);
  queue_.push_back(&me);
  me.wake.wait(lock, [&] { return me.done || queue_.front() == &me; });
  if (!me.done) {
    // This one leads: the group is what is queued now, in order.
    std::vector<Waiter*> group(queue_.begin(), queue_.begin() + std::min(queue_.size(), kMaxGroup));
    lock.unlock();
    std::exception_ptr failed;
    try {
      transact_([&](Connection& c) {
        for (Waiter* w : group) w->error = nullptr;  // a retried transaction starts over
        if (group.size() == 1) {
          (*group.front()->write)(c);
          return;
        }
        for (Waiter* w : group) {
          c.Exec("SAVEPOINT grouped_write");
          try {
            (*w->write)(c);
            c.Exec("RELEASE grouped_write");
          } catch (...) {
            w->error = std::current_exception();
            // Undoes this write alone; should that fail, the whole group fails.
            c.Exec("ROLLBACK TO grouped_write");
            c.Exec("RELEASE grouped_write");
          }
        }
      });
    } catch (...) {
      failed = std::current_exception();
    }
    lock.lock();
    for (Waiter* w : group) {
      if (failed && (group.size() == 1 || !w->error)) w->error = failed;
      w->done = true;
      queue_.pop_front();
      if (w != &me) w->wake.notify_one();
    }
    ++groups_;
    writes_ += group.size();
    if (!queue_.empty()) queue_.front()->wake.notify_one();
  }
  if (me.error) std::rethrow_exception(me.error);
}

std::size_t GroupCommit::groups() const {
  std::lock_guard lock(mu_);
  return groups_;
}

std::size_t GroupCommit::writes() const {
  std::lock_guard lock(mu_);
  return writes_;
}

}  // namespace payd::store::sql

namespace payd::store::sql {

std::size_t GroupCommit::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

}  // namespace payd::store::sql
