// Chooses and opens the store a process uses: SQLite under the data
// directory by default, PostgreSQL when a postgres:// URL is configured.
#pragma once

#include <memory>
#include <string>

#include "domain/store.h"

namespace payd::store {

struct StoreOptions {
  std::string data_dir;      // holds payd.sqlite3
  std::string database_url;  // empty, or postgres://...
};

struct OpenedStore {
  std::unique_ptr<domain::Store> store;
  std::string description;  // for logs: which database, never credentials
  int migrations_applied = 0;
};

// Opens the store and applies pending migrations. Throws
// domain::StoreUnavailable when the database cannot be opened.
OpenedStore OpenStore(const StoreOptions& options);

}  // namespace payd::store
