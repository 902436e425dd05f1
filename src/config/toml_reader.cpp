#include "config/toml_reader.h"

#include "config/config.h"

namespace payd::config {

const toml::node* TomlReader::Get(const char* key) {
  known_.insert(key);
  return table_ ? table_->get(key) : nullptr;
}

bool TomlReader::Has(const char* key) {
  return Get(key) != nullptr;
}

std::string TomlReader::KeyPath(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

void TomlReader::Fail(const std::string& key, const std::string& message) const {
  throw ConfigError(source_ + ": " + KeyPath(key) + " " + message);
}

std::optional<std::string> TomlReader::String(const char* key, bool allow_other_types) {
  const toml::node* node = Get(key);
  if (!node) return std::nullopt;
  if (auto v = node->value<std::string>(); v && node->is_string()) return *v;
  if (allow_other_types) return std::nullopt;
  Fail(key, "must be a string");
}

std::string TomlReader::RequiredString(const char* key) {
  auto v = String(key);
  if (!v || v->empty()) Fail(key, "is required");
  return *v;
}

std::optional<std::int64_t> TomlReader::Int(const char* key) {
  const toml::node* node = Get(key);
  if (!node) return std::nullopt;
  if (!node->is_integer()) Fail(key, "must be an integer");
  return node->value<std::int64_t>();
}

std::optional<bool> TomlReader::Bool(const char* key) {
  const toml::node* node = Get(key);
  if (!node) return std::nullopt;
  if (!node->is_boolean()) Fail(key, "must be true or false");
  return node->value<bool>();
}

std::vector<std::string> TomlReader::StringArray(const char* key) {
  std::vector<std::string> out;
  const toml::node* node = Get(key);
  if (!node) return out;
  const toml::array* array = node->as_array();
  if (!array) Fail(key, "must be an array of strings");
  for (const auto& item : *array) {
    if (!item.is_string()) Fail(key, "must be an array of strings");
    out.push_back(*item.value<std::string>());
  }
  return out;
}

bool TomlReader::HoldsStrings(const char* key) {
  const toml::node* node = Get(key);
  const toml::array* array = node ? node->as_array() : nullptr;
  return array && (array->empty() || (*array)[0].is_string());
}

std::vector<std::int64_t> TomlReader::IntArray(const char* key) {
  std::vector<std::int64_t> out;
  const toml::node* node = Get(key);
  if (!node) return out;
  const toml::array* array = node->as_array();
  if (!array) Fail(key, "must be an array of integers");
  for (const auto& item : *array) {
    if (!item.is_integer()) Fail(key, "must be an array of integers");
    out.push_back(*item.value<std::int64_t>());
  }
  return out;
}

std::vector<std::string> TomlReader::Keys() const {
  std::vector<std::string> keys;
  if (table_) {
    for (const auto& [key, value] : *table_) keys.emplace_back(key.str());
  }
  return keys;
}

TomlReader TomlReader::Table(const char* key) {
  const toml::node* node = Get(key);
  if (!node) return TomlReader(nullptr, source_, KeyPath(key));
  if (!node->is_table()) Fail(key, "must be a table");
  return TomlReader(node->as_table(), source_, KeyPath(key));
}

std::vector<TomlReader> TomlReader::TableArray(const char* key) {
  std::vector<TomlReader> out;
  const toml::node* node = Get(key);
  if (!node) return out;
  const toml::array* array = node->as_array();
  if (!array) Fail(key, "must be an array of tables ([[" + KeyPath(key) + "]])");
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::table* t = (*array)[i].as_table();
    if (!t) Fail(key, "must be an array of tables");
    out.emplace_back(t, source_, KeyPath(key) + "[" + std::to_string(i) + "]");
  }
  return out;
}

void TomlReader::RejectUnknown() const {
  if (!table_) return;
  for (const auto& [key, value] : *table_) {
    std::string name(key.str());
    if (!known_.contains(name)) Fail(name, "is not a known setting");
  }
}

}  // namespace payd::config
