#include "http/offload_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <thread>

namespace payd::http {

namespace asio = boost::asio;

int DefaultOffloadThreads() {
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2));
}

OffloadPool::OffloadPool(int threads, int queue, bool lower_priority)
    : pool_(static_cast<std::size_t>(std::max(1, threads))),
      limit_(std::max(1, threads) + std::max(0, queue)),
      lower_priority_(lower_priority) {}

OffloadPool::~OffloadPool() {
  pool_.join();
}

namespace {

// The pool's threads yield the CPU to the connection threads (nice 10, Linux's
// per-thread priority): a flood of hashes then slows the hashes, not the API.
void LowerThisThreadsPriority() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
}

asio::awaitable<Response> Compute(std::function<Response()> work, bool lower_priority) {
  if (lower_priority) LowerThisThreadsPriority();
  co_return work();
}

}  // namespace

asio::awaitable<std::optional<Response>> OffloadPool::Run(std::function<Response()> work) {
  if (in_flight_.fetch_add(1) >= limit_) {
    in_flight_.fetch_sub(1);
    co_return std::nullopt;
  }
  // Awaited from the connection's coroutine, which resumes on its own strand.
  std::optional<Response> out;
  try {
    out = co_await asio::co_spawn(pool_.get_executor(), Compute(std::move(work), lower_priority_),
                                  asio::use_awaitable);
  } catch (...) {
    in_flight_.fetch_sub(1);
    throw;
  }
  in_flight_.fetch_sub(1);
  co_return out;
}

}  // namespace payd::http
