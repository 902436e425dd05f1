// A platform event (DECISIONS §7): something that happened to a tenant's
// objects, recorded in the same transaction as the change itself. `data` is
// the JSON of the object as it was at that moment.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::domain {

namespace event_type {
inline constexpr std::string_view kPaymentCreated = "PAYMENT_CREATED";
inline constexpr std::string_view kPaymentPending = "PAYMENT_PENDING";
inline constexpr std::string_view kPaymentConfirmed = "PAYMENT_CONFIRMED";
inline constexpr std::string_view kPaymentExpired = "PAYMENT_EXPIRED";
inline constexpr std::string_view kPaymentFailed = "PAYMENT_FAILED";
inline constexpr std::string_view kPaymentUnmatched = "PAYMENT_UNMATCHED";
// A reorganisation undid what the merchant was told: PENDING back to CREATED,
// or a PAID intent whose confirmed payment a deeper reorg removed.
inline constexpr std::string_view kPaymentReversed = "PAYMENT_REVERSED";
inline constexpr std::string_view kPaymentLinkCreated = "PAYMENT_LINK_CREATED";
// The merchant settled an irregular intent (paid or not, with a note).
inline constexpr std::string_view kPaymentResolved = "PAYMENT_RESOLVED";
// Where an integration's new payments go changed (DECISIONS §13): told to every
// owner, whoever made the change.
inline constexpr std::string_view kIntegrationPayoutChanged = "INTEGRATION_PAYOUT_CHANGED";
// A refund's moves (DECISIONS §15, domain/refunds/refund.h): made; its
// address given by the payer (ready to send); its transfer seen on chain,
// then confirmed; canceled by the merchant; its transfer removed by a reorg.
inline constexpr std::string_view kRefundCreated = "REFUND_CREATED";
inline constexpr std::string_view kRefundReady = "REFUND_READY";
inline constexpr std::string_view kRefundSent = "REFUND_SENT";
inline constexpr std::string_view kRefundConfirmed = "REFUND_CONFIRMED";
inline constexpr std::string_view kRefundCanceled = "REFUND_CANCELED";
inline constexpr std::string_view kRefundReversed = "REFUND_REVERSED";
// A payout's moves (domain/payouts/payout.h): made; each line's transfer seen
// on chain, confirmed, removed by a reorg; the last line confirmed; canceled.
inline constexpr std::string_view kPayoutCreated = "PAYOUT_CREATED";
inline constexpr std::string_view kPayoutLineSent = "PAYOUT_LINE_SENT";
inline constexpr std::string_view kPayoutLineConfirmed = "PAYOUT_LINE_CONFIRMED";
inline constexpr std::string_view kPayoutLineReversed = "PAYOUT_LINE_REVERSED";
inline constexpr std::string_view kPayoutCompleted = "PAYOUT_COMPLETED";
inline constexpr std::string_view kPayoutCanceled = "PAYOUT_CANCELED";
inline constexpr std::string_view kWebhookSent = "WEBHOOK_SENT";
}  // namespace event_type

// The types an endpoint may subscribe to (every type but WEBHOOK_SENT, which
// is never delivered, so that deliveries cannot beget deliveries).
std::span<const std::string_view> SubscribableEventTypes();
bool IsSubscribableEventType(std::string_view type);

struct Event;
// The id of the object an event is about (its data's "id": an intent's, a
// link's...), kept beside it so that an object's events are found by index.
std::optional<std::string> EventObjectId(const Event& event);

struct Event {
  std::string id;  // "evt_..."
  std::string tenant_id;
  std::string type;
  std::string data_json;
  base::TimeMs created_at = 0;
  // The same object in the /v1 shape (DECISIONS §12), for endpoints made
  // through /v1; none where the shapes agree (links, test events) or where
  // DataFor derives it: a payment's two shapes differ in the case of its
  // status alone, and a catch-up writes thousands of payment events.
  std::optional<std::string> data_v1_json;
  // The id of the object it is about, when its maker knows it (EventObjectId
  // otherwise reads it from data_json). Not stored apart from the data.
  std::optional<std::string> object_id;

  // What an endpoint that takes `v1_shape` receives as `data`.
  std::string DataFor(bool v1_shape) const;
};

Event NewEvent(std::string tenant_id, std::string_view type, std::string data_json,
               base::TimeMs now);

}  // namespace payd::domain
