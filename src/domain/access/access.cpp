#include "domain/access/access.h"

#include <array>

namespace payd::domain {

namespace {

using enum Permission;

constexpr std::optional<Scope> kAccountKeyOnly = std::nullopt;

struct Row {
  Operation op;
  OperationRights rights;
};

// The table: each operation once, in Operation's order (checked below).
constexpr std::array kRows{
    Row{Operation::kCreateIntegration,
        {"Creating an integration", kDeveloperTools, kAccountKeyOnly}},
    Row{Operation::kChangeIntegration,
        {"Changing an integration", kDeveloperTools, kAccountKeyOnly}},
    Row{Operation::kChangePayoutAddress,
        {"Changing the payout address", kCommerce, kAccountKeyOnly}},
    Row{Operation::kCancelPayoutChange,
        {"Canceling a payout address change", kCommerce, kAccountKeyOnly}},
    Row{Operation::kConfirmPayoutChange,
        {"Confirming a payout address change", kPeople, kAccountKeyOnly}},
    Row{Operation::kAddWebhookEndpoint,
        {"Adding a webhook endpoint", kDeveloperTools, Scope::kWebhooksWrite}},
    Row{Operation::kChangeWebhookEndpoint,
        {"Changing a webhook endpoint", kDeveloperTools, Scope::kWebhooksWrite}},
    Row{Operation::kRemoveWebhookEndpoint,
        {"Removing a webhook endpoint", kDeveloperTools, Scope::kWebhooksWrite}},
    Row{Operation::kSendTestEvent,
        {"Sending a test event", kDeveloperTools, Scope::kWebhooksWrite}},
    Row{Operation::kRedeliverWebhook,
        {"Redelivering a webhook", kDeveloperTools, Scope::kWebhooksWrite}},
    Row{Operation::kRotateWebhookSecret,
        {"Rotating the webhook secret", kAccount, kAccountKeyOnly}},
    Row{Operation::kRevealWebhookSecret,
        {"Revealing the webhook secret", kAccount, kAccountKeyOnly}},
    Row{Operation::kManageApiKeys, {"Managing API keys", kDeveloperTools, kAccountKeyOnly}},
    Row{Operation::kCreatePaymentLink,
        {"Creating a payment link", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kChangePaymentLink,
        {"Changing a payment link", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kCancelIntent, {"Canceling an intent", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kResolveIntent, {"Deciding on a payment", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kTrustSender, {"Trusting a sender", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kAttachTransfer,
        {"Attaching a transfer to an intent", kCommerce, Scope::kPaymentsWrite}},
    Row{Operation::kAddPerson, {"Adding a person", kPeople, kAccountKeyOnly}},
    Row{Operation::kChangePerson, {"Changing a person's role or access", kPeople, kAccountKeyOnly}},
    Row{Operation::kSetPersonPassword, {"Setting a person's password", kPeople, kAccountKeyOnly}},
    Row{Operation::kIssueSignInLink, {"Issuing a sign-in link", kPeople, kAccountKeyOnly}},
    Row{Operation::kRequireTwoFactor,
        {"Requiring two factors of everyone", kPeople, kAccountKeyOnly}},
    Row{Operation::kSetReportingCurrency,
        {"Choosing the reporting currency", kAccount, kAccountKeyOnly}},
    Row{Operation::kCreateRefund, {"Refunding a payment", kCommerce, Scope::kRefundsWrite}},
    Row{Operation::kCancelRefund, {"Canceling a refund", kCommerce, Scope::kRefundsWrite}},
    Row{Operation::kCreatePayout, {"Preparing a payout", kCommerce, Scope::kPayoutsWrite}},
    Row{Operation::kCancelPayout, {"Canceling a payout", kCommerce, Scope::kPayoutsWrite}},
    Row{Operation::kChangeMatching,
        {"Changing how near amounts are matched", kCommerce, kAccountKeyOnly}},
    Row{Operation::kSendTestEmail, {"Sending a test email", kAccount, kAccountKeyOnly}},
    Row{Operation::kChooseOwnEmail,
        {"Choosing what you are emailed about", kRead, kAccountKeyOnly}},
    Row{Operation::kChooseOwnPreferences,
        {"Choosing your language and time zone", kRead, kAccountKeyOnly}},
};

constexpr bool InOrder() {
  for (std::size_t i = 0; i < kRows.size(); ++i) {
    if (static_cast<std::size_t>(kRows[i].op) != i) return false;
  }
  return static_cast<std::size_t>(Operation::kChooseOwnPreferences) + 1 == kRows.size();
}
static_assert(InOrder(), "one row per Operation, in its order");

}  // namespace

const OperationRights& RightsOf(Operation op) {
  return kRows[static_cast<std::size_t>(op)].rights;
}

bool KeyMay(const KeyRights& key, Operation op) {
  if (key.account_key) return true;
  const auto& scope = RightsOf(op).key_scope;
  return scope && key.scopes.Has(*scope);
}

bool PersonMay(Role role, Operation op) {
  return Allows(role, RightsOf(op).person);
}

std::string KeyRefusal(Operation op) {
  const auto& scope = RightsOf(op).key_scope;
  if (!scope) return "Only the account key may make this request.";
  return "This key lacks the " + std::string(ScopeName(*scope)) + " scope needed for this request.";
}

}  // namespace payd::domain
