// The message catalogs this build embeds (web/i18n/<lang>.json): they load,
// every language says everything English says with the same placeholders,
// and the "js" part the pages hand their scripts (payd-messages) has, in
// every language, every string web/js asks for and the language's decimal
// and group separators. One file per language holds all of its strings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "html/assets.h"
#include "html/i18n.h"
#include "pages/intent_page.h"

namespace payd::html {
namespace {

std::set<std::string> Keys(const boost::json::object& o) {
  std::set<std::string> keys;
  for (const auto& [key, value] : o) keys.emplace(key);
  return keys;
}

// The keys web/js/*.js passes to t('…') (messages.js).
std::set<std::string> ScriptKeys() {
  namespace fs = std::filesystem;
  std::set<std::string> keys;
  for (const auto& entry : fs::directory_iterator(fs::path(PAYD_SOURCE_DIR) / "web" / "js")) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string js = text.str();
    for (auto at = js.find("t('"); at != std::string::npos; at = js.find("t('", at + 3)) {
      bool call = at == 0 || !(std::isalnum(static_cast<unsigned char>(js[at - 1])) ||
                               js[at - 1] == '_' || js[at - 1] == '.');
      auto end = js.find('\'', at + 3);
      if (call && end != std::string::npos) keys.insert(js.substr(at + 3, end - at - 3));
    }
  }
  return keys;
}

TEST(Catalogs, EveryLanguageLoadsAndNothingElseIsTakenForOne) {
  Assets assets;
  Languages languages(assets);
  EXPECT_EQ(languages.codes(), (std::vector<std::string>{"de", "en", "es", "fr"}));
}

// The {name} placeholders of a string.
std::set<std::string> Placeholders(std::string_view text) {
  std::set<std::string> names;
  for (auto open = text.find('{'); open != std::string_view::npos;
       open = text.find('{', open + 1)) {
    auto close = text.find('}', open);
    if (close != std::string_view::npos) names.emplace(text.substr(open + 1, close - open - 1));
  }
  return names;
}

TEST(Catalogs, EveryLanguageSaysWhatEnglishSaysWithTheSamePlaceholders) {
  Assets assets;
  Languages languages(assets);
  const Catalog& english = languages.Get("en");
  for (const Catalog* catalog : languages.all()) {
    EXPECT_EQ(Keys(catalog->strings), Keys(english.strings)) << catalog->code;
    for (const auto& [key, value] : english.strings) {
      auto it = catalog->strings.find(key);
      if (it == catalog->strings.end()) continue;
      EXPECT_EQ(Placeholders(it->value().as_string()), Placeholders(value.as_string()))
          << catalog->code << "." << key;
    }
    for (const auto& [key, value] : english.js) {
      auto it = catalog->js.find(key);
      if (it == catalog->js.end() || !value.is_string()) continue;
      EXPECT_EQ(Placeholders(it->value().as_string()), Placeholders(value.as_string()))
          << catalog->code << ".js." << key;
    }
  }
}

TEST(Catalogs, ScriptsHaveEveryStringInEveryLanguageWithItsSeparators) {
  Assets assets;
  Languages languages(assets);
  std::set<std::string> used = ScriptKeys();
  ASSERT_GT(used.size(), 12u) << "the scripts' t('…') calls were not found";
  // Keys the intent page's script builds from wallet errors.
  for (const char* key : {"wallet.rejected", "wallet.wrongChain", "wallet.insufficientFunds",
                          "wallet.pending", "wallet.failed"}) {
    used.insert(key);
  }
  // The page's own sentences come with the page's strings, in every language.
  for (std::string_view key : pages::ScriptStatusKeys()) {
    used.erase(std::string(key));
    for (const Catalog* catalog : languages.all())
      EXPECT_TRUE(catalog->strings.contains(key)) << catalog->code << " lacks " << key;
  }
  std::set<std::string> english = Keys(languages.Get("en").js);
  for (const auto& key : used) EXPECT_TRUE(english.contains(key)) << "en lacks js." << key;
  for (const auto& key : {"decimal", "group"})
    EXPECT_TRUE(english.contains(key)) << "en lacks js." << key;
  for (const Catalog* catalog : languages.all()) {
    EXPECT_EQ(Keys(catalog->js), english) << catalog->code;
    auto decimal = catalog->js.find("decimal");
    ASSERT_NE(decimal, catalog->js.end()) << catalog->code;
    EXPECT_EQ(decimal->value().as_string(), catalog->number.decimal) << catalog->code;
    EXPECT_EQ(catalog->js.at("group").as_string(), catalog->number.group) << catalog->code;
  }
  EXPECT_EQ(languages.Get("de").js.at("decimal").as_string(), ",");
  EXPECT_EQ(languages.Get("de").js.at("copied").as_string(), "Kopiert");
}

TEST(Catalogs, EveryLanguageHasTheWidgetStringsAndWidgetJsCarriesThem) {
  Assets assets;
  Languages languages(assets);
  const std::set<std::string> keys{"close", "pay", "refused", "title"};
  for (const Catalog* catalog : languages.all())
    EXPECT_EQ(Keys(catalog->widget), keys) << catalog->code;
  PutWidgetStrings(assets, languages);
  std::string_view served = assets.Find("web/js/widget.js")->data;
  EXPECT_EQ(served.find("payd:widget-strings"), std::string_view::npos);
  EXPECT_NE(served.find(R"("de":{"pay":"Mit Krypto bezahlen")"), std::string_view::npos);
  EXPECT_NE(served.find(R"("en":{"pay":"Pay with crypto")"), std::string_view::npos);
  EXPECT_NE(assets.Find("web/js/widget.js")->hash, Assets().Find("web/js/widget.js")->hash);
}

}  // namespace
}  // namespace payd::html
