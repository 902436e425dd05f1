// The dashboard's schema (issue 18): its people, then their sessions and
// second factors. Timestamps are epoch milliseconds.
#include "store/sqlite/migrations.h"

namespace payd::store::sqlite {

namespace {

const Migration kDashboardMigrations[] = {
    // One address is one person everywhere (sign-in asks for nothing else).
    // password_hash is Argon2id in libsodium's string form; NULL until set.
    {13, "dashboard users", R"sql(
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  password_hash TEXT,
  disabled_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX users_by_tenant ON users(tenant_id, created_at);
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::sqlite
