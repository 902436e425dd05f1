#include "domain/event.h"

#include "base/ids.h"

namespace payd::domain {

std::span<const std::string_view> SubscribableEventTypes() {
  using namespace event_type;
  static constexpr std::string_view kTypes[] = {
      kPaymentCreated,   kPaymentPending,  kPaymentConfirmed,   kPaymentExpired, kPaymentFailed,
      kPaymentUnmatched, kPaymentReversed, kPaymentLinkCreated, kPaymentResolved};
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
      std::nullopt};
}

}  // namespace payd::domain
