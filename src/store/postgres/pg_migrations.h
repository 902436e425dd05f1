// Versioned schema changes for the PostgreSQL store. Each migration runs
// once, in its own transaction, in version order; schema_migrations records
// which ran. Two processes starting at once do not both migrate: the one
// that gets the advisory lock applies what is pending, the other waits for
// it and then finds nothing left to do. Add a migration by appending to the
// list of its subject (pg_migrations.cpp: payments and webhooks;
// pg_dashboard_migrations.cpp: the dashboard's people and sessions), and the
// same change to the SQLite list (store/sqlite/): never edit one that has shipped.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

struct Migration {
  int version;
  const char* name;
  const char* sql;
};

// Versions 6 onward (SQLite's 13 onward): the dashboard's users and sessions.
std::span<const Migration> DashboardMigrations();
// Issue 19's (scale_migrations.cpp).
std::span<const Migration> ScaleMigrations();
// What the /v1 API and the merchants' management added (merchant_migrations.cpp).
std::span<const Migration> MerchantMigrations();

struct AppliedMigration {
  int version;
  std::string name;
};

// Applies every pending migration; returns those it applied (empty when the
// schema is current).
std::vector<AppliedMigration> Migrate(Connection& conn);

// The newest migration this build knows.
int LatestVersion();

}  // namespace payd::store::postgres
