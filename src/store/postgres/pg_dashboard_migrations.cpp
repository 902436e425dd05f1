// The dashboard's schema on PostgreSQL: SQLite's migrations 13 to 15, the
// same text (store/sql/dashboard_schema.h).
#include "store/postgres/pg_migrations.h"
#include "store/sql/dashboard_schema.h"

namespace payd::store::postgres {

namespace {

const Migration kDashboardMigrations[] = {
    {6, "dashboard users", sql::kDashboardUsersSql},
    {7, "dashboard sessions, sign-in links and throttle", sql::kDashboardSessionsSql},
    {8, "dashboard second factors and the tenant's two-factor rule",
     sql::kDashboardSecondFactorsSql},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::postgres
