#include "webhooks/dispatcher.h"

#include <curl/curl.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/log.h"
#include "base/strings.h"
#include "domain/webhooks/event.h"
#include "metrics/metrics.h"
#include "webhooks/http_post.h"

namespace payd::webhooks {

namespace {

// The Standard Webhooks payload: {"type", "timestamp", "data"}; the same
// bytes on every attempt, with `data` in the endpoint's shape. None, with
// `why`, when the event cannot make one.
std::optional<std::string> Payload(const domain::Event& event, bool v1_shape, std::string& why) {
  if (event.id.empty()) {
    why = "its event no longer exists";
    return std::nullopt;
  }
  boost::system::error_code ec;
  boost::json::value data = boost::json::parse(event.DataFor(v1_shape), ec);
  if (ec) {
    why = "the event's data is not valid JSON (" + ec.message() + ")";
    return std::nullopt;
  }
  boost::json::object body{{"type", event.type},
                           {"timestamp", base::FormatTimestamp(event.created_at)},
                           {"data", std::move(data)}};
  return boost::json::serialize(body);
}

}  // namespace

domain::DeliveryQueue::ClaimLimits DispatcherOptions::Limits() const {
  int per_endpoint = std::max(1, endpoint_concurrency);
  return {per_endpoint, std::max(per_endpoint, concurrency / 2)};
}

Dispatcher::Dispatcher(domain::DeliveryQueue& store, DispatcherOptions options)
    : store_(store), options_(std::move(options)) {}

Dispatcher::~Dispatcher() {
  Stop();
}

void Dispatcher::Start() {
  for (int i = 0; i < std::max(1, options_.concurrency); ++i)
    workers_.emplace_back([this] { Work(); });
}

void Dispatcher::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) {
    if (t.joinable()) t.join();
  }
  workers_.clear();
}

// One worker looks; one that finds a delivery wakes the next (Work), so a
// burst of events fans out to every worker while an event nobody subscribes
// to costs one look at the outbox, not one per worker.
void Dispatcher::Wake() {
  {
    std::lock_guard lock(mu_);
    ++generation_;
  }
  wake_.notify_one();
}

void Dispatcher::Work() {
  CURL* curl = curl_easy_init();
  std::mt19937 rng(std::random_device{}());
  const auto limits = options_.Limits();
  for (;;) {
    std::uint64_t seen;
    {
      std::lock_guard lock(mu_);
      if (stopping_) break;
      seen = generation_;
    }
    std::optional<domain::DeliveryQueue::DeliveryJob> job;
    auto wait = options_.idle_poll;
    try {
      base::TimeMs now = base::NowMs();
      job = store_.ClaimDueDelivery(now, options_.lease_ms, limits);
      // Nothing to claim. A delivery due later shortens the wait; one due
      // already is held back by the limits, and the attempt that frees its
      // slot wakes a worker (another process's, the next poll).
      if (!job) {
        if (auto due = store_.NextDeliveryDue(); due && *due > now) {
          wait = std::min(wait, std::chrono::milliseconds(*due - now));
        }
      }
    } catch (const std::exception& e) {
      base::LogWarn("webhook dispatcher cannot read the outbox; retrying", {{"error", e.what()}});
    }
    if (job) {
      Wake();  // there may be more: another worker looks meanwhile
      try {
        Attempt(*job, curl, rng);
      } catch (const std::exception& e) {
        // Never the end of the process: the lease runs out and the delivery is tried again.
        base::LogError("webhook attempt failed unexpectedly; it will be retried",
                       {{"deliveryId", job->delivery.id}, {"error", e.what()}});
      }
      continue;  // this worker looks again at once: its slot is free
    }
    std::unique_lock lock(mu_);
    wake_.wait_for(lock, wait, [&] { return stopping_ || generation_ != seen; });
  }
  curl_easy_cleanup(curl);
}

