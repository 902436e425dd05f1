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
    // SQLite migration 14.
    {7, "dashboard sessions, sign-in links and throttle", R"sql(
CREATE TABLE sessions (
  digest TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_at);
CREATE TABLE sign_in_links (
  digest TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  purpose TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX sign_in_links_by_user ON sign_in_links(user_id);
CREATE TABLE sign_in_throttle (
  key TEXT PRIMARY KEY,
  failures BIGINT NOT NULL,
  last_failure_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL
);
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::postgres
