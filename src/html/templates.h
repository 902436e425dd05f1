// The page templates (web/templates/*.mustache, kainjow mustache with HTML
// escaping on for {{ }}): each page renders its own template, which the
// shared layout (layout.mustache) then wraps as {{{content}}}. Models are
// JSON objects, so that a page handler builds plain data and the template
// decides the markup. Every template may include the partials of
// web/templates/partials/ by name ({{> error_summary}}).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace payd::html {

class Assets;
class Localizer;

class Templates {
 public:
  // Reads the partials once: the assets do not change after start-up.
  explicit Templates(const Assets& assets);

  // `name` is the file under web/templates without ".mustache". The layout
  // (the payer's by default; the dashboard has its own) sees `model` plus
  // "content". Throws std::runtime_error on a template error.
  //
  // With a `localizer` (the dashboard's pages), the templates write in the
  // reader's language and time zone through these sections:
  //   {{#tr}}English text, {{tags}} and <b>markup</b> included{{/tr}}
  //       its translation, or the text as it is; {{#tr}}{{label}}{{/tr}}
  //       translates the value of `label` when a catalog has it;
  //       {{#tr}}last day::To{{/tr}} says "To" in English, the context telling
  //       translators which "To" it is
  //   {{#plural}}count|{{count}} payment|{{count}} payments{{/plural}}
  //       the language's form for the number in `count` (CLDR's rules)
  //   {{#asTime}}{{createdAt}}{{/asTime}}  an RFC 3339 time as <time>, in the zone
  //   {{#asDay}}{{day}}{{/asDay}}        a UTC day ("2026-12-04") the language's way
  //   {{#asDayText}}{{day}}{{/asDayText}}  the same as text alone (inside an SVG)
  //   {{#asAmount}}{{amount}}{{/asAmount}} a decimal string with the language's separators
  std::string Render(std::string_view name, const boost::json::object& model,
                     std::string_view layout = "layout",
                     const Localizer* localizer = nullptr) const;
  // The same for text that is not HTML (an email's text/plain part): {{ }}
  // inserts values as they are.
  std::string RenderText(std::string_view name, const boost::json::object& model,
                         std::string_view layout) const;

 private:
  std::string RenderOne(std::string_view name, const boost::json::object& model, bool escape_html,
                        const Localizer* localizer = nullptr) const;

  const Assets& assets_;
  std::vector<std::pair<std::string, std::string>> partials_;  // name, template text
};

}  // namespace payd::html
