#include "domain/management/change.h"

namespace payd::domain {

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

}  // namespace payd::domain
