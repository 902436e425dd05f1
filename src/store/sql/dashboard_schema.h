// The dashboard's schema, one text for both stores (SQLite reads BIGINT as
// its INTEGER), so that `payd db copy` moves rows as they are. Each is one
// migration: SQLite's 13 to 15, PostgreSQL's 6 to 8
// (store/sqlite/dashboard_migrations.cpp, store/postgres/pg_dashboard_migrations.cpp).
// Timestamps are epoch milliseconds.
#pragma once

namespace payd::store::sql {

// One address is one person everywhere (sign-in asks for nothing else).
// password_hash is Argon2id in libsodium's string form; NULL until set.
inline constexpr const char* kDashboardUsersSql = R"sql(
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
)sql";

// Sessions and one-time links are kept as the SHA-256 of their token (hex);
// the throttle's key is "email:<address>" or "ip:<client>".
inline constexpr const char* kDashboardSessionsSql = R"sql(
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
)sql";

// Second factors (domain/people/two_factor.h): a session waits in stage
// 'second_factor' between the password and the code; recovery codes are kept
// as digests; an owner may require two factors of the whole tenant.
inline constexpr const char* kDashboardSecondFactorsSql = R"sql(
ALTER TABLE sessions ADD COLUMN stage TEXT NOT NULL DEFAULT 'signed_in';
CREATE TABLE second_factors (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  secret TEXT NOT NULL,
  enabled_at BIGINT,
  last_step BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id),
  digest TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  used_at BIGINT,
  PRIMARY KEY (user_id, digest)
);
CREATE TABLE tenant_security (
  tenant_id TEXT PRIMARY KEY REFERENCES tenants(id),
  require_two_factor BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
)sql";

}  // namespace payd::store::sql
