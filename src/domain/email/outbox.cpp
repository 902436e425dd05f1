#include "domain/email/outbox.h"

#include <array>

#include "base/crypto.h"
#include "base/ids.h"
#include "base/strings.h"

namespace payd::domain {

namespace {

constexpr std::array<std::pair<EmailStatus, std::string_view>, 4> kEmailStatusNames{{
    {EmailStatus::kPending, "PENDING"},
    {EmailStatus::kRetrying, "RETRYING"},
    {EmailStatus::kSent, "SENT"},
    {EmailStatus::kFailed, "FAILED"},
}};

}  // namespace

std::string_view EmailStatusName(EmailStatus status) {
  for (const auto& [value, name] : kEmailStatusNames) {
    if (value == status) return name;
  }
  return "FAILED";
}

EmailStatus ParseEmailStatus(std::string_view name) {
  for (const auto& [value, text] : kEmailStatusNames) {
    if (text == name) return value;
  }
  return EmailStatus::kFailed;
}

QueuedEmail NewQueuedEmail(std::optional<std::string> tenant_id, std::string to,
                           std::string template_name, std::string language, std::string model_json,
                           bool security, base::TimeMs now) {
  return {base::NewId("em_"),  std::move(tenant_id),  std::move(to), std::move(template_name),
          std::move(language), std::move(model_json), security,      now};
}

std::string RecipientDigest(std::string_view address) {
  return base::HexEncode(base::Sha256(base::AsciiLower(address)));
}

std::optional<base::TimeMs> NextEmailAttemptAt(int attempts, base::TimeMs now,
                                               const std::vector<int>& schedule_s) {
  if (attempts < 1 || attempts > static_cast<int>(schedule_s.size())) return std::nullopt;
  return now + base::TimeMs{schedule_s[static_cast<std::size_t>(attempts - 1)]} * 1000;
}

const std::vector<int>& DefaultEmailRetrySchedule() {
  static const std::vector<int> schedule{60, 300, 1800, 7200, 21600, 86400};
  return schedule;
}

}  // namespace payd::domain
