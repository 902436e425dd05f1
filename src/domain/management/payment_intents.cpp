#include "domain/management/payment_intents.h"

#include "domain/error.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

std::optional<PaymentIntent> CancelIntent(const Change& change,
                                          const Representation& representation,
                                          const std::string& intent_id) {
  Require(change, Operation::kCancelIntent);
  std::optional<PaymentIntent> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = TenantIntent(tx, change, intent_id);
    if (!out) return;
    // A chosen intent is the ledger's too: its passes on that chain and this
    // change take turns, so a transfer is matched either before the cancel
    // (the intent is PENDING then, and stays so) or after it (a late payment).
    std::int64_t chain_id = out->chain_id;
    if (out->IsChosen()) {
      tx.Ledger().LockChain(chain_id);
      out = TenantIntent(tx, change, intent_id);
    }
    if (out->canceled_at) return;  // a retry: as it is
    if (out->status != IntentStatus::kCreated) {
      ThrowInvalid("id", "Intent {1} is {2}: only a CREATED intent can be canceled.", intent_id,
                   IntentStatusName(out->status));
    }
    if (out->IsExpiredAt(change.now)) {
      ThrowInvalid("id",
                   "Intent {1} is EXPIRED: its expiresAt ({2}) has passed; only a CREATED intent "
                   "can be canceled.",
                   intent_id, base::FormatTimestamp(out->expires_at));
    }
    const std::string before = IntentSnapshot(representation, *out);
    out->status = IntentStatus::kExpired;
    out->status_at_expiry = IntentStatus::kExpired;
    out->canceled_at = change.now;
    out->expires_at = change.now;
    // Written only if the intent is still CREATED on `chain_id` with nothing
    // received; otherwise the store runs this transaction again.
    tx.CancelIntent(*out, chain_id);
    tx.InsertEvent(representation.IntentEvent(event_type::kPaymentExpired, *out, change.now));
    RecordChange(tx, change, "payment_intent.cancel", intent_id, before,
                 IntentSnapshot(representation, *out));
  });
  return out;
}

}  // namespace payd::domain
