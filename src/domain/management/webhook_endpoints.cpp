#include "domain/management/webhook_endpoints.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/access/credentials.h"
#include "domain/error.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

std::string Json(const WebhookEndpoint& endpoint) {
  return boost::json::serialize(WebhookEndpointView(endpoint));
}

void CheckUrl(const std::string& url, const TargetCheck& check) {
  std::string refusal = check(url);
  if (!refusal.empty()) ThrowInvalid("url", "The URL cannot receive webhooks: {1}.", refusal);
}

void CheckEvents(const std::optional<std::vector<std::string>>& events) {
  if (!events) return;
  if (events->empty())
    ThrowInvalid("events", "List at least one event type, or leave events out for every type.");
  for (const auto& type : *events) {
    if (!IsSubscribableEventType(type)) ThrowInvalid("events", "Unknown event type \"{1}\".", type);
  }
}

void CheckDescription(const std::optional<std::string>& description) {
  if (description && description->size() > 500)
    ThrowInvalid("description", "At most 500 characters.");
}

}  // namespace

boost::json::object WebhookEndpointView(const WebhookEndpoint& e) {
  boost::json::value events = nullptr;
  if (e.event_types) {
    boost::json::array types;
    for (const auto& t : *e.event_types) types.emplace_back(t);
    events = std::move(types);
  }
  auto opt = [](const std::optional<std::string>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
  };
  return {{"id", e.id},
          {"url", e.url},
          {"events", std::move(events)},
          {"description", opt(e.description)},
          {"enabled", e.enabled},
          {"disabledReason", opt(e.disabled_reason)},
          {"payloadShape", PayloadShapeName(e.shape)},
          {"createdAt", base::FormatTimestamp(e.created_at)}};
}

Creation<WebhookEndpoint> CreateWebhookEndpoint(const Change& change, NewEndpoint request,
                                                const TargetCheck& check) {
  Require(change, Operation::kAddWebhookEndpoint);
  CheckUrl(request.url, check);
  CheckEvents(request.events);
  CheckDescription(request.description);
  WebhookEndpoint e;
  e.id = base::NewId("we_");
  e.tenant_id = change.tenant_id;
  e.url = std::move(request.url);
  e.event_types = std::move(request.events);
  e.description = std::move(request.description);
  e.shape = request.shape;
  e.created_at = change.now;
  if (request.own_secret) e.secret = GenerateWebhookSecret();
  // What a replay answers: the endpoint, its secret not stored (DECISIONS §2).
  boost::json::object replay = WebhookEndpointView(e);
  replay["secret"] = nullptr;
  return CreateOnce(change, {201, boost::json::serialize(replay)}, e, [&](ManagementTx& tx) {
    tx.InsertWebhookEndpoint(e);
    RecordChange(tx, change, "webhook_endpoint.create", e.id, std::nullopt, Json(e));
  });
}

std::optional<WebhookEndpoint> UpdateWebhookEndpoint(const Change& change, const std::string& id,
                                                     const EndpointPatch& patch,
                                                     const TargetCheck& check) {
  Require(change, Operation::kChangeWebhookEndpoint);
  if (patch.url) CheckUrl(*patch.url, check);
  if (patch.events) CheckEvents(*patch.events);
  if (patch.description) CheckDescription(*patch.description);
  std::optional<WebhookEndpoint> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindWebhookEndpoint(change.tenant_id, id);
    if (!out) return;
    std::string before = Json(*out);
    if (patch.url) out->url = *patch.url;
    if (patch.events) out->event_types = *patch.events;
    if (patch.description) out->description = *patch.description;
    bool disabling = patch.enabled == false && out->enabled;
    if (patch.enabled && *patch.enabled != out->enabled) {
      out->enabled = *patch.enabled;
      out->disabled_reason =
          out->enabled ? std::nullopt : std::optional<std::string>("disabled by request");
    }
    tx.UpdateWebhookEndpoint(*out);
    if (disabling) {
      tx.FailOpenDeliveries(id, "endpoint disabled: " + *out->disabled_reason, change.now);
    }
    RecordChange(tx, change, "webhook_endpoint.update", id, before, Json(*out));
  });
  return out;
}

