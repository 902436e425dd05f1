// Chooses and opens the store a process uses: SQLite under the data
// directory by default, PostgreSQL when a postgres:// URL is configured.
// Opening also settles the database's environment (domain/access/environment_lock.h),
// so that no command can use a database of the other environment.
#pragma once

#include <memory>
#include <string>

#include "domain/store.h"

namespace payd::store {

struct StoreOptions {
  std::string data_dir;      // holds payd.sqlite3
  std::string database_url;  // empty, or postgres://...
  // The environment this process runs as: the database must be, or become, its.
  domain::Environment environment = domain::Environment::kTestnet;
  // For a database that records no environment and holds keys of both: record
  // this one (`payd migrate --record-environment`).
  bool record_environment_if_mixed = false;
  std::size_t pool_size = 8;  // PostgreSQL connections this process may open
};

struct OpenedStore {
  std::unique_ptr<domain::Store> store;
  std::string description;  // for logs: which database, never credentials
  int migrations_applied = 0;
  // The database's, which is the process's (OpenStore refuses any other).
  domain::Environment environment = domain::Environment::kTestnet;
};

// Opens the store, applies pending migrations and claims the database for
// `options.environment`. Throws domain::StoreUnavailable when the database
// cannot be opened, domain::EnvironmentRefused when it belongs to the other
// environment (or mixes both).
OpenedStore OpenStore(const StoreOptions& options);

}  // namespace payd::store