domain::AttemptOutcome Dispatcher::Send(const domain::DeliveryQueue::DeliveryJob& job, void* curl,
                                        base::TimeMs started) {
  const auto& d = job.delivery;
  domain::AttemptOutcome outcome;
  if (job.endpoint_closed) {
    outcome.error = *job.endpoint_closed;
    outcome.permanent = true;
    return outcome;
  }
  Target target = CheckTarget(d.endpoint_url, options_.policy);
  if (!target.allowed) {
    outcome.error = "refused: " + target.reason;
    return outcome;
  }
  if (job.secrets.empty()) {
    outcome.error = "the tenant has no webhook secret";
    return outcome;
  }
  std::string why;
  auto body = Payload(job.event, job.v1_shape, why);
  if (!body) {
    base::LogError("webhook delivery cannot be built",
                   {{"deliveryId", d.id}, {"eventId", d.event_id}, {"error", why}});
    outcome.error = "cannot be built: " + why;
    outcome.permanent = true;
    return outcome;
  }
  std::int64_t timestamp = started / 1000;
  std::vector<std::string> headers = {
      "Content-Type: application/json",
      "User-Agent: payd/" PAYD_VERSION,
      "webhook-id: " + job.event.id,
      "webhook-timestamp: " + std::to_string(timestamp),
      "webhook-signature: " + domain::SignWebhook(job.secrets, job.event.id, timestamp, *body),
  };
  return PostWebhook(curl, d.endpoint_url, target, headers, *body, options_.timeout);
}

void Dispatcher::Attempt(const domain::DeliveryQueue::DeliveryJob& job, void* curl,
                         std::mt19937& rng) {
  const auto& d = job.delivery;
  base::TimeMs started = base::NowMs();
  domain::AttemptOutcome outcome = Send(job, curl, started);
  base::TimeMs now = base::NowMs();
  double jitter = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
  auto decision =
      domain::DecideAfterAttempt(d.attempts + 1, outcome, options_.retry_schedule_s, now, jitter);
  domain::DeliveryQueue::AttemptRecord record;
  record.status = decision.status;
  record.response_status = outcome.http_status;
  if (!outcome.error.empty()) record.error = outcome.error;
  record.next_attempt_at = decision.next_attempt_at;
  record.disable_endpoint = decision.disable_endpoint;
  record.sent = !outcome.permanent;  // a permanent outcome sent nothing
  if (decision.status == domain::DeliveryStatus::kDelivered) {
    boost::json::object data{
        {"deliveryId", d.id},         {"eventId", d.event_id},
        {"eventType", d.type},        {"endpointUrl", d.endpoint_url},
        {"attempts", d.attempts + 1}, {"responseStatus", *outcome.http_status}};
    record.sent_event = domain::NewEvent(d.tenant_id, domain::event_type::kWebhookSent,
                                         boost::json::serialize(data), now);
  }
  // Counted before it is recorded: a scrape that finds the queue empty has it.
  metrics::WebhookAttempt(base::AsciiLower(domain::DeliveryStatusName(decision.status)),
                          static_cast<double>(now - started) / 1000.0);
  try {
    store_.RecordAttempt(d.id, record, now);
  } catch (const std::exception& e) {
    // The lease runs out and the delivery is attempted again: at least once.
    base::LogWarn("webhook attempt not recorded; it will be retried",
                  {{"deliveryId", d.id}, {"error", e.what()}});
  }
  boost::json::object fields{{"deliveryId", d.id},
                             {"eventId", d.event_id},
                             {"type", d.type},
                             {"attempt", d.attempts + 1},
                             {"status", domain::DeliveryStatusName(decision.status)},
                             {"durationMs", now - started}};
  if (outcome.http_status) fields["httpStatus"] = *outcome.http_status;
  if (!outcome.error.empty()) fields["error"] = outcome.error;
  if (decision.next_attempt_at) fields["retryInMs"] = *decision.next_attempt_at - now;
  if (decision.disable_endpoint) fields["endpointDisabled"] = true;
  auto level = decision.status == domain::DeliveryStatus::kDelivered ? base::LogLevel::kInfo
                                                                     : base::LogLevel::kWarn;
  base::Log(level, "webhook attempt", std::move(fields));
}

}  // namespace payd::webhooks
