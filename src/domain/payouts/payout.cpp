#include "domain/payouts/payout.h"

#include <algorithm>

namespace payd::domain {

std::string_view PayoutStatusName(PayoutStatus status) {
  switch (status) {
    case PayoutStatus::kOpen:
      return "open";
    case PayoutStatus::kCompleted:
      return "completed";
    case PayoutStatus::kCanceled:
      return "canceled";
  }
  return "open";
}

std::optional<PayoutStatus> ParsePayoutStatus(std::string_view text) {
  for (auto s : {PayoutStatus::kOpen, PayoutStatus::kCompleted, PayoutStatus::kCanceled}) {
    if (PayoutStatusName(s) == text) return s;
  }
  return std::nullopt;
}

PayoutStatus Payout::Status() const {
  bool confirmed = false;
  for (const Refund& line : lines) {
    if (line.status == RefundStatus::kConfirmed) {
      confirmed = true;
    } else if (line.status != RefundStatus::kCanceled) {
      return PayoutStatus::kOpen;
    }
  }
  return confirmed ? PayoutStatus::kCompleted : PayoutStatus::kCanceled;
}

Uint256 Payout::Total() const {
  Uint256 total = 0;
  for (const Refund& line : lines) {
    if (line.Counts()) total += line.amount;
  }
  return total;
}

std::size_t Payout::ConfirmedCount() const {
  return static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [](const Refund& l) {
    return l.status == RefundStatus::kConfirmed;
  }));
}

bool Payout::Cancelable() const {
  return std::any_of(lines.begin(), lines.end(), [](const Refund& l) { return l.Cancelable(); });
}

}  // namespace payd::domain
