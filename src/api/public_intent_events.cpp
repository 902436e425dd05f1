// GET /public/integrations/:publicId/intents/:id/events: the payer view of an
// intent as server-sent events, for the checkout page and the widget. It is
// admitted like the other public endpoints (origin or integration key, the
// per-client read limit counts the connection) and a client holds at most
// kMaxStreamsPerClient open at once (429 beyond).
//
// The stream sends `retry: 3000` and the view at once, then the view again
// whenever it differs from the last one sent, a `: keepalive` comment after
// 15 s of silence, and ends after a final state (PAID; EXPIRED or FAILED past
// the late window) or after 10 minutes (the browser reconnects). It re-reads
// the intent as soon as a write may have changed it (LiveIntents' bell) and
// at least every few seconds, for writes no bell told of.
#include <boost/json/serialize.hpp>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/public_guard.h"
#include "api/routes.h"
#include "http/client_address.h"
#include "http/json_response.h"

namespace payd::api {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr int kMaxStreamsPerClient = 10;
constexpr auto kPollEvery = 1s;  // for the clock's sake (keepalive, expiry); changes ring
// Database reads without a ring, for writes no bell told of: by another
// process on SQLite, or on PostgreSQL while the change feed is lost (with it,
// only the time-based states: an expiry's sweep elsewhere, say).
constexpr auto kReadAtLeastEvery = 3s;
constexpr auto kReadAtLeastEveryWithFeed = 30s;
constexpr auto kKeepaliveAfter = 15s;  // of silence (proxies close idle connections)
constexpr auto kMaxDuration = 10min;   // then the browser reconnects
constexpr std::string_view kRetry = "retry: 3000\n\n";

bool IsFinal(const domain::PaymentIntent& intent, base::TimeMs now) {
  using enum domain::IntentStatus;
  if (intent.status == kPaid) return true;
  return (intent.status == kExpired || intent.status == kFailed) && now >= intent.late_until();
}

// One open stream; the producer the server calls at its pace.
class EventStream {
 public:
  EventStream(ApiContext& api, domain::PaymentIntent intent, LiveIntents::Slot slot)
      : api_(api),
        integration_id_(intent.integration_id),
        intent_(std::move(intent)),
        slot_(std::move(slot)),
        seen_changes_(api.live.Changes()),
        opened_(Clock::now()),
        last_read_(opened_),
        last_write_(opened_) {}

  http::StreamStep Next() {
    auto now = Clock::now();
    http::StreamStep step{{}, false, kPollEvery};
    if (!started_) {
      started_ = true;
      step.data = std::string(kRetry) + Event();
    } else if (now - opened_ >= kMaxDuration) {
      step.done = true;
      return step;
    } else if (Reread(now)) {
      step.data = Event();
    }
    if (!step.data.empty()) {
      last_write_ = now;
    } else if (now - last_write_ >= kKeepaliveAfter) {
      step.data = ": keepalive\n\n";
      last_write_ = now;
    }
    step.done = IsFinal(intent_, base::NowMs());
    step.bell = &api_.live.bell();
    step.seen = seen_changes_;
    return step;
  }

 private:
  // Reads the intent again when it may have changed; true if its view did.
  bool Reread(Clock::time_point now) {
    std::uint64_t changes = api_.live.Changes();
    auto every = api_.live.FeedLive() ? kReadAtLeastEveryWithFeed : kReadAtLeastEvery;
    if (changes == seen_changes_ && now - last_read_ < every) return false;
    seen_changes_ = changes;
    last_read_ = now;
    auto fresh = api_.store.FindIntentOfIntegration(integration_id_, intent_.id);
    if (!fresh) return false;
    intent_ = std::move(*fresh);
    return View() != last_view_;
  }

  std::string View() const {
    return boost::json::serialize(api_.representation().PublicIntent(intent_));
  }

  std::string Event() {
    last_view_ = View();
    return "event: intent\ndata: " + last_view_ + "\n\n";
  }

  ApiContext& api_;
  std::string integration_id_;
  domain::PaymentIntent intent_;
  LiveIntents::Slot slot_;  // frees the client's stream slot with the stream
  std::string last_view_;
  std::uint64_t seen_changes_;
  bool started_ = false;
  Clock::time_point opened_, last_read_, last_write_;
};

http::Response Events(const http::Request& req, http::RequestContext& ctx, ApiContext& api) {
  domain::Integration integration = AdmitPublic(req, ctx, api, PublicLimit::kRead);
  ParseQuery(req, {});
  auto intent = IntentOfPath(integration, ctx, api);
  LiveIntents::Refusal why = LiveIntents::Refusal::kNone;
  auto slot = api.live.TryOpen(http::ClientKey(ctx.remote_ip), kMaxStreamsPerClient,
                               api.max_event_streams, &why);
  if (why == LiveIntents::Refusal::kFull) {
    // Nothing this client did: the server holds as many streams as it takes.
    throw ApiError(http::Status::service_unavailable, "unavailable",
                   "This server has as many event streams open as it takes; retry shortly.")
        .WithHeader("Retry-After", "5");
  }
  if (!slot) {
    throw ApiError(http::Status::too_many_requests, "rate_limited",
                   "This address already has " + std::to_string(kMaxStreamsPerClient) +
                       " event streams open; close one, or retry in a minute.")
        .WithHeader("Retry-After", "60");
  }
  auto stream = std::make_shared<EventStream>(api, std::move(intent), std::move(slot));
  ctx.stream = [stream] { return stream->Next(); };
  http::Response res{http::Status::ok, 11};
  res.set(http::beast_http::field::content_type, "text/event-stream; charset=utf-8");
  res.set(http::beast_http::field::cache_control, "no-store");
  res.set("X-Accel-Buffering", "no");  // nginx would otherwise hold the events back
  return res;
}

}  // namespace

void AddPublicIntentEventRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/public/integrations/:publicId/intents/:id/events",
             Endpoint([&api](const auto& req, auto& ctx) { return Events(req, ctx, api); }));
  router.Add(http::Verb::options, "/public/integrations/:publicId/intents/:id/events",
             Endpoint([&api](const auto& req, auto& ctx) { return Preflight(req, ctx, api); }));
}

}  // namespace payd::api
