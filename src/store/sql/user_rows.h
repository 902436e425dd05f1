// The users table (the dashboard's people), for the management transaction
// and the store's reads alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/people/tenant.h"
#include "domain/people/user.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// The tenant's row (its reporting currency "USD" when unset), in the caller's transaction.
std::optional<domain::Tenant> TenantById(Connection& c, const std::string& id);

std::optional<domain::User> UserById(Connection& c, const std::string& tenant_id,
                                     const std::string& id);
std::optional<domain::User> UserByEmail(Connection& c, const std::string& email);
std::vector<domain::User> UsersOfTenant(Connection& c, const std::string& tenant_id);
void InsertUserRow(Connection& c, const domain::User& user);
void UpdateUserRow(Connection& c, const domain::User& user);
int CountActiveOwners(Connection& c, const std::string& tenant_id);
// ManagementTx::LockPeople: the tenant's row locked on PostgreSQL; nothing on SQLite.
void LockTenantPeople(Connection& c, const std::string& tenant_id);

}  // namespace payd::store::sql
