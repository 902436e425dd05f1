#include "domain/email/topics.h"

#include <array>
#include <boost/json/parse.hpp>

namespace payd::domain {

namespace {

constexpr std::array<EmailTopicInfo, 6> kTopics{{
    {EmailTopic::kPaymentReceived, "payment_received", "A payment received", false, Role::kAdmin,
     true},
    {EmailTopic::kNeedsDecision, "needs_decision",
     "A payment that needs a decision (underpaid, overpaid, late, unmatched, reversed)", false,
     Role::kAdmin},
    {EmailTopic::kRefundConfirmed, "refund_confirmed", "A refund confirmed on chain", false,
     Role::kAdmin},
    {EmailTopic::kPayoutChanged, "payout_changed", "A payout address changed (to every owner)",
     true, Role::kOwner},
    {EmailTopic::kWebhookFailing, "webhook_failing", "A webhook endpoint failing and disabled",
     false, Role::kDeveloper},
    {EmailTopic::kChainProblem, "chain_problem", "A chain stalled or its token check failed", false,
     Role::kDeveloper},
}};

// An intent's event data: whether it says something went irregularly.
bool Irregular(const Event& event) {
  boost::system::error_code ec;
  auto data = boost::json::parse(event.data_json, ec);
  if (ec || !data.is_object()) return false;
  const auto* exception = data.as_object().if_contains("exception");
  return exception && exception->is_string() && !exception->as_string().empty();
}

}  // namespace

std::span<const EmailTopicInfo> EmailTopics() {
  return kTopics;
}

const EmailTopicInfo& InfoOf(EmailTopic topic) {
  return kTopics[static_cast<std::size_t>(topic)];
}

std::optional<EmailTopic> ParseEmailTopic(std::string_view name) {
  for (const auto& info : kTopics) {
    if (info.name == name) return info.topic;
  }
  return std::nullopt;
}

bool OnByDefault(Role role, EmailTopic topic) {
  // Roles run owner first: a smaller value is a larger role.
  return role <= InfoOf(topic).least_role_by_default;
}

std::optional<EmailTopic> EmailTopicOf(const Event& event) {
  namespace t = event_type;
  if (event.type == t::kPaymentConfirmed) {
    return Irregular(event) ? EmailTopic::kNeedsDecision : EmailTopic::kPaymentReceived;
  }
  if (event.type == t::kPaymentUnmatched || event.type == t::kPaymentReversed) {
    return EmailTopic::kNeedsDecision;
  }
  if (event.type == t::kPaymentFailed && Irregular(event)) return EmailTopic::kNeedsDecision;
  if (event.type == t::kRefundConfirmed) return EmailTopic::kRefundConfirmed;
  if (event.type == t::kIntegrationPayoutChanged) return EmailTopic::kPayoutChanged;
  return std::nullopt;
}

bool Receives(const User& person, EmailTopic topic, const std::optional<std::string>& chosen) {
  if (person.disabled_at) return false;
  const auto& info = InfoOf(topic);
  if (info.security) return OnByDefault(person.role, topic);
  if (chosen) return *chosen == kEmailEach;
  return OnByDefault(person.role, topic);
}

}  // namespace payd::domain
