#include "cli/metrics_listener.h"

#include "base/log.h"
#include "base/strings.h"
#include "domain/intents/payment_intent.h"
#include "domain/ledger/payment.h"
#include "metrics/metrics.h"

namespace payd::cli {

namespace {

constexpr std::string_view kExpositionType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace

MetricsListener::MetricsListener(const config::MetricsSettings& settings,
                                 domain::MetricsCounts& store)
    : store_(store) {
  router_.Add(http::Verb::get, "/metrics", [](const http::Request&, http::RequestContext&) {
    http::Response res{http::Status::ok, 11};
    res.set(http::beast_http::field::content_type, kExpositionType);
    res.set(http::beast_http::field::cache_control, "no-store");
    res.body() = metrics::Scrape();
    return res;
  });
  http::ServerOptions options;
  options.host = settings.host;
  options.port = settings.port;
  options.threads = 1;
  options.max_connections = 64;
  options.body_limit = 1024;
  options.shutdown_grace = std::chrono::seconds(2);
  options.observed = false;
  server_ = std::make_unique<http::Server>(
      options, [this](const http::Request& req, http::RequestContext& ctx) {
        return router_.Dispatch(req, ctx);
      });
}

MetricsListener::~MetricsListener() {
  Stop();
}

unsigned short MetricsListener::Start() {
  unsigned short port = server_->Listen();
  metrics::SetScrapeHook([this] { RefreshFromStore(); });
  thread_ = std::thread([this] { server_->Run(); });
  return port;
}

void MetricsListener::Stop() {
  if (!thread_.joinable()) return;
  server_->Shutdown();
  thread_.join();
  metrics::SetScrapeHook(nullptr);
}

void MetricsListener::RefreshFromStore() {
  auto now = std::chrono::steady_clock::now();
  if (refreshed_ == std::chrono::steady_clock::time_point{} || now - refreshed_ >= kStoreRefresh) {
    refreshed_ = now;
    try {
      auto counts = store_.CountForMetrics();
      // Every status is shown, 0 included, so that a rate over it never starts from nothing.
      for (auto s : {domain::IntentStatus::kCreated, domain::IntentStatus::kPending,
                     domain::IntentStatus::kPaid, domain::IntentStatus::kExpired,
                     domain::IntentStatus::kFailed}) {
        metrics::IntentsByStatus(base::AsciiLower(domain::IntentStatusName(s)), 0);
      }
      for (auto s : {domain::PaymentStatus::kPending, domain::PaymentStatus::kConfirmed,
                     domain::PaymentStatus::kReorged}) {
        metrics::PaymentsByStatus(base::AsciiLower(domain::PaymentStatusName(s)), 0);
      }
      for (auto s : domain::RefundStatuses())
        metrics::RefundsByStatus(domain::RefundStatusName(s), 0);
      for (const auto& [status, n] : counts.refunds_by_status) metrics::RefundsByStatus(status, n);
      for (auto s : {domain::RefundStatus::kReady, domain::RefundStatus::kSent,
                     domain::RefundStatus::kConfirmed, domain::RefundStatus::kCanceled,
                     domain::RefundStatus::kReversed})
        metrics::PayoutLinesByStatus(domain::RefundStatusName(s), 0);
      for (const auto& [status, n] : counts.payout_lines_by_status)
        metrics::PayoutLinesByStatus(status, n);
      for (const auto& [status, n] : counts.intents_by_status)
        metrics::IntentsByStatus(base::AsciiLower(status), n);
      for (const auto& [status, n] : counts.payments_by_status)
        metrics::PaymentsByStatus(base::AsciiLower(status), n);
      earliest_due_ = counts.earliest_due;
      metrics::WebhookQueue(counts.deliveries_waiting);
      metrics::DatabaseUp(true);
    } catch (const std::exception& e) {
      // The other gauges keep their last values; this one says they are stale.
      metrics::DatabaseUp(false);
      base::LogWarn("metrics: database read failed", {{"error", e.what()}});
    }
  }
  // The age moves with the clock between reads of the queue.
  base::TimeMs wall = base::NowMs();
  double age = earliest_due_ && *earliest_due_ < wall
                   ? static_cast<double>(wall - *earliest_due_) / 1000.0
                   : 0.0;
  metrics::WebhookQueueAge(age);
}

}  // namespace payd::cli
