// The dashboard's second factors, recovery codes and each tenant's
// two-factor rule (domain/people/two_factor.h), for the management transaction and
// the store's reads alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/people/two_factor.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

std::optional<domain::SecondFactor> SecondFactorOf(Connection& c, const std::string& user_id);
void SaveSecondFactorRow(Connection& c, const domain::SecondFactor& factor);
// Conditional updates (ManagementTx::EnableSecondFactor, UseTotpStep): true when they applied.
bool EnableSecondFactorRow(Connection& c, const domain::SecondFactor& factor);
bool UseTotpStepRow(Connection& c, const std::string& user_id, std::int64_t step);
// The factor and its recovery codes.
void DeleteSecondFactorRows(Connection& c, const std::string& user_id);
void ReplaceRecoveryCodeRows(Connection& c, const std::string& user_id,
                             const std::vector<std::string>& digests, base::TimeMs now);
// True when the code was there unused (it is used now).
bool UseRecoveryCodeRow(Connection& c, const std::string& user_id, const std::string& digest,
                        base::TimeMs now);
int UnusedRecoveryCodes(Connection& c, const std::string& user_id);
bool RequiresTwoFactor(Connection& c, const std::string& tenant_id);
void SaveTwoFactorRule(Connection& c, const std::string& tenant_id, bool required,
                       base::TimeMs now);

}  // namespace payd::store::sql
