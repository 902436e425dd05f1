// Versioned schema changes for the SQLite store. Each migration runs once, in
// its own transaction, in version order; schema_migrations records which
// ran. Add a migration by appending to the list in migrations.cpp: never edit
// one that has shipped.
#pragma once

#include <vector>

#include "store/sqlite/sqlite_db.h"

namespace payd::store::sqlite {

struct AppliedMigration {
  int version;
  const char* name;
};

// Applies every pending migration; returns those it applied (empty when the
// schema was already current). Safe to run from several processes at once.
std::vector<AppliedMigration> Migrate(Connection& conn);
int LatestSchemaVersion();

}  // namespace payd::store::sqlite
