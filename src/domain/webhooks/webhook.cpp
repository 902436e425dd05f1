#include "domain/webhooks/webhook.h"

#include "base/crypto.h"

namespace payd::domain {

std::string_view DeliveryStatusName(DeliveryStatus status) {
  switch (status) {
    case DeliveryStatus::kPending:
      return "PENDING";
    case DeliveryStatus::kRetrying:
      return "RETRYING";
    case DeliveryStatus::kDelivered:
      return "DELIVERED";
    case DeliveryStatus::kFailed:
      return "FAILED";
  }
  return "PENDING";
}

std::optional<DeliveryStatus> ParseDeliveryStatus(std::string_view text) {
  for (auto s : {DeliveryStatus::kPending, DeliveryStatus::kRetrying, DeliveryStatus::kDelivered,
                 DeliveryStatus::kFailed}) {
    if (DeliveryStatusName(s) == text) return s;
  }
  return std::nullopt;
}

std::string_view PayloadShapeName(PayloadShape shape) {
  return shape == PayloadShape::kV1 ? "v1" : "events";
}

std::optional<PayloadShape> ParsePayloadShape(std::string_view text) {
  if (text == "v1") return PayloadShape::kV1;
  if (text == "events") return PayloadShape::kEvents;
  return std::nullopt;
}

std::string SignWebhook(const std::vector<std::string>& secrets, std::string_view id,
                        std::int64_t timestamp_s, std::string_view body) {
  std::string content =
      std::string(id) + "." + std::to_string(timestamp_s) + "." + std::string(body);
  std::string header;
  for (const auto& secret : secrets) {
    std::string_view encoded = secret;
    if (encoded.starts_with("whsec_")) encoded.remove_prefix(6);
    auto key = base::Base64Decode(encoded);
    if (!key) continue;
    if (!header.empty()) header += ' ';
    header += "v1," + base::Base64Encode(base::HmacSha256(*key, content));
  }
  return header;
}

}  // namespace payd::domain
