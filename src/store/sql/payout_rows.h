// Payout rows (domain/payouts/payout.h); their lines are refund rows with
// payout_id set (refund_rows.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/payouts/payout.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// The payout and each of its lines.
void InsertPayoutRow(Connection& c, const domain::Payout& payout);
// Writes its updated, completed and canceled times.
void UpdatePayoutRow(Connection& c, const domain::Payout& payout);
// With its lines; any tenant's when `tenant_id` is empty (the ledger's).
std::optional<domain::Payout> PayoutRow(Connection& c, const std::string& tenant_id,
                                        const std::string& id);
std::vector<domain::Payout> PayoutRows(Connection& c, const std::string& tenant_id,
                                       const domain::PayoutQuery& query);

}  // namespace payd::store::sql
