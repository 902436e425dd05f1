// The work `payd serve` does on a clock, off the request path, each a
// coroutine on the server's io_context: housekeeping, link-page views, intents
// never chosen, payout address changes whose wait is over, and email
// alerts and summaries. A failed round
// is logged and tried again on the next; none stops the server.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <functional>

#include "domain/links/link_views.h"
#include "domain/store.h"
#include "domain/views/representation.h"

namespace payd::cli {

// Expired idempotency records and idle rate windows, every ten minutes.
boost::asio::awaitable<void> PurgeLoop(domain::Store& store);
// Link-page views written every second (domain/links/link_views.h).
boost::asio::awaitable<void> LinkViewsLoop(domain::LinkViews& views);
void FlushLinkViews(domain::LinkViews& views);
// Intents asked on /v1 and never chosen, expired by the wall clock; `changed`
// runs after a round that expired some.
boost::asio::awaitable<void> UnchosenExpiryLoop(domain::Store& store,
                                                domain::Representation representation,
                                                std::function<void()> changed);
// Payout address changes due (domain/management/payout_changes.h).
boost::asio::awaitable<void> PayoutChangesLoop(domain::Store& store);
// Chains this process watches that are a problem (domain/email/chain_problem.h):
// each episode opened in the store (its people told once), and closed when
// the chain is fine again. Only while payd sends email.
boost::asio::awaitable<void> ChainAlertLoop(domain::Store& store,
                                            const domain::ChainCatalog& catalog);
// The daily summaries of payments received due since midnight UTC
// (domain/email/daily_summary.h), every minute. Only while payd sends email.
boost::asio::awaitable<void> DailySummaryLoop(domain::Store& store);

}  // namespace payd::cli
