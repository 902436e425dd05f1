// The languages of the payer's pages: message catalogs (web/i18n/<lang>.json:
// flat keys to strings with {name} placeholders, a "js" object for the
// pages' scripts, a "widget" object for the widget loader on shops' pages,
// and "meta" for number and date formats), how a request picks one,
// and amounts and dates written the language's way. Amounts stay decimal
// strings throughout: grouping is done on the digits, never through a double.
#pragma once

#include <boost/json/object.hpp>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/time.h"

namespace payd::html {

class Assets;

struct NumberFormat {
  std::string decimal = ".";
  std::string group = ",";
};

struct Catalog {
  std::string code;  // "en"
  std::string name;  // "English", in the language itself
  NumberFormat number;
  std::string date_time;  // "{year}-{month}-{day} {hour}:{minute} UTC"
  boost::json::object strings;
  boost::json::object js;      // the pages' scripts' strings (payd-messages)
  boost::json::object widget;  // the widget loader's strings (put into /widget.js)
  // The dashboard's translations, keyed by the English text (html/localizer.h):
  // a string, or for a plural text keyed "<one>|<other>" an object of CLDR
  // categories ("one", "other", ...). English itself has none.
  boost::json::object dashboard;
  // The same for the dashboard's scripts (web/js/dashboard_words.js): the page carries them all.
  boost::json::object dashboard_js;

  // The string for `key` with its placeholders filled; the key itself when missing
  // (a visible gap rather than a crash).
  std::string Text(std::string_view key,
                   std::initializer_list<std::pair<std::string_view, std::string>> args = {}) const;
};

constexpr std::string_view kDefaultLanguage = "en";

// The language of a request: `query` (?lang=) if offered, then `cookie`
// (payd_lang), then the best Accept-Language range with a q above 0 ("de-CH"
// takes "de"; "*" takes the default), then the default.
std::string NegotiateLanguage(const std::vector<std::string>& offered, std::string_view query,
                              std::string_view cookie, std::string_view accept_language);

// "1234567.5" -> "1,234,567.5" (en) or "1.234.567,5" (de). `decimal` must be
// a decimal string (domain::IsDecimalString); anything else comes back as is.
std::string FormatAmount(std::string_view decimal, const NumberFormat& format);

// A time in UTC through the catalog's pattern ({year} {month} {day} {hour} {minute}).
std::string FormatDateTime(base::TimeMs at, std::string_view pattern);

// Marks an English text that C++ puts into a dashboard page's model, which
// the template shows translated ({{#tr}}{{label}}{{/tr}}): the catalogs'
// check (scripts/i18n-dashboard.mjs) finds the texts to translate here.
// Returns its argument unchanged.
template <std::size_t N>
constexpr const char (&Translatable(const char (&english)[N]))[N] {
  return english;
}

class Languages {
 public:
  // Every web/i18n/*.json of the build; throws if a catalog is malformed or en is missing.
  explicit Languages(const Assets& assets);

  const Catalog& Get(std::string_view code) const;  // the default for an unknown code
  const std::vector<std::string>& codes() const { return codes_; }
  std::vector<const Catalog*> all() const;
  // {"de": {...}, "en": {...}}: each language's widget strings, English filling gaps.
  boost::json::object WidgetStrings() const;

 private:
  std::map<std::string, Catalog, std::less<>> catalogs_;
  std::vector<std::string> codes_;
};

// Puts every language's widget strings into /widget.js (web/js/widget.js),
// which a shop's page loads alone, without payd's pages around it.
void PutWidgetStrings(Assets& assets, const Languages& languages);

}  // namespace payd::html
