// The families behind metrics.h, on prometheus-cpp's core library (Debian's
// prometheus-cpp-dev): its Registry, Family<Counter/Gauge/Histogram> and
// TextSerializer. Its civetweb Exposer is not used: /metrics is served by
// payd's own HTTP server on a listener of its own (cli/metrics_listener.cpp).
#include "metrics/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace payd::metrics {

namespace {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;
using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;

// Request latencies: from a cached read (~1 ms) to the request time-out.
const Histogram::BucketBoundaries kHttpBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                  0.25,  0.5,    1,     2.5,  5,     10,   15};
// Transactions: SQLite commits take ~0.1 ms, PostgreSQL round trips ~1 ms.
const Histogram::BucketBoundaries kDbBuckets = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
// Webhook attempts: up to the 15 s time-out (webhooks.timeout_s may be longer).
const Histogram::BucketBoundaries kWebhookBuckets = {0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                                                     1,    2.5,   5,    10,  15,   30};

struct Families {
  prometheus::Registry registry;
  Family<Counter>& http_requests = BuildCounter()
                                       .Name("payd_http_requests_total")
                                       .Help(
                                           "HTTP requests answered, by route template, method "
                                           "and status")
                                       .Register(registry);
  Family<Histogram>& http_duration = BuildHistogram()
                                         .Name("payd_http_request_duration_seconds")
                                         .Help(
                                             "Time from a request's first byte to its answer "
                                             "written, by route template and method; streams "
                                             "are left out")
                                         .Register(registry);
  Gauge& http_in_flight =
      BuildGauge()
          .Name("payd_http_requests_in_flight")
          .Help("Requests read and not yet answered (open event streams included)")
          .Register(registry)
          .Add({});
  Gauge& http_connections = BuildGauge()
                                .Name("payd_http_open_connections")
                                .Help("Client connections open on the main listener")
                                .Register(registry)
                                .Add({});
  Family<Gauge>& chain_head = BuildGauge()
                                  .Name("payd_chain_head_block")
                                  .Help("The newest block the chain's node reported")
                                  .Register(registry);
  Family<Gauge>& chain_processed = BuildGauge()
                                       .Name("payd_chain_processed_block")
                                       .Help(
                                           "The last block whose transfers are recorded (the "
                                           "watcher's cursor)")
                                       .Register(registry);
  Family<Gauge>& chain_lag = BuildGauge()
                                 .Name("payd_chain_lag_blocks")
                                 .Help("Head block less processed block")
                                 .Register(registry);
  Family<Gauge>& chain_leading = BuildGauge()
                                     .Name("payd_chain_watching")
                                     .Help(
                                         "1 when this process watches the chain (holds its "
                                         "lock), 0 when it stands by")
                                     .Register(registry);
  Family<Counter>& rpc_errors = BuildCounter()
                                    .Name("payd_chain_rpc_errors_total")
                                    .Help(
                                        "Failed JSON-RPC attempts, by chain, endpoint (its "
                                        "index in rpc_urls) and kind")
                                    .Register(registry);
  Family<Counter>& provider_wrong =
      BuildCounter()
          .Name("payd_chain_provider_disagreements_total")
          .Help(
              "Answers of one of a chain's providers found wrong, by "
              "provider (its index in providers) and kind: "
              "outvoted, proven_wrong, left_out, behind (read from another)")
          .Register(registry);
  Family<Counter>& chain_disagreements = BuildCounter()
                                             .Name("payd_chain_paused_passes_total")
                                             .Help(
                                                 "Passes not recorded because the chain's "
                                                 "providers disagree and no quorum agrees")
                                             .Register(registry);
  Family<Counter>& webhook_attempts = BuildCounter()
                                          .Name("payd_webhook_deliveries_total")
                                          .Help(
                                              "Webhook delivery attempts by outcome (the "
                                              "delivery's status after it)")
                                          .Register(registry);
  Family<Counter>& email_attempts = BuildCounter()
                                        .Name("payd_email_messages_total")
                                        .Help(
                                            "Email sending attempts by outcome (the "
                                            "message's status after it: sent, retrying, failed)")
                                        .Register(registry);
  Family<Histogram>& webhook_duration = BuildHistogram()
                                            .Name("payd_webhook_attempt_duration_seconds")
                                            .Help("Time one webhook delivery attempt took")
                                            .Register(registry);
  Gauge& webhook_queue = BuildGauge()
                             .Name("payd_webhook_queue_depth")
                             .Help("Deliveries pending or waiting to be retried (all processes)")
                             .Register(registry)
                             .Add({});
  Gauge& webhook_oldest = BuildGauge()
                              .Name("payd_webhook_oldest_due_age_seconds")
                              .Help(
                                  "How long the most overdue delivery has been due; 0 when "
                                  "none is due")
                              .Register(registry)
                              .Add({});
  Family<Histogram>& db_duration = BuildHistogram()
                                       .Name("payd_db_transaction_duration_seconds")
                                       .Help(
                                           "Database transactions (read or write), retries "
                                           "included")
                                       .Register(registry);
  Counter& db_conflicts = BuildCounter()
                              .Name("payd_db_conflicts_total")
                              .Help(
                                  "Transactions run again after a serialization failure, "
                                  "deadlock or lost race (PostgreSQL)")
                              .Register(registry)
                              .Add({});
  Gauge& db_up = BuildGauge()
                     .Name("payd_database_up")
                     .Help(
                         "1 when the last scrape's queries succeeded, 0 when the database was "
                         "unavailable")
                     .Register(registry)
                     .Add({});
  Family<Gauge>& intents = BuildGauge()
                               .Name("payd_intents")
                               .Help("Payment intents by status (all tenants)")
                               .Register(registry);
  Family<Gauge>& payments = BuildGauge()
                                .Name("payd_payments")
                                .Help("Payments by status (all tenants)")
                                .Register(registry);
  Family<Gauge>& refunds =
      BuildGauge().Name("payd_refunds").Help("Refunds by status (all tenants)").Register(registry);
  Family<Gauge>& payout_lines = BuildGauge()
                                    .Name("payd_payout_lines")
                                    .Help("Payouts' transfers by status (all tenants)")
                                    .Register(registry);
  Family<Gauge>& build_info = BuildGauge()
                                  .Name("payd_build_info")
                                  .Help("Always 1; the version in its label")
                                  .Register(registry);

