// Where new payments go, changed with care (DECISIONS §13, issue 35). A
// person's change of an integration's payout address needs the admin role and
// their password or code again, and waits kPayoutHoldMs before it applies
// (domain/payout_change.h); an admin may cancel it meanwhile and an owner who
// did not ask for it may confirm it at once. The account key (through the API)
// and the operator's CLI change it at once. Every step raises
// INTEGRATION_PAYOUT_CHANGED (status SCHEDULED, APPLIED or CANCELED) and
// writes its audit row, in the step's own transaction.
#pragma once

#include <optional>
#include <string>

#include "domain/integration.h"
#include "domain/management/change.h"
#include "domain/payout_change.h"

namespace payd::domain {

// Inside UpdateIntegration's transaction, once `after` holds the patched terms
// and `before` differs from it in payout address: a person's change is checked
// and made to wait (`after` keeps the address before it); anyone else's
// applies now. Either way a change still waiting is replaced.
void ChangePayoutAddress(ManagementTx& tx, const Change& change, const Integration& before,
                         Integration& after);

// Cancels the integration's waiting change (admin and up); false when none waits.
bool CancelPayoutChange(const Change& change, const std::string& integration_id);

// Applies the integration's waiting change now: an owner other than the one who
// asked for it, with their password or code again (change.password_proof).
// None when no change waits.
std::optional<Integration> ConfirmPayoutChange(const Change& change,
                                               const std::string& integration_id);

// The clock: applies up to `limit` waiting changes due at `now`, of any tenant;
// returns how many applied.
int ApplyDuePayoutChanges(Store& store, base::TimeMs now, int limit);

}  // namespace payd::domain
