// Payout address changes that wait (domain/payout_change.h), for the
// management transaction and the store's reads alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/payout_change.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

void InsertPayoutChangeRow(Connection& c, const domain::PayoutChange& change);
std::optional<domain::PayoutChange> WaitingPayoutChangeRow(Connection& c,
                                                           const std::string& tenant_id,
                                                           const std::string& integration_id);
// The tenant's waiting changes, soonest to apply first.
std::vector<domain::PayoutChange> WaitingPayoutChangeRows(Connection& c,
                                                          const std::string& tenant_id);
// Any tenant's waiting changes due at `now`, soonest first, up to `limit`.
std::vector<domain::PayoutChange> DuePayoutChangeRows(Connection& c, base::TimeMs now, int limit);
// Writes how the change ended if it still waits; false when another
// transaction closed it first (one conditional update).
bool ClosePayoutChangeRow(Connection& c, const domain::PayoutChange& change);

}  // namespace payd::store::sql
