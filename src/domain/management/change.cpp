#include "domain/management/change.h"

#include <boost/json/serialize.hpp>

#include "domain/error.h"

namespace payd::domain {

void RequirePermission(const Change& change, Permission permission, std::string_view what) {
  if (!change.actor.role || Allows(*change.actor.role, permission)) return;
  Role least = RoleNeeded(permission);
  throw Forbidden(least, std::string(what) + " needs the " + std::string(RoleName(least)) +
                             " role; yours is " + std::string(RoleName(*change.actor.role)) + ".");
}

void Require(const Change& change, Operation op) {
  if (change.actor.key && !KeyMay(*change.actor.key, op))
    throw Error(ErrorKind::kForbidden, KeyRefusal(op));
  const OperationRights& rights = RightsOf(op);
  RequirePermission(change, rights.person, rights.what);
}

void RecordChange(ManagementTx& tx, const Change& change, std::string action, std::string object_id,
                  std::optional<std::string> before, std::optional<std::string> after) {
  tx.Audit(NewAuditEntry(change.tenant_id, change.actor, std::move(action), std::move(object_id),
                         std::move(before), std::move(after), change.now));
}

std::optional<CreateResult> ClaimCreation(ManagementTx& tx, const Change& change,
                                          const StoredResponse& response) {
  if (!change.claim) return std::nullopt;
  if (auto decided = tx.CheckClaim(*change.claim, change.now)) return decided;
  IdempotencyClaim claim = *change.claim;
  claim.response = response;
  tx.RecordClaim(claim, change.now);
  return std::nullopt;
}

std::optional<PaymentIntent> TenantIntent(ManagementTx& tx, const Change& change,
                                          const std::string& id) {
  auto intent = tx.Ledger().Intent(id);
  if (!intent || intent->tenant_id != change.tenant_id) return std::nullopt;
  return intent;
}

std::string IntentSnapshot(const Representation& representation, const PaymentIntent& intent) {
  return boost::json::serialize(representation.Intent(intent));
}

}  // namespace payd::domain
