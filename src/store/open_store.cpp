#include "store/open_store.h"

#include "base/log.h"
#include "store/postgres/pg_store.h"
#include "store/sqlite/file_modes.h"
#include "store/sqlite/sqlite_store.h"

namespace payd::store {

namespace {

// Store-neutral: whichever store was opened, the same rule and the same log line.
domain::Environment ClaimEnvironment(domain::Store& store, const std::string& description,
                                     const StoreOptions& options) {
  auto verdict = store.ClaimEnvironment({options.environment, options.record_environment_if_mixed},
                                        base::NowMs());
  if (verdict.record && verdict.environment) {
    base::LogInfo("database environment recorded",
                  {{"environment", domain::EnvironmentName(*verdict.environment)},
                   {"basis", verdict.basis},
                   {"store", description}});
  }
  if (!verdict.refusal.empty()) throw domain::EnvironmentRefused(verdict.refusal);
  return *verdict.environment;
}

}  // namespace

OpenedStore OpenStore(const StoreOptions& options) {
  if (!options.database_url.empty()) {
    auto pg = std::make_unique<postgres::PgStore>(options.database_url, options.pool_size);
    auto applied = pg->Migrate();
    if (auto weakness = pg->TransportWeakness()) {
      base::LogWarn("database connection not verified",
                    {{"store", pg->description()}, {"why", *weakness}});
    }
    OpenedStore opened;
    opened.description = pg->description();
    opened.migrations_applied = static_cast<int>(applied.size());
    opened.environment = ClaimEnvironment(*pg, opened.description, options);
    opened.store = std::move(pg);
    return opened;
  }
  // The data is for payd's user only (file_modes.h); whatever SQLite creates
  // while the store opens is private too.
  sqlite::PrepareDataDir(options.data_dir);
  sqlite::ScopedUmask private_files(077);
  auto sqlite = std::make_unique<sqlite::SqliteStore>(options.data_dir);
  auto applied = sqlite->Migrate();
  OpenedStore opened;
  opened.description = "sqlite:" + sqlite->path();
  opened.migrations_applied = static_cast<int>(applied.size());
  opened.environment = ClaimEnvironment(*sqlite, opened.description, options);
  opened.store = std::move(sqlite);
  return opened;
}

}  // namespace payd::store
