// Who may do what, in one table for every surface (DECISIONS §13, issue 35).
// Each management operation names the least role a person needs and what a
// key needs: one scope, or to be the tenant's account key. domain/management/
// checks it first in every operation (Require in change.h), whoever calls
// (API, dashboard, CLI); the API asks the same table before it reads a
// request's body (KeyMay), and the dashboard asks it which buttons to show.
// The operator's CLI may do everything.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/access/credentials.h"
#include "domain/people/user.h"

namespace payd::domain {

enum class Operation {
  kCreateIntegration,
  kChangeIntegration,
  kChangePayoutAddress,
  kCancelPayoutChange,
  kConfirmPayoutChange,
  kAddWebhookEndpoint,
  kChangeWebhookEndpoint,
  kRemoveWebhookEndpoint,
  kSendTestEvent,
  kRedeliverWebhook,
  kRotateWebhookSecret,
  kRevealWebhookSecret,
  kManageApiKeys,  // a person's further limit: the key's own scopes (api_keys.h)
  kCreatePaymentLink,
  kChangePaymentLink,
  kCancelIntent,
  kResolveIntent,
  kTrustSender,
  kAttachTransfer,
  kAddPerson,
  kChangePerson,
  kSetPersonPassword,
  kIssueSignInLink,
  kRequireTwoFactor,
  kSetReportingCurrency,
  kCreateRefund,  // also a new link to the payer's refund page
  kCancelRefund,
  kCreatePayout,
  kCancelPayout,
  // Whether near amounts pay intents, and the underpayment tolerance
  // (DECISIONS §17): what money counts as paid, a commercial decision.
  kChangeMatching,
  // A test message to oneself through the email settings (DECISIONS §18).
  kSendTestEmail,
  // What one is emailed about oneself (a person's own choices).
  kChooseOwnEmail,
  // The language and time zone the dashboard is written in for oneself.
  kChooseOwnPreferences,
};

struct OperationRights {
  std::string_view what;  // "Creating a payment link": a refusal's subject
  Permission person;      // the least role is RoleNeeded(person)
  // The scope a key needs; none: only the account key (which holds every right).
  std::optional<Scope> key_scope;
};

const OperationRights& RightsOf(Operation op);

// What a key may do: the account key everything, another key what its scopes allow.
struct KeyRights {
  ScopeSet scopes;
  bool account_key = false;

  static KeyRights Account() { return {ScopeSet::All(), true}; }
};
bool KeyMay(const KeyRights& key, Operation op);
// Whether a person of `role` may do `op` (what a page offers them).
bool PersonMay(Role role, Operation op);
// "This key lacks the payments:write scope needed for this request." or
// "Only the account key may make this request."
std::string KeyRefusal(Operation op);

}  // namespace payd::domain
