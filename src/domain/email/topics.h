// What a merchant's people are emailed about (issue 39 item 2, DECISIONS
// §18): each topic, whether it is a security one (it cannot be turned off),
// who gets it by default, and which events are about which topic. Every
// event a tenant's objects raise passes through EmailTopicOf in the
// transaction that records it (store/sql/email_rows.cpp), as it passes
// through the webhook endpoints' filters, so that one rule decides for every
// surface that causes it (the watcher, the dashboard, the API, the CLI).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "domain/people/user.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

enum class EmailTopic {
  kPaymentReceived,  // an intent paid as asked
  kNeedsDecision,    // paid under, over or late; a transfer nothing matched; a reorg reversed
  kRefundConfirmed,  // a refund's transfer confirmed on chain
  kPayoutChanged,    // an integration's payout address: requested, applied, canceled (security)
  kWebhookFailing,   // a webhook endpoint disabled because it answered 410 Gone
  kChainProblem,     // a chain stopped (token check) or not read for minutes
};

struct EmailTopicInfo {
  EmailTopic topic;
  std::string_view name;                      // stored and in forms: "payment_received"
  std::string_view label;                     // the dashboard's words
  bool security = false;                      // cannot be turned off
  Role least_role_by_default = Role::kAdmin;  // on by default from this role up
  // May come as one summary a day instead of a message each
  // (domain/email/daily_summary.h).
  bool daily = false;
};

// What a person chose for a topic, as stored: a message each ("on"), none
// ("off"), or a daily summary ("daily", for a topic that has one).
inline constexpr std::string_view kEmailEach = "on";
inline constexpr std::string_view kEmailOff = "off";
inline constexpr std::string_view kEmailDaily = "daily";

std::span<const EmailTopicInfo> EmailTopics();
const EmailTopicInfo& InfoOf(EmailTopic topic);
std::optional<EmailTopic> ParseEmailTopic(std::string_view name);

// Whether `role` gets `topic` when the person has not chosen.
bool OnByDefault(Role role, EmailTopic topic);

// The topic `event` is about, if its people are emailed about it.
std::optional<EmailTopic> EmailTopicOf(const Event& event);

// Whether `person` gets messages about `topic`: security ones always (to the
// roles they concern: a payout change to every owner, DECISIONS §13); the
// rest as they chose (`chosen`: kEmailEach or not), else by their role's
// default. Never a disabled person. A person who chose the daily summary
// gets no message each.
bool Receives(const User& person, EmailTopic topic, const std::optional<std::string>& chosen);

}  // namespace payd::domain
