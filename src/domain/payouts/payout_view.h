// A payout and its lines as the API shows them and their events carry them
// (/api/v1/payouts, PAYOUT_* webhooks), each waiting line with the transfer
// ready to sign, and the batch as one Safe Transaction Builder file.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string_view>

#include "domain/payouts/payout.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

boost::json::object PayoutLineView(const Refund& line);
boost::json::object PayoutView(const Payout& payout);
// Without its lines (lists, and the payout's own events: each line's move is
// an event of its own).
boost::json::object PayoutSummaryView(const Payout& payout);
// What an audit row keeps of it: its lines without their prepared transfers.
boost::json::object PayoutSnapshot(const Payout& payout);

// Carries the summary view.
Event PayoutEvent(std::string_view type, const Payout& payout, base::TimeMs now);
Event PayoutLineEvent(std::string_view type, const Refund& line, base::TimeMs now);

// The lines still waiting for their transfer as one Safe Transaction Builder
// batch (one MultiSend from the payout address); none when no line waits.
std::optional<boost::json::object> PayoutSafeBatch(const Payout& payout, base::TimeMs now);

}  // namespace payd::domain