  std::mutex scrape_mu;  // one scrape at a time; guards the hook
  std::function<void()> scrape_hook;
};

std::atomic<Families*> g_families{nullptr};

Families* Get() {
  return g_families.load(std::memory_order_acquire);
}

std::string ChainLabel(std::int64_t chain_id) {
  return std::to_string(chain_id);
}

}  // namespace

void Enable(std::string_view version) {
  static std::once_flag once;
  std::call_once(once, [version] {
    // Lives as long as the process: recorders on other threads may outlive serve's scope.
    auto* families = new Families();
    families->build_info.Add({{"version", std::string(version)}}).Set(1);
    g_families.store(families, std::memory_order_release);
  });
}

bool Enabled() {
  return Get() != nullptr;
}

void HttpRequest(std::string_view method, std::string_view route, unsigned status, double seconds,
                 bool stream) {
  auto* f = Get();
  if (!f) return;
  std::string m(method), r(route);
  f->http_requests.Add({{"route", r}, {"method", m}, {"status", std::to_string(status)}})
      .Increment();
  if (!stream) f->http_duration.Add({{"route", r}, {"method", m}}, kHttpBuckets).Observe(seconds);
}

void HttpInFlight(int delta) {
  if (auto* f = Get()) f->http_in_flight.Increment(delta);
}

void HttpConnections(int delta) {
  if (auto* f = Get()) f->http_connections.Increment(delta);
}

void ChainHead(std::int64_t chain_id, std::int64_t head) {
  auto* f = Get();
  if (!f) return;
  f->chain_head.Add({{"chain_id", ChainLabel(chain_id)}}).Set(static_cast<double>(head));
}

