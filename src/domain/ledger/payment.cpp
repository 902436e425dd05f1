#include "domain/ledger/payment.h"

#include "base/strings.h"

namespace payd::domain {

std::string_view PaymentStatusName(PaymentStatus status) {
  switch (status) {
    case PaymentStatus::kPending:
      return "PENDING";
    case PaymentStatus::kConfirmed:
      return "CONFIRMED";
    case PaymentStatus::kReorged:
      return "REORGED";
  }
  return "PENDING";
}

std::optional<PaymentStatus> ParsePaymentStatus(std::string_view text) {
  for (auto s : {PaymentStatus::kPending, PaymentStatus::kConfirmed, PaymentStatus::kReorged}) {
    if (PaymentStatusName(s) == text) return s;
  }
  return std::nullopt;
}

std::string ObservedTransfer::TokenKey() const {
  return token_address ? base::AsciiLower(*token_address) : "native";
}

}  // namespace payd::domain
