#include "html/localizer.h"

#include <unicode/datefmt.h>
#include <unicode/locid.h>
#include <unicode/plurrule.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>

#include <stdexcept>

#include "base/time_zone.h"

namespace payd::html {

namespace {

std::string Utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

std::unique_ptr<icu::DateFormat> Formatter(const char* skeleton, const icu::Locale& locale,
                                           const icu::TimeZone& zone) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::DateFormat> format(
      icu::DateFormat::createInstanceForSkeleton(icu::UnicodeString(skeleton), locale, status));
  if (U_FAILURE(status) || !format) {
    throw std::runtime_error(std::string("ICU date format: ") + u_errorName(status));
  }
  format->setTimeZone(zone);
  return format;
}

}  // namespace

struct Localizer::Icu {
  icu::Locale locale;
  std::unique_ptr<icu::TimeZone> zone;
  std::unique_ptr<icu::PluralRules> plurals;
  std::unique_ptr<icu::DateFormat> date_time;
  std::unique_ptr<icu::DateFormat> date;
  std::unique_ptr<icu::DateFormat> zone_name;
};

std::string CollapseSpace(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

Localizer::Localizer(const Catalog& catalog, std::string_view time_zone)
    : catalog_(catalog),
      time_zone_(base::IsKnownTimeZone(time_zone) ? std::string(time_zone) : "UTC"),
      icu_(std::make_unique<Icu>()) {
  icu_->locale = icu::Locale(catalog_.code.c_str());
  icu_->zone.reset(icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone_)));
  UErrorCode status = U_ZERO_ERROR;
  icu_->plurals.reset(icu::PluralRules::forLocale(icu_->locale, status));
  if (U_FAILURE(status) || !icu_->plurals) {
    throw std::runtime_error(std::string("ICU plural rules: ") + u_errorName(status));
  }
  // Skeletons, not patterns: ICU orders the fields and picks a 12- or 24-hour
  // clock the language's way ("j").
  icu_->date_time = Formatter("yMMMdjmm", icu_->locale, *icu_->zone);
  std::unique_ptr<icu::TimeZone> utc(icu::TimeZone::createTimeZone("UTC"));
  icu_->date = Formatter("yMMMd", icu_->locale, *utc);
  icu_->zone_name = Formatter("z", icu_->locale, *icu_->zone);
}

Localizer::~Localizer() = default;

std::optional<std::string> Localizer::Translate(std::string_view english) const {
  auto it = catalog_.dashboard.find(CollapseSpace(english));
  if (it == catalog_.dashboard.end() || !it->value().is_string()) return std::nullopt;
  return std::string(it->value().as_string());
}

std::string Localizer::PluralCategory(std::int64_t n) const {
  return Utf8(icu_->plurals->select(static_cast<double>(n)));
}

std::string Localizer::Plural(std::int64_t n, std::string_view one, std::string_view other) const {
  std::string category = PluralCategory(n);
  std::string key = CollapseSpace(one) + "|" + CollapseSpace(other);
  auto it = catalog_.dashboard.find(key);
  if (it != catalog_.dashboard.end() && it->value().is_object()) {
    const auto& forms = it->value().as_object();
    for (const std::string& form : {category, std::string("other")}) {
      auto f = forms.find(form);
      if (f != forms.end() && f->value().is_string()) return std::string(f->value().as_string());
    }
  }
  // English's rule, whatever the reader's language: a text untranslated is English.
  return std::string(n == 1 ? one : other);
}

std::string Localizer::DateTime(base::TimeMs at) const {
  icu::UnicodeString out;
  icu_->date_time->format(static_cast<UDate>(at), out);
  return Utf8(out) + " " + ZoneName(at);
}

std::string Localizer::UtcDay(base::TimeMs at) const {
  icu::UnicodeString out;
  icu_->date->format(static_cast<UDate>(at), out);
  return Utf8(out);
}

std::string Localizer::ZoneName(base::TimeMs at) const {
  icu::UnicodeString out;
  icu_->zone_name->format(static_cast<UDate>(at), out);
  return Utf8(out);
}

std::string Localizer::Amount(std::string_view decimal) const {
  return FormatAmount(decimal, catalog_.number);
}

}  // namespace payd::html
