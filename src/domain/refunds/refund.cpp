#include "domain/refunds/refund.h"

#include <array>

#include "base/strings.h"

namespace payd::domain {

namespace {

constexpr std::array kStatuses{
    RefundStatus::kRequested, RefundStatus::kAddressNeeded, RefundStatus::kReady,
    RefundStatus::kSent,      RefundStatus::kConfirmed,     RefundStatus::kCanceled,
    RefundStatus::kReversed,
};

}  // namespace

std::string_view RefundStatusName(RefundStatus status) {
  switch (status) {
    case RefundStatus::kRequested:
      return "requested";
    case RefundStatus::kAddressNeeded:
      return "address_needed";
    case RefundStatus::kReady:
      return "ready";
    case RefundStatus::kSent:
      return "sent";
    case RefundStatus::kConfirmed:
      return "confirmed";
    case RefundStatus::kCanceled:
      return "canceled";
    case RefundStatus::kReversed:
      return "reversed";
  }
  return "";
}

std::span<const RefundStatus> RefundStatuses() {
  return kStatuses;
}

std::optional<RefundStatus> ParseRefundStatus(std::string_view text) {
  for (RefundStatus s : kStatuses) {
    if (RefundStatusName(s) == text) return s;
  }
  return std::nullopt;
}

bool IsRefundReason(std::string_view text) {
  return text == "requested_by_customer" || text == "duplicate" || text == "fraudulent" ||
         text == "other";
}

std::string Refund::TokenKey() const {
  return token_address ? base::AsciiLower(*token_address) : "native";
}

}  // namespace payd::domain
