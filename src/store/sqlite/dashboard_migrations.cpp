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
    // Sessions and one-time links are kept as the SHA-256 of their token (hex);
    // the throttle's key is "email:<address>" or "ip:<client>".
    {14, "dashboard sessions, sign-in links and throttle", R"sql(
CREATE TABLE sessions (
  digest TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_at);
CREATE TABLE sign_in_links (
  digest TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  purpose TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sign_in_links_by_user ON sign_in_links(user_id);
CREATE TABLE sign_in_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL
);
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::sqlite
