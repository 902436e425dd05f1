// Typed, strict access to one TOML table: every getter checks the value's
// type, remembers the key as known, and RejectUnknown() fails on any key that
// no getter asked for. Errors name the file and the dotted key path.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace payd::config {

class TomlReader {
 public:
  TomlReader(const toml::table* table, std::string source, std::string path)
      : table_(table), source_(std::move(source)), path_(std::move(path)) {}
  TomlReader(const toml::table& table, std::string source, std::string path)
      : TomlReader(&table, std::move(source), std::move(path)) {}

  bool present() const { return table_ != nullptr; }
  bool Has(const char* key);

  // With allow_other_types, a non-string value yields nothing instead of an error.
  std::optional<std::string> String(const char* key, bool allow_other_types = false);
  std::string RequiredString(const char* key);
  std::optional<std::int64_t> Int(const char* key);
  std::optional<bool> Bool(const char* key);
  std::vector<std::string> StringArray(const char* key);
  // Whether `key` holds an array whose first element is a string (or an
  // empty array): `chains = ["base"]` rather than [[chains]] tables.
  bool HoldsStrings(const char* key);
  std::vector<std::int64_t> IntArray(const char* key);
  TomlReader Table(const char* key);
  // The keys of this table, in the file's order (for tables keyed by data:
  // `fixed = { EUR = "1.08" }`).
  std::vector<std::string> Keys() const;
  std::vector<TomlReader> TableArray(const char* key);

  void RejectUnknown() const;
  [[noreturn]] void Fail(const std::string& key, const std::string& message) const;

 private:
  const toml::node* Get(const char* key);
  std::string KeyPath(const std::string& key) const;

  const toml::table* table_;
  std::string source_;
  std::string path_;
  std::set<std::string> known_;
};

}  // namespace payd::config
