// Schema changes written once for both databases: src/store/migrations/*.sql,
// compiled in (CMakeLists.txt, cmake/embed_files.cmake). A file is named
// "<SQLite version>-<PostgreSQL version>-<name with dashes>.sql", since the two
// stores number their migrations apart (PostgreSQL began at SQLite's 9), and
// holds SQL both accept: types both spell alike (TEXT; BIGINT, which SQLite
// takes as INTEGER). Each store runs them among its own, in version
// order (store/sqlite/migrations.h, store/postgres/pg_migrations.h). Add a
// migration by adding a file; never edit one that has shipped.
#pragma once

#include <string>
#include <vector>

#include "base/embedded_file.h"

namespace payd::store {

using EmbeddedFile = base::EmbeddedFile;

// The files as compiled in (generated).
const std::vector<EmbeddedFile>& MigrationFiles();

struct SharedMigration {
  int sqlite_version;
  int postgres_version;
  std::string name;  // the file name's, dashes as spaces
  std::string sql;
};

// Every file, parsed once; static storage (c_str() of its strings lives as long
// as the process). Throws std::logic_error on a file not named as above.
const std::vector<SharedMigration>& SharedMigrations();

}  // namespace payd::store
