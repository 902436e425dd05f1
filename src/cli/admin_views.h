// JSON shapes of what the admin commands print (--json). These are an
// interface for operators' scripts: add fields, never rename them.
#pragma once

#include <boost/json/object.hpp>

#include "domain/api_key.h"
#include "domain/tenant.h"

namespace payd::cli {

boost::json::object TenantView(const domain::Tenant& tenant);
// Never includes the key text; `now` decides the shown status.
boost::json::object ApiKeyView(const domain::ApiKey& key, base::TimeMs now);

}  // namespace payd::cli