void ChainProcessed(std::int64_t chain_id, std::int64_t block) {
  auto* f = Get();
  if (!f) return;
  auto label = ChainLabel(chain_id);
  f->chain_processed.Add({{"chain_id", label}}).Set(static_cast<double>(block));
  // The head is set first in each pass (ChainWatcher::Pass), so the lag is never negative.
  double head = f->chain_head.Add({{"chain_id", label}}).Value();
  f->chain_lag.Add({{"chain_id", label}}).Set(head > block ? head - static_cast<double>(block) : 0);
}

void ChainLeading(std::int64_t chain_id, bool leading) {
  if (auto* f = Get()) f->chain_leading.Add({{"chain_id", ChainLabel(chain_id)}}).Set(leading);
}

void RpcError(std::int64_t chain_id, std::size_t endpoint_index, std::string_view kind) {
  auto* f = Get();
  if (!f) return;
  f->rpc_errors
      .Add({{"chain_id", ChainLabel(chain_id)},
            {"endpoint", std::to_string(endpoint_index)},
            {"kind", std::string(kind)}})
      .Increment();
}

void ProviderWrong(std::int64_t chain_id, std::size_t provider_index, std::string_view kind) {
  auto* f = Get();
  if (!f) return;
  f->provider_wrong
      .Add({{"chain_id", ChainLabel(chain_id)},
            {"provider", std::to_string(provider_index)},
            {"kind", std::string(kind)}})
      .Increment();
}

void ChainDisagreement(std::int64_t chain_id) {
  if (auto* f = Get()) f->chain_disagreements.Add({{"chain_id", ChainLabel(chain_id)}}).Increment();
}

void WebhookAttempt(std::string_view outcome, double seconds) {
  auto* f = Get();
  if (!f) return;
  f->webhook_attempts.Add({{"outcome", std::string(outcome)}}).Increment();
  f->webhook_duration.Add({}, kWebhookBuckets).Observe(seconds);
}

void EmailAttempt(std::string_view outcome) {
  if (auto* f = Get()) f->email_attempts.Add({{"outcome", std::string(outcome)}}).Increment();
}

void DbTransaction(std::string_view kind, double seconds) {
  if (auto* f = Get())
    f->db_duration.Add({{"kind", std::string(kind)}}, kDbBuckets).Observe(seconds);
}

void DbConflict() {
  if (auto* f = Get()) f->db_conflicts.Increment();
}

void IntentsByStatus(std::string_view status, std::int64_t count) {
  if (auto* f = Get())
    f->intents.Add({{"status", std::string(status)}}).Set(static_cast<double>(count));
}

void PaymentsByStatus(std::string_view status, std::int64_t count) {
  if (auto* f = Get())
    f->payments.Add({{"status", std::string(status)}}).Set(static_cast<double>(count));
}

void RefundsByStatus(std::string_view status, std::int64_t count) {
  if (auto* f = Get())
    f->refunds.Add({{"status", std::string(status)}}).Set(static_cast<double>(count));
}

void PayoutLinesByStatus(std::string_view status, std::int64_t count) {
  if (auto* f = Get())
    f->payout_lines.Add({{"status", std::string(status)}}).Set(static_cast<double>(count));
}

void WebhookQueue(std::int64_t depth) {
  if (auto* f = Get()) f->webhook_queue.Set(static_cast<double>(depth));
}

void WebhookQueueAge(double oldest_due_age_seconds) {
  if (auto* f = Get()) f->webhook_oldest.Set(oldest_due_age_seconds);
}

void DatabaseUp(bool up) {
  if (auto* f = Get()) f->db_up.Set(up ? 1 : 0);
}

void SetScrapeHook(std::function<void()> hook) {
  auto* f = Get();
  if (!f) return;
  std::lock_guard lock(f->scrape_mu);
  f->scrape_hook = std::move(hook);
}

std::string Scrape() {
  auto* f = Get();
  if (!f) return {};
  std::lock_guard lock(f->scrape_mu);
  if (f->scrape_hook) f->scrape_hook();
  return prometheus::TextSerializer().Serialize(f->registry.Collect());
}

}  // namespace payd::metrics
