#include "webhooks/dispatcher.h"

#include <curl/curl.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/log.h"
#include "domain/delivery_rules.h"
#include "domain/event.h"

namespace payd::webhooks {

namespace {

std::size_t Discard(char*, std::size_t size, std::size_t count, void*) {
  return size * count;
}

bool IsIpLiteral(const std::string& host) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(host, ec);
  return !ec;
}

// The Standard Webhooks payload: {"type", "timestamp", "data"}; the same bytes on every attempt.
std::string Payload(const domain::Event& event) {
  boost::json::object body{{"type", event.type},
                           {"timestamp", base::FormatTimestamp(event.created_at)},
                           {"data", boost::json::parse(event.data_json)}};
  return boost::json::serialize(body);
}

domain::AttemptOutcome Post(CURL* curl, const std::string& url, const Target& target,
                            const std::vector<std::string>& headers, const std::string& body,
                            std::chrono::milliseconds timeout) {
  domain::AttemptOutcome outcome;
  curl_easy_reset(curl);
  curl_slist* header_list = nullptr;
  for (const auto& h : headers) header_list = curl_slist_append(header_list, h.c_str());
  curl_slist* resolve = nullptr;
  if (!IsIpLiteral(target.host)) {
    std::string pin = target.host + ":" + std::to_string(target.port) + ":";
    for (std::size_t i = 0; i < target.addresses.size(); ++i) {
      bool v6 = target.addresses[i].find(':') != std::string::npos;
      pin += (i ? "," : "") + (v6 ? "[" + target.addresses[i] + "]" : target.addresses[i]);
    }
    resolve = curl_slist_append(nullptr, pin.c_str());
    curl_easy_setopt(curl, CURLOPT_RESOLVE, resolve);
  }
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, header_list);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Discard);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  CURLcode rc = curl_easy_perform(curl);
  if (rc == CURLE_OK) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    outcome.http_status = static_cast<int>(status);
    curl_off_t retry_after = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK &&
        retry_after > 0) {
      outcome.retry_after_s = static_cast<long long>(retry_after);
    }
    if (status < 200 || status >= 300) outcome.error = "HTTP " + std::to_string(status);
  } else {
    outcome.error = curl_easy_strerror(rc);
  }
  curl_slist_free_all(header_list);
  curl_slist_free_all(resolve);
  return outcome;
}

}  // namespace

Dispatcher::Dispatcher(domain::Store& store, DispatcherOptions options)
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

void Dispatcher::Wake() {
  {
    std::lock_guard lock(mu_);
    ++generation_;
  }
  wake_.notify_all();
}

void Dispatcher::Work() {
  CURL* curl = curl_easy_init();
  std::mt19937 rng(std::random_device{}());
  for (;;) {
    std::uint64_t seen;
    {
      std::lock_guard lock(mu_);
      if (stopping_) break;
      seen = generation_;
    }
    std::optional<domain::Store::DeliveryJob> job;
    auto wait = options_.idle_poll;
    try {
      base::TimeMs now = base::NowMs();
      job = store_.ClaimDueDelivery(now, options_.lease_ms);
      if (!job) {
        if (auto due = store_.NextDeliveryDue()) {
          wait = std::min(wait, std::chrono::milliseconds(std::max<base::TimeMs>(0, *due - now)));
        }
      }
    } catch (const std::exception& e) {
      base::LogWarn("webhook dispatcher cannot read the outbox; retrying", {{"error", e.what()}});
    }
    if (job) {
      Attempt(*job, curl, rng);
      continue;
    }
    std::unique_lock lock(mu_);
    wake_.wait_for(lock, wait, [&] { return stopping_ || generation_ != seen; });
  }
  curl_easy_cleanup(curl);
}

void Dispatcher::Attempt(const domain::Store::DeliveryJob& job, void* curl, std::mt19937& rng) {
  const auto& d = job.delivery;
  base::TimeMs started = base::NowMs();
  Target target = CheckTarget(d.endpoint_url, options_.policy);
  domain::AttemptOutcome outcome;
  if (!target.allowed) {
    outcome.error = "refused: " + target.reason;
  } else if (job.secrets.empty()) {
    outcome.error = "the tenant has no webhook secret";
  } else {
    std::string body = Payload(job.event);
    std::int64_t timestamp = started / 1000;
    std::vector<std::string> headers = {
        "Content-Type: application/json",
        "User-Agent: payd/" PAYD_VERSION,
        "webhook-id: " + job.event.id,
        "webhook-timestamp: " + std::to_string(timestamp),
        "webhook-signature: " + domain::SignWebhook(job.secrets, job.event.id, timestamp, body),
    };
    outcome =
        Post(static_cast<CURL*>(curl), d.endpoint_url, target, headers, body, options_.timeout);
  }
  base::TimeMs now = base::NowMs();
  double jitter = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
  auto decision =
      domain::DecideAfterAttempt(d.attempts + 1, outcome, options_.retry_schedule_s, now, jitter);
  domain::Store::AttemptRecord record;
  record.status = decision.status;
  record.response_status = outcome.http_status;
  if (!outcome.error.empty()) record.error = outcome.error;
  record.next_attempt_at = decision.next_attempt_at;
  record.disable_endpoint = decision.disable_endpoint;
  if (decision.status == domain::DeliveryStatus::kDelivered) {
    boost::json::object data{
        {"deliveryId", d.id},         {"eventId", d.event_id},
        {"eventType", d.type},        {"endpointUrl", d.endpoint_url},
        {"attempts", d.attempts + 1}, {"responseStatus", *outcome.http_status}};
    record.sent_event = domain::NewEvent(d.tenant_id, domain::event_type::kWebhookSent,
                                         boost::json::serialize(data), now);
  }
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
