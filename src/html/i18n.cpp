#include "html/i18n.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <ctime>
#include <stdexcept>

#include "base/strings.h"
#include "domain/money/amount.h"
#include "html/assets.h"
#include "html/embedded_files.h"
#include "http/header_lists.h"

namespace payd::html {

namespace {

constexpr std::string_view kCatalogDir = "web/i18n/";
constexpr std::string_view kCatalogExt = ".json";

std::string Fill(std::string text,
                 std::initializer_list<std::pair<std::string_view, std::string>> args) {
  for (const auto& [name, value] : args) {
    std::string placeholder = "{" + std::string(name) + "}";
    for (auto at = text.find(placeholder); at != std::string::npos;
         at = text.find(placeholder, at + value.size())) {
      text.replace(at, placeholder.size(), value);
    }
  }
  return text;
}

std::string Two(int n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

std::string StringOr(const boost::json::object& o, std::string_view key, std::string fallback) {
  auto it = o.find(key);
  return it != o.end() && it->value().is_string() ? std::string(it->value().as_string()) : fallback;
}

Catalog ParseCatalog(std::string code, std::string_view text) {
  boost::json::value parsed = boost::json::parse(text);
  if (!parsed.is_object()) throw std::runtime_error("catalog " + code + " is not a JSON object");
  Catalog catalog;
  catalog.code = std::move(code);
  for (const auto& [key, value] : parsed.as_object()) {
    if (key == "meta" && value.is_object()) {
      const auto& meta = value.as_object();
      catalog.name = StringOr(meta, "name", catalog.code);
      catalog.number.decimal = StringOr(meta, "decimal", ".");
      catalog.number.group = StringOr(meta, "group", ",");
      catalog.date_time = StringOr(meta, "dateTime", "{year}-{month}-{day} {hour}:{minute} UTC");
    } else if (key == "js" && value.is_object()) {
      catalog.js = value.as_object();
    } else if (key == "widget" && value.is_object()) {
      catalog.widget = value.as_object();
    } else if (key == "dashboard" && value.is_object()) {
      catalog.dashboard = value.as_object();
    } else if (key == "dashboard_js" && value.is_object()) {
      catalog.dashboard_js = value.as_object();
    } else if (value.is_string()) {
      catalog.strings[key] = value;
    } else {
      throw std::runtime_error("catalog " + catalog.code + ": " + std::string(key) +
                               " is not a string");
    }
  }
  return catalog;
}

}  // namespace

std::string Catalog::Text(
    std::string_view key,
    std::initializer_list<std::pair<std::string_view, std::string>> args) const {
  auto it = strings.find(key);
  if (it == strings.end()) return std::string(key);
  return Fill(std::string(it->value().as_string()), args);
}

std::string NegotiateLanguage(const std::vector<std::string>& offered, std::string_view query,
                              std::string_view cookie, std::string_view accept_language) {
  auto find = [&](std::string_view wanted) -> const std::string* {
    for (const auto& code : offered) {
      if (base::EqualsIgnoreCase(code, wanted)) return &code;
    }
    return nullptr;
  };
  if (auto* code = find(query)) return *code;
  if (auto* code = find(cookie)) return *code;
  for (const http::WeightedItem& item : http::ByPreference(accept_language)) {
    if (item.value == "*") return std::string(kDefaultLanguage);
    // A range names a language and optionally a region: "de-CH" is German.
    if (auto* code = find(item.value.substr(0, item.value.find('-')))) return *code;
  }
  return std::string(kDefaultLanguage);
}

std::string FormatAmount(std::string_view decimal, const NumberFormat& format) {
  if (!domain::IsDecimalString(decimal)) return std::string(decimal);
  auto point = decimal.find('.');
  std::string_view whole = decimal.substr(0, point);
  std::string out;
  for (std::size_t i = 0; i < whole.size(); ++i) {
    if (i > 0 && (whole.size() - i) % 3 == 0) out += format.group;
    out += whole[i];
  }
  if (point != std::string_view::npos) {
    out += format.decimal;
    out += decimal.substr(point + 1);
  }
  return out;
}

std::string FormatDateTime(base::TimeMs at, std::string_view pattern) {
  std::time_t seconds = static_cast<std::time_t>(at / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  return Fill(std::string(pattern), {{"year", std::to_string(utc.tm_year + 1900)},
                                     {"month", Two(utc.tm_mon + 1)},
                                     {"day", Two(utc.tm_mday)},
                                     {"hour", Two(utc.tm_hour)},
                                     {"minute", Two(utc.tm_min)}});
}

Languages::Languages(const Assets& assets) {
  for (const EmbeddedFile& file : EmbeddedFiles()) {
    if (!file.path.starts_with(kCatalogDir) || !file.path.ends_with(kCatalogExt)) continue;
    std::string_view name = file.path.substr(kCatalogDir.size());
    std::string code(name.substr(0, name.size() - kCatalogExt.size()));
    catalogs_.emplace(code, ParseCatalog(code, assets.Text(file.path)));
    codes_.push_back(code);
  }
  if (!catalogs_.contains(kDefaultLanguage)) throw std::runtime_error("no English catalog");
  // What the scripts get (payd-messages): a string a translation lacks is
  // shown in English rather than as its key, and numbers are written with the
  // language's own separators (from meta, the one place they are said).
  const Catalog english = catalogs_.find(kDefaultLanguage)->second;
  for (auto& [code, catalog] : catalogs_) {
    for (const auto& [key, value] : english.js) {
      if (!catalog.js.contains(key)) catalog.js[key] = value;
    }
    for (const auto& [key, value] : english.widget) {
      if (!catalog.widget.contains(key)) catalog.widget[key] = value;
    }
    catalog.js["decimal"] = catalog.number.decimal;
    catalog.js["group"] = catalog.number.group;
  }
}

const Catalog& Languages::Get(std::string_view code) const {
  auto it = catalogs_.find(code);
  return it != catalogs_.end() ? it->second : catalogs_.find(kDefaultLanguage)->second;
}

boost::json::object Languages::WidgetStrings() const {
  boost::json::object out;
  for (const auto& [code, catalog] : catalogs_) out[code] = catalog.widget;
  return out;
}

std::vector<const Catalog*> Languages::all() const {
  std::vector<const Catalog*> out;
  for (const auto& code : codes_) out.push_back(&catalogs_.find(code)->second);
  return out;
}

void PutWidgetStrings(Assets& assets, const Languages& languages) {
  assets.Fill("web/js/widget.js", "{/* payd:widget-strings */}",
              boost::json::serialize(languages.WidgetStrings()));
}

}  // namespace payd::html
