// Getting started (issue 40 item 5): the steps that take a new account to its
// first payment, on the overview, each ticked as it is done, until all are:
// an integration with a payout address, a payment link or an API key, a
// webhook endpoint, and a first payment (a test one on testnet). Read from
// what the account holds, so a step done anywhere (the API, the CLI) is
// ticked here too; gone after the first payment.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "dashboard/dashboard_context.h"
#include "domain/people/user.h"

namespace payd::dashboard {

// The steps for the overview's model, from the overview's counts (no list is
// read), or an empty object once the account has taken a payment: that is
// what the steps lead to, and a merchant of payment links alone needs no
// webhook endpoint. `paid` is how many of the tenant's intents were paid; a
// step links to where it is done when `role` may do it.
boost::json::object GettingStarted(const DashboardContext& ctx,
                                   const domain::Store::TenantCounts& counts, domain::Role role,
                                   std::int64_t paid);

}  // namespace payd::dashboard
