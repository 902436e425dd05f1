// Versioned schema changes for the PostgreSQL store. Each migration runs
// once, in its own transaction, in version order; schema_migrations records
// which ran. Two processes starting at once do not both migrate: the one
// that gets the advisory lock applies what is pending, the other waits for
// it and then finds nothing left to do. Add a migration by appending to the
// list in pg_migrations.cpp, and the same change to the SQLite list
// (store/sqlite/migrations.cpp): never edit one that has shipped.
#pragma once

#include <string>
#include <vector>

#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

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
