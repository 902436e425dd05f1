// What the dashboard shows of payout address changes (DECISIONS §13,
// domain/management/payout_changes.h): the change waiting on an integration,
// on its page with what the visitor may do about it, and the notices every
// owner sees on the overview for a week.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>
#include <string>

#include "dashboard/dashboard_http.h"
#include "domain/integration.h"

namespace payd::dashboard {

// The change waiting on `integration`, or null: where new payments will go
// and from when, who asked, and whether the visitor may cancel it (an admin)
// or confirm it now (an owner who did not ask).
boost::json::value WaitingPayoutModel(DashboardContext& ctx, const Visitor& visitor,
                                      const domain::Integration& integration);

// The overview's notices, newest first: changes still waiting, and the
// changes applied or canceled in the last week.
boost::json::array PayoutNotices(DashboardContext& ctx, const std::string& tenant_id,
                                 base::TimeMs now);

}  // namespace payd::dashboard
