// A refund as the API shows it and its events carry it (/api/v1/refunds,
// REFUND_* webhooks), with the transfer ready to sign once its address is known.
#pragma once

#include <boost/json/object.hpp>
#include <string_view>

#include "domain/refunds/refund.h"
#include "domain/refunds/refund_transfer.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

boost::json::object RefundView(const Refund& refund);
// The /v1 shape (DECISIONS §12): `amount` and `currency` as refunded (a price
// in its currency, else the token's decimal units), the intent as
// `paymentIntent`, and what the merchant's wallet signs as `transfer`.
boost::json::object RefundViewV1(const Refund& refund);
// The refund's transfer as a wallet sends it; none while its address is unknown.
std::optional<PreparedTransfer> RefundTransferOf(const Refund& refund);
Event RefundEvent(std::string_view type, const Refund& refund, base::TimeMs now);
// The refund's transfer as a Safe Transaction Builder file (refund_transfer.h),
// while it waits for its transfer; none otherwise.
std::optional<boost::json::object> RefundSafeBatch(const Refund& refund, base::TimeMs now);

}  // namespace payd::domain
