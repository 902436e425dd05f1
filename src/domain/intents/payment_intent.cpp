#include "domain/intents/payment_intent.h"

#include "base/strings.h"

namespace payd::domain {

std::string_view IntentStatusName(IntentStatus status) {
  switch (status) {
    case IntentStatus::kCreated:
      return "CREATED";
    case IntentStatus::kPending:
      return "PENDING";
    case IntentStatus::kPaid:
      return "PAID";
    case IntentStatus::kExpired:
      return "EXPIRED";
    case IntentStatus::kFailed:
      return "FAILED";
  }
  return "CREATED";
}

std::optional<IntentStatus> ParseIntentStatus(std::string_view text) {
  for (auto s : {IntentStatus::kCreated, IntentStatus::kPending, IntentStatus::kPaid,
                 IntentStatus::kExpired, IntentStatus::kFailed}) {
    if (IntentStatusName(s) == text) return s;
  }
  return std::nullopt;
}

std::string_view IntentExceptionName(IntentException exception) {
  switch (exception) {
    case IntentException::kNone:
      return "";
    case IntentException::kUnderpaid:
      return "UNDERPAID";
    case IntentException::kOverpaid:
      return "OVERPAID";
    case IntentException::kPaidLate:
      return "PAID_LATE";
    case IntentException::kReversedAfterConfirmation:
      return "REVERSED_AFTER_CONFIRMATION";
  }
  return "";
}

IntentException ParseIntentException(std::string_view text) {
  for (auto e : {IntentException::kUnderpaid, IntentException::kOverpaid,
                 IntentException::kPaidLate, IntentException::kReversedAfterConfirmation}) {
    if (IntentExceptionName(e) == text) return e;
  }
  return IntentException::kNone;
}

std::string_view HintSourceName(HintSource source) {
  switch (source) {
    case HintSource::kNone:
      return "";
    case HintSource::kPayer:
      return "payer";
    case HintSource::kWallet:
      return "wallet";
    case HintSource::kMerchant:
      return "merchant";
  }
  return "";
}

HintSource ParseHintSource(std::string_view text) {
  for (auto s : {HintSource::kPayer, HintSource::kWallet, HintSource::kMerchant}) {
    if (HintSourceName(s) == text) return s;
  }
  return HintSource::kNone;
}

std::string_view CreatedVia(const PaymentIntent& intent) {
  if (intent.asked) return "api";
  return intent.payment_link_id ? "link" : "public";
}

std::string PaymentIntent::TokenKey() const {
  return token_address ? base::AsciiLower(*token_address) : "native";
}

}  // namespace payd::domain
