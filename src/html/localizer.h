// How a dashboard page is written for the person reading it: their language
// (its catalog's "dashboard" translations and its plural rules) and their
// time zone. Built per request (dashboard::Page), used while one page renders.
//
// The dashboard's words are English in its templates, gettext's way: a
// catalog maps an English text (whitespace collapsed) to its translation,
// and a text no catalog has stays English. Plural rules, dates and times in
// a zone come from ICU (Debian's libicu), never from hand-written tables.
// Amounts stay decimal strings: grouping is done on the digits (FormatAmount).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"
#include "html/i18n.h"

namespace payd::html {

class Localizer {
 public:
  // `time_zone`: an IANA name ("Europe/Berlin") or "UTC"; an unknown one is
  // UTC (base::IsKnownTimeZone).
  Localizer(const Catalog& catalog, std::string_view time_zone);
  Localizer(Catalog&&, std::string_view) = delete;  // it keeps a reference to its catalog
  ~Localizer();
  Localizer(const Localizer&) = delete;
  Localizer& operator=(const Localizer&) = delete;

  const Catalog& catalog() const { return catalog_; }
  const std::string& language() const { return catalog_.code; }
  // The zone's IANA name ("UTC" when none or unknown).
  const std::string& time_zone() const { return time_zone_; }

  // The translation of `english` (compared with whitespace collapsed); none
  // when the catalog has none (English itself has none).
  std::optional<std::string> Translate(std::string_view english) const;
  // `english` translated, or as it is.
  std::string Say(std::string_view english) const {
    return Translate(english).value_or(std::string(english));
  }
  // A plural text: the catalog's form of "<one>|<other>" for `n` ("one",
  // "few", "many", "other": CLDR's categories, by ICU), English's otherwise.
  std::string Plural(std::int64_t n, std::string_view one, std::string_view other) const;
  // CLDR's plural category of `n` in this language ("one", "other", ...).
  std::string PluralCategory(std::int64_t n) const;

  // "4 Dec 2026, 23:05" (en), "04.12.2026, 23:05" (de) in the time zone.
  std::string DateTime(base::TimeMs at) const;
  // The UTC day of `at` alone, "Dec 4, 2026": the dashboard counts days in UTC.
  std::string UtcDay(base::TimeMs at) const;
  // The zone as a reader knows it: "UTC", "CET", "GMT+1" (at `at`).
  std::string ZoneName(base::TimeMs at) const;
  // "1234567.5" with the language's separators; anything not decimal as it is.
  std::string Amount(std::string_view decimal) const;

 private:
  struct Icu;
  const Catalog& catalog_;
  std::string time_zone_;
  std::unique_ptr<Icu> icu_;
};

// "  a\n  b " -> "a b": how catalog keys compare with the texts of templates.
std::string CollapseSpace(std::string_view text);

}  // namespace payd::html
