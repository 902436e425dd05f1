#include "domain/event.h"

#include "base/ids.h"

namespace payd::domain {

bool IsSubscribableEventType(std::string_view type) {
  using namespace event_type;
  for (std::string_view known :
       {kPaymentCreated, kPaymentPending, kPaymentConfirmed, kPaymentExpired, kPaymentFailed,
        kPaymentUnmatched, kPaymentReversed, kPaymentLinkCreated}) {
    if (type == known) return true;
  }
  return false;
}

Event NewEvent(std::string tenant_id, std::string_view type, std::string data_json,
               base::TimeMs now) {
  return Event{base::NewId("evt_"), std::move(tenant_id), std::string(type), std::move(data_json),
               now};
}

}  // namespace payd::domain
