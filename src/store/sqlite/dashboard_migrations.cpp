// The dashboard's schema (issue 18): its people, then their sessions and
// second factors (store/sql/dashboard_schema.h, the same text as PostgreSQL's).
#include "store/sql/dashboard_schema.h"
#include "store/sqlite/migrations.h"

namespace payd::store::sqlite {

namespace {

const Migration kDashboardMigrations[] = {
    {13, "dashboard users", sql::kDashboardUsersSql},
    {14, "dashboard sessions, sign-in links and throttle", sql::kDashboardSessionsSql},
    {15, "dashboard second factors and the tenant's two-factor rule",
     sql::kDashboardSecondFactorsSql},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::sqlite
