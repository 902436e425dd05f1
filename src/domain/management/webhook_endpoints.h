// Managing where a tenant's webhooks go (DECISIONS §7, §12, §13): endpoints,
// test events, redeliveries and the signing secret. Each operation is the
// one the REST API (/api/v1 and /v1) and the admin CLI both call; each runs
// in one transaction with its audit row.
#pragma once

#include <boost/json/object.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/management/change.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"

namespace payd::domain {

// Why a URL may not receive webhooks (the SSRF guard of webhooks/, DECISIONS
// §7); empty when it may.
using TargetCheck = std::function<std::string(const std::string& url)>;

struct NewEndpoint {
  std::string url;
  std::optional<std::vector<std::string>> events;  // none: every type
  std::optional<std::string> description;
  PayloadShape shape = PayloadShape::kEvents;
  // Signs with a secret of its own rather than the account's (made through /v1).
  bool own_secret = false;
};

// What an update sets; a field left empty stays as it is. `events` set to
// none subscribes to every type again; `description` set to none clears it.
struct EndpointPatch {
  std::optional<std::string> url;
  std::optional<std::optional<std::vector<std::string>>> events;
  std::optional<std::optional<std::string>> description;
  std::optional<bool> enabled;
};

// The endpoint as the API shows it and the audit log records it: never its secret.
boost::json::object WebhookEndpointView(const WebhookEndpoint& endpoint);

// Checks the URL and the event types (400 naming the field). An endpoint
// with `own_secret` gets a signing secret of its own, returned here once
// (a replay of the creation's Idempotency-Key answers the view, 201, without it).
Creation<WebhookEndpoint> CreateWebhookEndpoint(const Change& change, NewEndpoint request,
                                                const TargetCheck& check);
// The endpoint as updated; none when the tenant has no such endpoint.
// Disabling fails the deliveries not yet made.
std::optional<WebhookEndpoint> UpdateWebhookEndpoint(const Change& change, const std::string& id,
                                                     const EndpointPatch& patch,
                                                     const TargetCheck& check);
// False when the tenant has no such endpoint. Its deliveries not yet made fail.
bool DeleteWebhookEndpoint(const Change& change, const std::string& id);

// A WEBHOOK_TEST event, to one endpoint (which must be enabled) or, without
// one, to every enabled endpoint. None when the tenant has no such endpoint.
std::optional<Event> SendTestEvent(const Change& change,
                                   const std::optional<std::string>& endpoint_id);
// A new delivery of the same event to the same endpoint, due now; none when
// the tenant has no such delivery. A disabled or removed endpoint gets
// nothing, by hand neither (400).
std::optional<WebhookDelivery> Redeliver(const Change& change, const std::string& delivery_id);

// How long a rotated secret keeps signing beside the new one, so that a
// merchant can deploy the new one without missing a delivery.
inline constexpr base::TimeMs kWebhookSecretOverlapMs = 24LL * 60 * 60 * 1000;

// Makes a new signing secret current for the tenant; the previous one keeps
// signing for kWebhookSecretOverlapMs. The new secret, to show once.
std::string RotateWebhookSecret(const Change& change);

// The tenant's signing secrets still valid at the change's time, the current
// one first, for a person or the operator to copy; the reveal is recorded as
// `webhook_secret.reveal` (DECISIONS §13: revealing a secret is audited) before
// the secrets are read. The audit row holds no secret.
std::vector<WebhookSecret> RevealWebhookSecrets(const Change& change);

}  // namespace payd::domain
