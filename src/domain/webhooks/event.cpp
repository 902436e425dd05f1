#include "domain/webhooks/event.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/views/representation.h"

namespace payd::domain {

std::span<const std::string_view> SubscribableEventTypes() {
  using namespace event_type;
  static constexpr std::string_view kTypes[] = {kPaymentCreated,      kPaymentPending,
                                                kPaymentConfirmed,    kPaymentExpired,
                                                kPaymentFailed,       kPaymentUnmatched,
                                                kPaymentReversed,     kPaymentLinkCreated,
                                                kPaymentResolved,     kIntegrationPayoutChanged,
                                                kRefundCreated,       kRefundReady,
                                                kRefundSent,          kRefundConfirmed,
                                                kRefundCanceled,      kRefundReversed,
                                                kPayoutCreated,       kPayoutLineSent,
                                                kPayoutLineConfirmed, kPayoutLineReversed,
                                                kPayoutCompleted,     kPayoutCanceled};
  return kTypes;
}

bool IsSubscribableEventType(std::string_view type) {
  for (std::string_view known : SubscribableEventTypes()) {
    if (type == known) return true;
  }
  return false;
}

Event NewEvent(std::string tenant_id, std::string_view type, std::string data_json,
               base::TimeMs now) {
  return Event{
      base::NewId("evt_"), std::move(tenant_id), std::string(type), std::move(data_json), now,
      std::nullopt,        std::nullopt};
}

std::optional<std::string> EventObjectId(const Event& event) {
  if (event.object_id) return event.object_id;
  boost::system::error_code ec;
  auto data = boost::json::parse(event.data_json, ec);
  if (ec || !data.is_object()) return std::nullopt;
  const auto* id = data.as_object().if_contains("id");
  if (!id || !id->is_string()) return std::nullopt;
  return std::string(id->as_string());
}

std::string Event::DataFor(bool v1_shape) const {
  if (!v1_shape) return data_json;
  if (data_v1_json) return *data_v1_json;
  // A payment ("pay_...") stores its /api/v1 shape alone.
  boost::system::error_code ec;
  auto data = boost::json::parse(data_json, ec);
  auto* object = ec ? nullptr : data.if_object();
  const auto* id = object ? object->if_contains("id") : nullptr;
  if (!id || !id->is_string() || !id->as_string().starts_with("pay_")) return data_json;
  PaymentToV1Shape(*object);
  return boost::json::serialize(data);
}

}  // namespace payd::domain
