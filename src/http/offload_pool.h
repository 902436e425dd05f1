// Where a handler's heavy work runs (an Argon2id hash takes 64 MiB and 0.1 s
// of a core), off the threads that serve connections, so that a flood of
// sign-ins can neither take every connection thread nor the memory of one hash
// per request (issue 35: 560 MB and an API p90 of 79 ms under such a flood).
// `threads` run at once and `queue` more wait; beyond that, Run answers none
// at once and the request gets its handler's "busy" answer (a 429).
//
// A handler asks for it through RequestContext::offload; the server's
// connection coroutine awaits the result and resumes on its own strand.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <optional>

#include "http/message.h"

namespace payd::http {

// Half the machine's cores, at least one (ServerOptions::offload_threads).
int DefaultOffloadThreads();

class OffloadPool {
 public:
  // `lower_priority`: its threads yield the CPU to the connection threads
  // (nice 10), for work that is all CPU (a hash).
  OffloadPool(int threads, int queue, bool lower_priority);
  ~OffloadPool();  // waits for the work under way
  OffloadPool(const OffloadPool&) = delete;
  OffloadPool& operator=(const OffloadPool&) = delete;

  // `work`'s answer, computed on the pool; none, without running it, when
  // threads + queue are taken already. `work` must not throw.
  boost::asio::awaitable<std::optional<Response>> Run(std::function<Response()> work);

  // Requests on the pool or waiting for it now (for tests and metrics).
  int in_flight() const { return in_flight_.load(); }

 private:
  boost::asio::thread_pool pool_;
  const int limit_;
  const bool lower_priority_;
  std::atomic<int> in_flight_{0};
};

}  // namespace payd::http
