// The dashboard written for its reader (html/localizer.h, issue 40 item 4):
// plural forms by each language's CLDR rules (French counts 0 and 1 alike,
// English does not), times in the reader's zone with the zone's name,
// amounts with the language's separators, and English kept where a catalog
// has no translation. Expected values are CLDR's conventions, not ICU's text.
#include "html/localizer.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "base/time.h"
#include "base/time_zone.h"

namespace payd::html {
namespace {

Catalog CatalogOf(std::string code, boost::json::object dashboard, NumberFormat number = {}) {
  Catalog c;
  c.code = std::move(code);
  c.number = number;
  c.dashboard = std::move(dashboard);
  return c;
}

struct PluralCase {
  const char* language;
  std::int64_t n;
  const char* category;
};

TEST(Localizer, PluralCategoriesFollowEachLanguagesRules) {
  const PluralCase cases[] = {
      {"en", 0, "other"}, {"en", 1, "one"},   {"en", 2, "other"}, {"de", 1, "one"},
      {"de", 0, "other"}, {"fr", 0, "one"},   {"fr", 1, "one"},   {"fr", 2, "other"},
      {"es", 1, "one"},   {"es", 0, "other"}, {"es", 5, "other"},
  };
  for (const auto& c : cases) {
    Catalog loc_catalog = CatalogOf(c.language, {});
    Localizer loc(loc_catalog, "UTC");
    EXPECT_EQ(loc.PluralCategory(c.n), c.category) << c.language << " " << c.n;
  }
}

TEST(Localizer, APluralTextTakesTheLanguagesFormAndEnglishWithoutATranslation) {
  boost::json::object forms{{"one", "{{n}} tentative"}, {"other", "{{n}} tentatives"}};
  Catalog french = CatalogOf("fr", {{"{{n}} attempt|{{n}} attempts", forms}});
  Localizer fr(french, "UTC");
  EXPECT_EQ(fr.Plural(0, "{{n}} attempt", "{{n}} attempts"), "{{n}} tentative");
  EXPECT_EQ(fr.Plural(2, "{{n}} attempt", "{{n}} attempts"), "{{n}} tentatives");
  // Untranslated: English's own rule, so 0 is plural.
  EXPECT_EQ(fr.Plural(0, "{{n}} day", "{{n}} days"), "{{n}} days");
  Catalog en_catalog = CatalogOf("en", {});
  Localizer en(en_catalog, "UTC");
  EXPECT_EQ(en.Plural(1, "{{n}} attempt", "{{n}} attempts"), "{{n}} attempt");
}

TEST(Localizer, ATextIsFoundWithItsWhitespaceCollapsed) {
  Catalog de_catalog = CatalogOf("de", {{"Signed in as {{name}}.", "Angemeldet als {{name}}."}});
  Localizer de(de_catalog, "UTC");
  EXPECT_EQ(de.Translate("\n  Signed in   as\n{{name}}. "), "Angemeldet als {{name}}.");
  EXPECT_FALSE(de.Translate("Sign out"));
  EXPECT_EQ(de.Say("Sign out"), "Sign out");
}

TEST(Localizer, TimesAreInTheReadersZoneWithItsName) {
  base::TimeMs at = *base::ParseRfc3339("2026-12-04T23:05:00Z");
  // Berlin is an hour ahead in winter: the next day, five past midnight.
  Catalog berlin_catalog = CatalogOf("de", {});
  Localizer berlin(berlin_catalog, "Europe/Berlin");
  std::string text = berlin.DateTime(at);
  EXPECT_NE(text.find("5. Dez. 2026"), std::string::npos) << text;
  EXPECT_NE(text.find("00:05"), std::string::npos) << text;
  EXPECT_NE(text.find("MEZ"), std::string::npos) << text;  // Mitteleuropäische Zeit
  // English in UTC: the month by name, a 12-hour clock, and the zone said.
  Catalog utc_catalog = CatalogOf("en", {});
  Localizer utc(utc_catalog, "UTC");
  text = utc.DateTime(at);
  EXPECT_NE(text.find("Dec 4, 2026"), std::string::npos) << text;
  EXPECT_NE(text.find("11:05"), std::string::npos) << text;
  EXPECT_NE(text.find("PM"), std::string::npos) << text;
  EXPECT_NE(text.find("UTC"), std::string::npos) << text;
  // A UTC day stays that day whatever the zone.
  Catalog tokyo_catalog = CatalogOf("en", {});
  Localizer tokyo(tokyo_catalog, "Asia/Tokyo");
  EXPECT_NE(tokyo.UtcDay(at).find("Dec 4, 2026"), std::string::npos) << tokyo.UtcDay(at);
}

TEST(Localizer, AnUnknownZoneIsUtcAndKnownZonesAreListed) {
  EXPECT_TRUE(base::IsKnownTimeZone("Europe/Berlin"));
  EXPECT_TRUE(base::IsKnownTimeZone("UTC"));
  EXPECT_FALSE(base::IsKnownTimeZone("Mars/Olympus_Mons"));
  EXPECT_FALSE(base::IsKnownTimeZone(""));
  Catalog loc_catalog = CatalogOf("en", {});
  Localizer loc(loc_catalog, "Mars/Olympus_Mons");
  EXPECT_EQ(loc.time_zone(), "UTC");
  const auto& zones = base::TimeZoneNames();
  ASSERT_FALSE(zones.empty());
  EXPECT_EQ(zones.front(), "UTC");
  EXPECT_NE(std::find(zones.begin(), zones.end(), "America/New_York"), zones.end());
}

TEST(Localizer, AmountsKeepEveryDigitWithTheLanguagesSeparators) {
  Catalog de_catalog = CatalogOf("de", {}, {",", "."});
  Localizer de(de_catalog, "UTC");
  EXPECT_EQ(de.Amount("1234567.000001"), "1.234.567,000001");
  Catalog en_catalog = CatalogOf("en", {});
  Localizer en(en_catalog, "UTC");
  EXPECT_EQ(en.Amount("25.000001"), "25.000001");
  EXPECT_EQ(en.Amount("not a number"), "not a number");
}

}  // namespace
}  // namespace payd::html
