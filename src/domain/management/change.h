// The frame every management operation (domain/management/) runs in: who
// changes what and when, the audit row it writes in the change's own
// transaction (DECISIONS §13), and the Idempotency-Key claim of a creation
// (DECISIONS §8) checked and recorded in that same transaction.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"
#include "domain/audit.h"
#include "domain/email/messages.h"
#include "domain/intents/idempotency.h"
#include "domain/intents/payment_intent.h"
#include "domain/management_tx.h"
#include "domain/people/password_proof.h"
#include "domain/store.h"
#include "domain/views/representation.h"

namespace payd::domain {

struct Change {
  Store& store;
  Actor actor;
  std::string tenant_id;
  base::TimeMs now = 0;
  // A creation's Idempotency-Key, when the request sent one; its response is
  // what the operation stores for a replay (never a secret).
  std::optional<IdempotencyClaim> claim;
  // A person's password typed again with this change (ConfirmPassword), for
  // operations that ask for it: a payout address change.
  const PasswordProof* password_proof = nullptr;
  // Set when payd sends email: messages the change causes are queued with it.
  const Mailing* mailing = nullptr;
};

// What a creation did: kCreated with the object, or the earlier outcome of
// the same Idempotency-Key (kReplayed with the stored response, kConflict).
template <typename T>
struct Creation {
  CreateResult result;
  std::optional<T> object;  // set when created
};

// A person whose role lacks `permission` gets Forbidden ("<what> needs the
// admin role; yours is developer."), which surfaces answer 403; a key and the
// operator pass. Require calls it; so does a check that depends on the object
// (a key's own scopes, api_keys.cpp).
void RequirePermission(const Change& change, Permission permission, std::string_view what);

// The check every management operation makes first (domain/access/access.h): a key
// without the right gets Error kForbidden (the API's 403 insufficient_scope),
// a person below the role Forbidden (RequirePermission); the operator passes.
void Require(const Change& change, Operation op);

// Writes the change's audit row (before/after are JSON snapshots, never a secret).
void RecordChange(ManagementTx& tx, const Change& change, std::string action, std::string object_id,
                  std::optional<std::string> before, std::optional<std::string> after);

// Inside a creation's transaction: the earlier outcome when the change's
// claim already decided a request (nothing else may then be written), or
// none after recording the claim with `response` (also none without a claim).
std::optional<CreateResult> ClaimCreation(ManagementTx& tx, const Change& change,
                                          const StoredResponse& response);

// A creation in one transaction: `write(tx)` stores `object` and its audit
// row unless the change's Idempotency-Key decided the request already;
// `replay` is what a later request with that key is answered (no secret).
template <typename T, typename Write>
Creation<T> CreateOnce(const Change& change, const StoredResponse& replay, const T& object,
                       Write&& write) {
  Creation<T> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = {};
    if (auto earlier = ClaimCreation(tx, change, replay)) {
      out.result = *earlier;
      return;
    }
    write(tx);
    out.object = object;
  });
  return out;
}

// The intent `id` of the change's tenant, read in `tx`; none when there is no
// such intent or it is another tenant's (answered alike: a merchant never learns
// that another tenant's id exists).
std::optional<PaymentIntent> TenantIntent(ManagementTx& tx, const Change& change,
                                          const std::string& id);

// An intent's audit snapshot (before or after a change): its /api/v1 view as JSON text.
std::string IntentSnapshot(const Representation& representation, const PaymentIntent& intent);

}  // namespace payd::domain
