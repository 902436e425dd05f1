// Webhooks (DECISIONS §7): endpoints a tenant registers, and deliveries, one
// per (event, endpoint), kept in an outbox written in the same transaction as
// the event. Signing follows the Standard Webhooks specification.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"

namespace payd::domain {

// The `data` an endpoint receives: the §5/§6 objects of /api/v1, or the /v1
// ones (DECISIONS §12) for an endpoint made through /v1.
enum class PayloadShape { kEvents, kV1 };
std::string_view PayloadShapeName(PayloadShape shape);
std::optional<PayloadShape> ParsePayloadShape(std::string_view text);

struct WebhookEndpoint {
  std::string id;  // "we_..."
  std::string tenant_id;
  std::string url;
  std::optional<std::vector<std::string>> event_types;  // none: every type
  bool enabled = true;
  std::optional<std::string> disabled_reason;
  base::TimeMs created_at = 0;
  std::optional<std::string> description;
  PayloadShape shape = PayloadShape::kEvents;
  // Its own signing secret ("whsec_..."), shown once when made: endpoints
  // made through /v1 have one. Without one, the tenant's secrets sign.
  std::optional<std::string> secret;
};

enum class DeliveryStatus { kPending, kRetrying, kDelivered, kFailed };
std::string_view DeliveryStatusName(DeliveryStatus status);
std::optional<DeliveryStatus> ParseDeliveryStatus(std::string_view text);

struct WebhookDelivery {
  std::string id;  // "whd_..."
  std::string tenant_id;
  std::string event_id;
  std::string endpoint_id;
  std::string endpoint_url;
  std::string type;  // the event's type
  DeliveryStatus status = DeliveryStatus::kPending;
  int attempts = 0;
  std::optional<int> last_response_status;
  std::optional<std::string> last_error;
  std::optional<base::TimeMs> next_attempt_at;
  std::optional<base::TimeMs> delivered_at;
  base::TimeMs created_at = 0;
};

// A test event's type: not a payment event, sent on request to check an endpoint.
inline constexpr std::string_view kWebhookTestEvent = "WEBHOOK_TEST";

// The Standard Webhooks signature header value for one payload, one
// "v1,<base64>" per secret ("whsec_<base64 key>"), space-separated.
std::string SignWebhook(const std::vector<std::string>& secrets, std::string_view id,
                        std::int64_t timestamp_s, std::string_view body);

}  // namespace payd::domain
