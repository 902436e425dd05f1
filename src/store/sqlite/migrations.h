// Versioned schema changes for the SQLite store. Each migration runs once, in
// its own transaction, in version order; schema_migrations records which
// ran. Add a migration by appending to the list of its subject
// (migrations.cpp: payments and webhooks; dashboard_migrations.cpp: the
// dashboard's people and sessions): never edit one that has shipped.
#pragma once

#include <span>
#include <vector>

#include "store/sqlite/sqlite_db.h"

namespace payd::store::sqlite {

struct Migration {
  int version;
  const char* name;
  const char* sql;
};

// Versions 13 onward: the dashboard's users and sessions.
std::span<const Migration> DashboardMigrations();
// Issue 19's (scale_migrations.cpp).
std::span<const Migration> ScaleMigrations();
// What the /v1 API and the merchants' management added (merchant_migrations.cpp).
std::span<const Migration> MerchantMigrations();

struct AppliedMigration {
  int version;
  const char* name;
};

enum class Schema {
  kMain,   // payd.sqlite3: everything durable
  kUsage,  // payd-usage.sqlite3: per-key request counters and lastUsedAt
};

// Applies every pending migration of `schema`; returns those it applied
// (empty when already current). Safe to run from several processes at once.
std::vector<AppliedMigration> Migrate(Connection& conn, Schema schema);

// The newest migration of `schema` this build knows: the version a current
// database's schema_migrations holds.
int LatestVersion(Schema schema);

}  // namespace payd::store::sqlite
