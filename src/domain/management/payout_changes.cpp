#include "domain/management/payout_changes.h"

#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/store.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

namespace {

// The person's password or code, typed again with this change a moment ago;
// `refusal` asks for it.
void RequireProof(const Change& change, Message refusal) {
  const PasswordProof* proof = change.password_proof;
  if (!proof || proof->user_id() != change.actor.id ||
      change.now - proof->at() > kPasswordProofMs) {
    throw Error(ErrorKind::kInvalidRequest, std::move(refusal), "password");
  }
}

// INTEGRATION_PAYOUT_CHANGED's data: the integration as it is after the step,
// and the change: where new payments went before it and will go, who asked
// when, when it applies, and who confirmed or canceled it (none: the clock, or
// a change that applied as it was made).
std::string EventJson(const Integration& now_terms, const PayoutChange& p, std::string_view status,
                      const std::optional<std::string>& decided_by) {
  boost::json::object data = IntegrationView(now_terms);
  data["status"] = status;
  data["previousPayoutAddress"] = p.previous_address;
  data["newPayoutAddress"] = p.payout_address;
  data["changedBy"] = p.requested_by;
  data["changedAt"] = base::FormatTimestamp(p.requested_at);
  data["effectiveAt"] = base::FormatTimestamp(p.effective_at);
  data["decidedBy"] = decided_by ? boost::json::value(*decided_by) : nullptr;
  return boost::json::serialize(data);
}

void Announce(ManagementTx& tx, const Change& change, const Integration& now_terms,
              const PayoutChange& p, std::string_view status,
              const std::optional<std::string>& decided_by) {
  Event event = NewEvent(change.tenant_id, event_type::kIntegrationPayoutChanged,
                         EventJson(now_terms, p, status, decided_by), change.now);
  event.object_id = now_terms.id;
  tx.InsertEvent(event);
}

std::string ChangeJson(const PayoutChange& p) {
  return boost::json::serialize(boost::json::object{
      {"id", p.id},
      {"payoutAddress", p.payout_address},
      {"previousPayoutAddress", p.previous_address},
      {"requestedBy", p.requested_by},
      {"effectiveAt", base::FormatTimestamp(p.effective_at)},
      {"outcome", p.outcome ? boost::json::value(*p.outcome) : nullptr},
  });
}

// Closes `p` as `outcome` by `by`; false when another transaction closed it first.
bool Close(ManagementTx& tx, PayoutChange& p, const char* outcome, const std::string& by,
           base::TimeMs now) {
  p.closed_at = now;
  p.closed_by = by;
  p.outcome = outcome;
  return tx.ClosePayoutChange(p);
}

// Cancels what waits on the integration, as part of `change` (a new change
// replaces it); false when nothing waits, or a transaction running at the same
// time closed it first.
bool CancelWaiting(ManagementTx& tx, const Change& change, const Integration& terms) {
  auto waiting = tx.FindWaitingPayoutChange(change.tenant_id, terms.id);
  if (!waiting) return false;
  std::string before = ChangeJson(*waiting);
  if (!Close(tx, *waiting, "canceled", change.actor.id, change.now)) return false;
  RecordChange(tx, change, "integration.payout_cancel", terms.id, before, ChangeJson(*waiting));
  Announce(tx, change, terms, *waiting, "CANCELED", change.actor.id);
  return true;
}

// Applies `p` (closed by the caller) to its integration; none when it is gone.
std::optional<Integration> Apply(ManagementTx& tx, const Change& change, const PayoutChange& p,
                                 const char* action, const std::optional<std::string>& decided_by) {
  auto found = tx.FindIntegration(p.tenant_id, p.integration_id);
  if (!found) return std::nullopt;
  const Integration before = *found;
  Integration after = before;
  after.payout_address = p.payout_address;
  tx.KeepWatching(before, change.now);
  tx.UpdateIntegration(after);
  RecordChange(tx, change, action, after.id, boost::json::serialize(IntegrationView(before)),
               boost::json::serialize(IntegrationView(after)));
  Announce(tx, change, after, p, "APPLIED", decided_by);
  return after;
}

}  // namespace

void ChangePayoutAddress(ManagementTx& tx, const Change& change, const Integration& before,
                         Integration& after) {
  PayoutChange p;
  p.id = base::NewId("poc");
  p.tenant_id = change.tenant_id;
  p.integration_id = before.id;
  p.payout_address = after.payout_address;
  p.previous_address = before.payout_address;
  p.requested_by = change.actor.id;
  p.requested_at = change.now;
  Require(change, Operation::kChangePayoutAddress);
  if (!change.actor.role) {  // the account key or the operator: at once
    CancelWaiting(tx, change, before);
    p.effective_at = change.now;
    p.closed_at = change.now;
    p.closed_by = change.actor.id;
    p.outcome = "applied";
    tx.InsertPayoutChange(p);
    Announce(tx, change, after, p, "APPLIED", std::nullopt);
    return;
  }
  RequireProof(change, Say("Enter your password or a code from your authenticator app to change "
                           "the payout address"));
  after.payout_address = before.payout_address;
  auto waiting = tx.FindWaitingPayoutChange(change.tenant_id, before.id);
  if (waiting && waiting->payout_address == p.payout_address) return;  // asked for already
  CancelWaiting(tx, change, before);
  p.effective_at = change.now + kPayoutHoldMs;
  tx.InsertPayoutChange(p);
  RecordChange(tx, change, "integration.payout_request", before.id, std::nullopt, ChangeJson(p));
  Announce(tx, change, after, p, "SCHEDULED", std::nullopt);
}

bool CancelPayoutChange(const Change& change, const std::string& integration_id) {
  Require(change, Operation::kCancelPayoutChange);
  bool canceled = false;
  change.store.WithManagement([&](ManagementTx& tx) {
    canceled = false;
    auto terms = tx.FindIntegration(change.tenant_id, integration_id);
    canceled = terms && CancelWaiting(tx, change, *terms);
  });
  return canceled;
}

std::optional<Integration> ConfirmPayoutChange(const Change& change,
                                               const std::string& integration_id) {
  Require(change, Operation::kConfirmPayoutChange);
  std::optional<Integration> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out.reset();
    auto waiting = tx.FindWaitingPayoutChange(change.tenant_id, integration_id);
    if (!waiting) return;
    if (waiting->requested_by == change.actor.id) {
      ThrowInvalid("confirm",
                   "A second owner confirms a payout address change; yours applies by itself at "
                   "the time shown.");
    }
    RequireProof(change, Say("Enter your password or a code from your authenticator app to "
                             "confirm the payout address change"));
    if (!Close(tx, *waiting, "applied", change.actor.id, change.now)) return;
    out = Apply(tx, change, *waiting, "integration.payout_confirm", change.actor.id);
  });
  return out;
}

int ApplyDuePayoutChanges(Store& store, base::TimeMs now, int limit) {
  int applied = 0;
  store.WithManagement([&](ManagementTx& tx) {
    applied = 0;
    for (auto& due : tx.DuePayoutChanges(now, limit)) {
      // Recorded as the asker's change, which the clock carries out.
      Change change{store, Actor::OnBehalfOf(due.requested_by), due.tenant_id, now, {}, nullptr};
      if (!Close(tx, due, "applied", "payd", now)) continue;
      if (Apply(tx, change, due, "integration.payout_apply", std::nullopt)) ++applied;
    }
  });
  return applied;
}

}  // namespace payd::domain
