#include "store/shared_migrations.h"

#include <charconv>
#include <stdexcept>
#include <string_view>

namespace payd::store {

namespace {

// Reads "<digits>-" from the front of `rest`.
int Version(std::string_view& rest, std::string_view path) {
  int value = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
  if (ec != std::errc() || end == rest.data() + rest.size() || *end != '-' || value <= 0) {
    throw std::logic_error("migration file not named <sqlite>-<postgres>-<name>.sql: " +
                           std::string(path));
  }
  rest.remove_prefix(static_cast<std::size_t>(end - rest.data()) + 1);
  return value;
}

SharedMigration Parse(const EmbeddedFile& file) {
  std::string_view rest = file.path.substr(file.path.rfind('/') + 1);
  if (!rest.ends_with(".sql")) throw std::logic_error("not a .sql file: " + std::string(file.path));
  rest.remove_suffix(4);
  SharedMigration m;
  m.sqlite_version = Version(rest, file.path);
  m.postgres_version = Version(rest, file.path);
  m.name = std::string(rest);
  for (char& c : m.name) {
    if (c == '-') c = ' ';
  }
  m.sql = std::string(file.data);
  return m;
}

}  // namespace

const std::vector<SharedMigration>& SharedMigrations() {
  static const std::vector<SharedMigration> all = [] {
    std::vector<SharedMigration> out;
    for (const EmbeddedFile& file : MigrationFiles()) out.push_back(Parse(file));
    return out;
  }();
  return all;
}

}  // namespace payd::store
