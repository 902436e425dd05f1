// Views of payment-link pages (the merchant's "views" of a link), counted in
// memory and written to the store in batches (issue 19). A view used to be a
// durable write of its own: on SQLite's single writer, 600 views a minute
// from one client (the public read limit) were 600 fsyncs that creations
// waited behind. Now a flush writes every link's new views in one
// transaction, about once a second, and one client's views of one link
// count once per repeat window (a reload, a back button, a bot).
//
// What a crash loses: the views since the last flush. Views are a measure,
// not money; nothing else is kept this way.
//
// Thread-safe. The owner calls Flush() periodically and once at shutdown.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/time.h"
#include "domain/store.h"

namespace payd::domain {

class LinkViews {
 public:
  struct Options {
    base::TimeMs repeat_window_ms = 5 * 60 * 1000;
    // Clients remembered at once; past it the expired are forgotten, and if
    // all are recent the oldest half goes (a flood counts a little more,
    // never holds more memory).
    std::size_t max_remembered = 100'000;
  };
  explicit LinkViews(Store& store) : LinkViews(store, Options()) {}
  LinkViews(Store& store, Options options) : store_(store), options_(options) {}

  // Counts a view of `link_id` by `client` (an address, or its /64) unless
  // that client's last counted view of it is within the repeat window.
  // Answers whether it counted.
  bool View(const std::string& link_id, const std::string& client, base::TimeMs now);

  // Writes the views counted since the last flush, in one transaction.
  // When the store cannot take them, they stay for the next flush.
  void Flush();

  // Views counted and not written yet, of every link (for tests and metrics).
  std::int64_t Pending() const;
  // Client-and-link pairs remembered now (never more than max_remembered).
  std::size_t Remembered() const;

 private:
  void Forget(base::TimeMs now);  // with mu_ held

  Store& store_;
  const Options options_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::int64_t> pending_;     // link id -> views
  std::unordered_map<std::string, base::TimeMs> remembered_;  // client|link -> counted at
};

}  // namespace payd::domain
