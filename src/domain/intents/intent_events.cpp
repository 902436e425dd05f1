#include "domain/intents/intent_events.h"

#include "domain/webhooks/event.h"

namespace payd::domain {

namespace {

using enum IntentStatus;

class Path {
 public:
  Path(IntentStatus from, const PaymentIntent& now) : at_(from), now_(now) {}

  // Moves to `to` unless already there.
  void To(IntentStatus to, std::string_view type, IntentException exception) {
    if (at_ == to) return;
    moves_.push_back({type, to, exception});
    at_ = to;
  }
  void Pending() { To(kPending, event_type::kPaymentPending, PendingException()); }
  void ShortPending() { To(kPending, event_type::kPaymentPending, IntentException::kUnderpaid); }
  void Failed() { To(kFailed, event_type::kPaymentFailed, IntentException::kUnderpaid); }

  IntentStatus at() const { return at_; }
  // The last step is the intent as it now is.
  std::vector<IntentMove> Done() && {
    if (!moves_.empty()) moves_.back().exception = now_.exception;
    return std::move(moves_);
  }

 private:
  // What a PENDING step on the way says: the intent's own exception if it
  // ends PENDING or PAID (a late or over payment is known when it is seen).
  IntentException PendingException() const {
    bool on_the_way = now_.status == kPending || now_.status == kPaid;
    return on_the_way ? now_.exception : IntentException::kUnderpaid;
  }

  IntentStatus at_;
  const PaymentIntent& now_;
  std::vector<IntentMove> moves_;
};

}  // namespace

std::vector<IntentMove> MovesBetween(const IntentBefore& before, const PaymentIntent& now) {
  constexpr auto kReversed = IntentException::kReversedAfterConfirmation;
  if (before.status == kPaid) {
    // PAID is final; only a deeper reorg taking what paid it, or its return, is told.
    if (now.exception == kReversed && before.exception != kReversed)
      return {{event_type::kPaymentReversed, kPaid, now.exception}};
    if (now.exception != kReversed && before.exception == kReversed)
      return {{event_type::kPaymentConfirmed, kPaid, now.exception}};
    return {};
  }
  Path path(before.status, now);
  // The pass reached expiresAt: first what the intent was then (DECISIONS §5:
  // EXPIRED with nothing seen, FAILED when short), before any late payment.
  bool crossed = !before.status_at_expiry && now.status_at_expiry;
  if (crossed && (before.status == kCreated || before.status == kPending)) {
    if (*now.status_at_expiry == kExpired) {
      path.To(
          kExpired,
          before.status == kPending ? event_type::kPaymentReversed : event_type::kPaymentExpired,
          IntentException::kNone);
    } else if (*now.status_at_expiry == kFailed) {
      path.ShortPending();
      path.Failed();
    }
  }
  switch (now.status) {
    case kPending:
      path.Pending();
      break;
    case kPaid:
      path.Pending();
      path.To(kPaid, event_type::kPaymentConfirmed, now.exception);
      break;
    case kExpired:
      path.To(kExpired, event_type::kPaymentExpired, IntentException::kNone);
      break;
    case kFailed:
      if (path.at() == kCreated || path.at() == kExpired) path.ShortPending();
      path.Failed();
      break;
    case kCreated:
      path.To(kCreated, event_type::kPaymentReversed,
              IntentException::kNone);  // a reorg removed what was seen
      break;
  }
  return std::move(path).Done();
}

}  // namespace payd::domain
