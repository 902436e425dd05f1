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

namespace payd::pages {

class Assets;

class Templates {
 public:
  explicit Templates(const Assets& assets) : assets_(assets) {}

  // `name` is the file under web/templates without ".mustache". The layout
  // (the payer's by default; the dashboard has its own) sees `model` plus
  // "content". Throws std::runtime_error on a template error.
  std::string Render(std::string_view name, const boost::json::object& model,
                     std::string_view layout = "layout") const;

 private:
  std::string RenderOne(std::string_view name, const boost::json::object& model) const;

  const Assets& assets_;
};

}  // namespace payd::pages
