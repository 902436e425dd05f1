#include "html/templates.h"

#include <charconv>
#include <cstdint>
#include <kainjow/mustache.hpp>
#include <optional>
#include <stdexcept>

#include "base/time.h"
#include "html/assets.h"
#include "html/html.h"
#include "html/localizer.h"

namespace payd::html {

namespace {

namespace mustache = kainjow::mustache;

// null, false and "" are falsy sections (kainjow would enter a section for an
// empty string); numbers print as JSON writes them.
mustache::data ToData(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null:
      return mustache::data(false);
    case boost::json::kind::bool_:
      return mustache::data(value.as_bool());
    case boost::json::kind::string:
      if (value.as_string().empty()) return mustache::data(false);
      return mustache::data(std::string(value.as_string()));
    case boost::json::kind::int64:
      return mustache::data(std::to_string(value.as_int64()));
    case boost::json::kind::uint64:
      return mustache::data(std::to_string(value.as_uint64()));
    case boost::json::kind::double_:
      return mustache::data(std::to_string(value.as_double()));
    case boost::json::kind::array: {
      mustache::data list(mustache::data::type::list);
      for (const auto& item : value.as_array()) list.push_back(ToData(item));
      return list;
    }
    case boost::json::kind::object: {
      mustache::data object(mustache::data::type::object);
      for (const auto& [key, item] : value.as_object()) object.set(std::string(key), ToData(item));
      return object;
    }
  }
  return mustache::data(false);
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\n')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.remove_suffix(1);
  return text;
}

// The name in "{{name}}", or "" when `text` is not one tag alone.
std::string_view OneTag(std::string_view text) {
  text = Trim(text);
  if (!text.starts_with("{{") || !text.ends_with("}}") || text.size() < 5) return {};
  std::string_view name = Trim(text.substr(2, text.size() - 4));
  if (name.find_first_of("{}#^/!>&") != std::string_view::npos) return {};
  return name;
}

// "last day::To" is "To" where a language needs to know which "To" it is
// (gettext's msgctxt): the catalog's key keeps the context, English drops it.
std::string_view WithoutContext(std::string_view text) {
  auto sep = text.find("::");
  if (sep == std::string_view::npos ||
      text.substr(0, sep).find_first_of("{<") != std::string_view::npos) {
    return text;
  }
  return text.substr(sep + 2);
}

using Render = mustache::renderer;

// A day ("2026-12-04") or a time, as the moment the day lambdas write.
std::optional<base::TimeMs> ParseDay(const std::string& raw) {
  return base::ParseRfc3339(raw.size() == 10 ? raw + "T00:00:00Z" : raw);
}

void AddLocalizer(mustache::data& data, const Localizer& loc) {
  data.set("tr", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             if (auto translated = loc.Translate(text)) return render(*translated);
             // A value of the model, translated when a catalog has its text.
             if (std::string_view name = OneTag(text); !name.empty()) {
               std::string raw = render("{{{" + std::string(name) + "}}}");
               if (auto translated = loc.Translate(raw)) return EscapeHtml(*translated);
               if (WithoutContext(raw).size() != raw.size()) return EscapeHtml(WithoutContext(raw));
             }
             return render(std::string(WithoutContext(text)));
           }});
  data.set("plural", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             auto first = text.find('|');
             auto second = first == std::string::npos ? first : text.find('|', first + 1);
             if (second == std::string::npos) return render(text);
             std::string name(Trim(std::string_view(text).substr(0, first)));
             std::string count = render("{{" + name + "}}");
             std::int64_t n = 0;
             std::from_chars(count.data(), count.data() + count.size(), n);
             return render(
                 loc.Plural(n, Trim(std::string_view(text).substr(first + 1, second - first - 1)),
                            Trim(std::string_view(text).substr(second + 1))));
           }});
  data.set("asTime", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             std::string raw(Trim(render(text)));
             auto at = base::ParseRfc3339(raw);
             if (!at) return raw;
             return "<time datetime=\"" + raw + "\">" + EscapeHtml(loc.DateTime(*at)) + "</time>";
           }});
  data.set("asDay", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             std::string raw(Trim(render(text)));
             auto at = ParseDay(raw);
             if (!at) return raw;
             return "<time datetime=\"" + raw.substr(0, 10) + "\">" + EscapeHtml(loc.UtcDay(*at)) +
                    "</time>";
           }});
  // The same day as text alone, where no element may go (an SVG's <title> and <text>).
  data.set("asDayText", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             std::string raw(Trim(render(text)));
             auto at = ParseDay(raw);
             return EscapeHtml(at ? loc.UtcDay(*at) : raw);
           }});
  data.set("asAmount", mustache::lambda2{[&loc](const std::string& text, const Render& render) {
             return EscapeHtml(loc.Amount(Trim(render(text))));
           }});
}

}  // namespace

Templates::Templates(const Assets& assets) : assets_(assets) {
  constexpr std::string_view kPartials = "web/templates/partials/";
  for (const Asset* partial : assets_.Under(kPartials)) {
    std::string_view file = partial->path.substr(kPartials.size());
    partials_.emplace_back(std::string(file.substr(0, file.find('.'))), std::string(partial->data));
  }
}

std::string Templates::RenderOne(std::string_view name, const boost::json::object& model,
                                 bool escape_html, const Localizer* localizer) const {
  std::string path = "web/templates/" + std::string(name) + ".mustache";
  // Parsed per render: a mustache object is not safe to share between threads,
  // and the templates are a few KB.
  mustache::mustache tmpl{std::string(assets_.Text(path))};
  if (!tmpl.is_valid()) throw std::runtime_error(path + ": " + tmpl.error_message());
  if (!escape_html) tmpl.set_custom_escape([](const std::string& text) { return text; });
  mustache::data data = ToData(model);
  if (localizer) AddLocalizer(data, *localizer);
  for (const auto& [partial, text] : partials_) {
    data.set(partial, mustache::partial([&text = text] { return text; }));
  }
  std::string out = tmpl.render(data);
  if (!tmpl.is_valid()) throw std::runtime_error(path + ": " + tmpl.error_message());
  return out;
}

std::string Templates::Render(std::string_view name, const boost::json::object& model,
                              std::string_view layout, const Localizer* localizer) const {
  boost::json::object with_content = model;
  with_content["content"] = RenderOne(name, model, true, localizer);
  return RenderOne(layout, with_content, true, localizer);
}

std::string Templates::RenderText(std::string_view name, const boost::json::object& model,
                                  std::string_view layout) const {
  boost::json::object with_content = model;
  with_content["content"] = RenderOne(name, model, false);
  return RenderOne(layout, with_content, false);
}

}  // namespace payd::html
