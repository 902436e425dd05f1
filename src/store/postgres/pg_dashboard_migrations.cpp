// The dashboard's schema on PostgreSQL, column for column the SQLite one
// (store/sqlite/dashboard_migrations.cpp), so that `payd db copy` moves rows as they are.
#include "store/postgres/pg_migrations.h"

namespace payd::store::postgres {

namespace {

const Migration kDashboardMigrations[] = {
    // SQLite migration 13.
    {6, "dashboard users", R"sql(
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  password_hash TEXT,
  disabled_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE INDEX users_by_tenant ON users(tenant_id, created_at);
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::postgres
