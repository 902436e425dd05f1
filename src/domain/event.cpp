#include "domain/event.h"

#include <boost/json/parse.hpp>

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

std::optional<std::string> EventObjectId(const Event& event) {
  boost::system::error_code ec;
  auto data = boost::json::parse(event.data_json, ec);
  if (ec || !data.is_object()) return std::nullopt;
  const auto* id = data.as_object().if_contains("id");
  if (!id || !id->is_string()) return std::nullopt;
  return std::string(id->as_string());
}

}  // namespace payd::domain
