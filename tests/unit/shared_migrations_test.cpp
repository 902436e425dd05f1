// The migrations written once for both databases (store/shared_migrations.h):
// every file under src/store/migrations/ is compiled in and named as its
// header says, and each store's newest version is the newest file's.
#include "store/shared_migrations.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "store/postgres/pg_migrations.h"
#include "store/sqlite/migrations.h"

namespace payd {
namespace {

TEST(SharedMigrations, EveryFileIsCompiledInAndNamedForBothStores) {
  std::size_t on_disk = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(PAYD_SOURCE_DIR) +
                                                               "/src/store/migrations")) {
    on_disk += entry.path().extension() == ".sql";
  }
  const auto& shared = store::SharedMigrations();
  ASSERT_EQ(shared.size(), on_disk) << "a file the build did not embed";
  ASSERT_FALSE(shared.empty());
  int sqlite_latest = 0, postgres_latest = 0;
  for (const auto& m : shared) {
    SCOPED_TRACE(m.name);
    EXPECT_FALSE(m.name.empty());
    EXPECT_EQ(m.name.find('-'), std::string::npos);
    EXPECT_FALSE(m.sql.empty());
    sqlite_latest = std::max(sqlite_latest, m.sqlite_version);
    postgres_latest = std::max(postgres_latest, m.postgres_version);
  }
  EXPECT_EQ(store::sqlite::LatestVersion(store::sqlite::Schema::kMain), sqlite_latest);
  EXPECT_EQ(store::postgres::LatestVersion(), postgres_latest);
  EXPECT_EQ(shared.front().name, "keys remember who made them");
  EXPECT_EQ(shared.front().sqlite_version, 23);
  EXPECT_EQ(shared.front().postgres_version, 18);
}

}  // namespace
}  // namespace payd
