// Delivers the outbox (DECISIONS §7): worker threads claim due deliveries
// from the store under a lease, sign them (Standard Webhooks), POST them
// (http_post.h), and record each attempt and what follows it. Everything
// lives in the store, so deliveries survive restarts and crashes; delivery
// is at least once.
//
// Fairness: an attempt holds its worker for up to the time-out, so one
// endpoint may have at most `endpoint_concurrency` deliveries in flight and
// one tenant at most half the workers; a worker a busy endpoint or tenant
// may not take goes to the next due delivery of another. A hung endpoint
// thus slows only itself.
//
// A delivery that cannot be built (its event's data is damaged, say) or whose
// endpoint is closed fails at once with a lastError saying why; nothing a
// worker meets ends the process.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "domain/store.h"
#include "domain/webhooks/delivery_rules.h"
#include "webhooks/target_guard.h"

namespace payd::webhooks {

struct DispatcherOptions {
  int concurrency = 4;
  int endpoint_concurrency = 2;  // deliveries in flight to one endpoint
  std::vector<int> retry_schedule_s;
  TargetPolicy policy;
  std::chrono::milliseconds timeout{15000};
  base::TimeMs lease_ms = 60'000;
  std::chrono::milliseconds idle_poll{1000};  // catches deliveries queued by other processes

  domain::DeliveryQueue::ClaimLimits Limits() const;
};

class Dispatcher {
 public:
  Dispatcher(domain::DeliveryQueue& store, DispatcherOptions options);
  ~Dispatcher();
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  void Start();
  // Lets attempts under way finish (up to the time-out), then joins.
  void Stop();
  // Something was queued, or a slot freed: look now rather than at the next poll.
  void Wake();

 private:
  void Work();
  void Attempt(const domain::DeliveryQueue::DeliveryJob& job, void* curl, std::mt19937& rng);
  // Signs and sends one delivery; what went wrong, as an outcome, when it cannot.
  domain::AttemptOutcome Send(const domain::DeliveryQueue::DeliveryJob& job, void* curl,
                              base::TimeMs started);

  domain::DeliveryQueue& store_;
  DispatcherOptions options_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t generation_ = 0;  // bumped by Wake()
};

}  // namespace payd::webhooks