bool DeleteWebhookEndpoint(const Change& change, const std::string& id) {
  Require(change, Operation::kRemoveWebhookEndpoint);
  bool found = false;
  change.store.WithManagement([&](ManagementTx& tx) {
    auto e = tx.FindWebhookEndpoint(change.tenant_id, id);
    found = e.has_value();
    if (!e) return;
    tx.DeleteWebhookEndpoint(id);
    tx.FailOpenDeliveries(id, "endpoint removed", change.now);
    RecordChange(tx, change, "webhook_endpoint.delete", id, Json(*e), std::nullopt);
  });
  return found;
}

std::optional<Event> SendTestEvent(const Change& change,
                                   const std::optional<std::string>& endpoint_id) {
  Require(change, Operation::kSendTestEvent);
  boost::json::object data{{"message", "A test event from payd"}, {"tenantId", change.tenant_id}};
  Event event =
      NewEvent(change.tenant_id, kWebhookTestEvent, boost::json::serialize(data), change.now);
  bool found = true;
  change.store.WithManagement([&](ManagementTx& tx) {
    if (endpoint_id) {
      auto e = tx.FindWebhookEndpoint(change.tenant_id, *endpoint_id);
      found = e.has_value();
      if (!e) return;
      if (!e->enabled) ThrowInvalid("id", "The endpoint is disabled; enable it first.");
    }
    tx.InsertEvent(event, endpoint_id);
    RecordChange(tx, change, "webhook_endpoint.test", endpoint_id.value_or(change.tenant_id),
                 std::nullopt, boost::json::serialize(boost::json::object{{"eventId", event.id}}));
  });
  if (!found) return std::nullopt;
  return event;
}

std::optional<WebhookDelivery> Redeliver(const Change& change, const std::string& delivery_id) {
  Require(change, Operation::kRedeliverWebhook);
  std::optional<WebhookDelivery> copy;
  change.store.WithManagement([&](ManagementTx& tx) {
    auto original = tx.FindDelivery(change.tenant_id, delivery_id);
    if (!original) return;
    auto endpoint = tx.FindWebhookEndpoint(change.tenant_id, original->endpoint_id);
    if (!endpoint || !endpoint->enabled) {
      if (endpoint) {
        ThrowInvalid("id", "Endpoint {1} is disabled; enable it first.", original->endpoint_id);
      }
      ThrowInvalid("id", "Endpoint {1} was removed.", original->endpoint_id);
    }
    copy = *original;
    copy->id = base::NewId("whd_");
    copy->endpoint_url = endpoint->url;
    copy->status = DeliveryStatus::kPending;
    copy->attempts = 0;
    copy->last_response_status.reset();
    copy->last_error.reset();
    copy->next_attempt_at = change.now;
    copy->delivered_at.reset();
    copy->created_at = change.now;
    tx.InsertDelivery(*copy);
    RecordChange(tx, change, "webhook_delivery.redeliver", delivery_id, std::nullopt,
                 boost::json::serialize(boost::json::object{{"deliveryId", copy->id},
                                                            {"eventId", copy->event_id},
                                                            {"endpointId", copy->endpoint_id}}));
  });
  return copy;
}

std::string RotateWebhookSecret(const Change& change) {
  Require(change, Operation::kRotateWebhookSecret);
  std::string secret = GenerateWebhookSecret();
  base::TimeMs previous_until = change.now + kWebhookSecretOverlapMs;
  change.store.WithManagement([&](ManagementTx& tx) {
    tx.RotateWebhookSecret({change.tenant_id, secret, change.now, std::nullopt}, previous_until);
    // The secret itself is never recorded: when the old one stops signing.
    RecordChange(tx, change, "webhook_secret.rotate", change.tenant_id, std::nullopt,
                 boost::json::serialize(boost::json::object{
                     {"previousValidUntil", base::FormatTimestamp(previous_until)}}));
  });
  return secret;
}

std::vector<WebhookSecret> RevealWebhookSecrets(const Change& change) {
  Require(change, Operation::kRevealWebhookSecret);
  change.store.WithManagement([&](ManagementTx& tx) {
    RecordChange(tx, change, "webhook_secret.reveal", change.tenant_id, std::nullopt, std::nullopt);
  });
  return change.store.WebhookSecrets(change.tenant_id, change.now);
}

}  // namespace payd::domain
