#include "domain/event.h"

#include "base/ids.h"

namespace payd::domain {

Event NewEvent(std::string tenant_id, std::string_view type, std::string data_json,
               base::TimeMs now) {
  return Event{base::NewId("evt_"), std::move(tenant_id), std::string(type), std::move(data_json),
               now};
}

}  // namespace payd::domain
