// Delivers the outbox (DECISIONS §7): worker threads claim due deliveries
// from the store under a lease, sign them (Standard Webhooks), POST them with
// libcurl (15 s time-out, no redirects, TLS verified, connected only to the
// addresses the target guard just approved), and record each attempt and
// what follows it. Everything lives in the store, so deliveries survive
// restarts and crashes; delivery is at least once.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "domain/store.h"
#include "webhooks/target_guard.h"

namespace payd::webhooks {

struct DispatcherOptions {
  int concurrency = 4;
  std::vector<int> retry_schedule_s;
  TargetPolicy policy;
  std::chrono::milliseconds timeout{15000};
  base::TimeMs lease_ms = 60'000;
  std::chrono::milliseconds idle_poll{1000};  // catches deliveries queued by other processes
};

class Dispatcher {
 public:
  Dispatcher(domain::Store& store, DispatcherOptions options);
  ~Dispatcher();
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  void Start();
  // Lets attempts under way finish (up to the time-out), then joins.
  void Stop();
  // Something was queued: look now rather than at the next poll.
  void Wake();

 private:
  void Work();
  void Attempt(const domain::Store::DeliveryJob& job, void* curl, std::mt19937& rng);

  domain::Store& store_;
  DispatcherOptions options_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t generation_ = 0;  // bumped by Wake()
};

}  // namespace payd::webhooks
