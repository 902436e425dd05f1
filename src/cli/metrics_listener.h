// The Prometheus scrape endpoint, GET /metrics, on a listener of its own
// ([metrics] listen, PAYD_METRICS_LISTEN or serve --metrics-listen; off by
// default), so that it is never reachable where the API and the payers' pages
// are. It is payd's own HTTP server with one route, one thread, and neither
// access-log lines nor metrics of its own requests.
//
// Each scrape first sets the gauges read from the database (intents and
// payments by status, the webhook queue) through metrics::SetScrapeHook; those
// queries run at most once per kStoreRefresh, however many servers scrape, and
// payd_database_up says whether the last one succeeded.
#pragma once

#include <chrono>
#include <memory>
#include <thread>

#include "config/config.h"
#include "domain/store.h"
#include "http/router.h"
#include "http/server.h"

namespace payd::cli {

class MetricsListener {
 public:
  static constexpr auto kStoreRefresh = std::chrono::seconds(5);

  MetricsListener(const config::MetricsSettings& settings, domain::MetricsCounts& store);
  ~MetricsListener();
  MetricsListener(const MetricsListener&) = delete;
  MetricsListener& operator=(const MetricsListener&) = delete;

  // Binds (throws on failure) and serves on a thread of its own; returns the bound port.
  unsigned short Start();
  // Finishes a scrape under way and joins.
  void Stop();

 private:
  void RefreshFromStore();

  domain::MetricsCounts& store_;
  http::Router router_;
  std::unique_ptr<http::Server> server_;
  std::thread thread_;
  // Scrapes run one at a time (metrics::Scrape), so these need no lock.
  std::chrono::steady_clock::time_point refreshed_{};
  std::optional<base::TimeMs> earliest_due_;
};

}  // namespace payd::cli
