#include "html/templates.h"

#include <kainjow/mustache.hpp>
#include <stdexcept>

#include "html/assets.h"

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

}  // namespace

Templates::Templates(const Assets& assets) : assets_(assets) {
  constexpr std::string_view kPartials = "web/templates/partials/";
  for (const Asset* partial : assets_.Under(kPartials)) {
    std::string_view file = partial->path.substr(kPartials.size());
    partials_.emplace_back(std::string(file.substr(0, file.find('.'))), std::string(partial->data));
  }
}

std::string Templates::RenderOne(std::string_view name, const boost::json::object& model,
                                 bool escape_html) const {
  std::string path = "web/templates/" + std::string(name) + ".mustache";
  // Parsed per render: a mustache object is not safe to share between threads,
  // and the templates are a few KB.
  mustache::mustache tmpl{std::string(assets_.Text(path))};
  if (!tmpl.is_valid()) throw std::runtime_error(path + ": " + tmpl.error_message());
  if (!escape_html) tmpl.set_custom_escape([](const std::string& text) { return text; });
  mustache::data data = ToData(model);
  for (const auto& [partial, text] : partials_) {
    data.set(partial, mustache::partial([&text = text] { return text; }));
  }
  std::string out = tmpl.render(data);
  if (!tmpl.is_valid()) throw std::runtime_error(path + ": " + tmpl.error_message());
  return out;
}

std::string Templates::Render(std::string_view name, const boost::json::object& model,
                              std::string_view layout) const {
  boost::json::object with_content = model;
  with_content["content"] = RenderOne(name, model, true);
  return RenderOne(layout, with_content, true);
}

std::string Templates::RenderText(std::string_view name, const boost::json::object& model,
                                  std::string_view layout) const {
  boost::json::object with_content = model;
  with_content["content"] = RenderOne(name, model, false);
  return RenderOne(layout, with_content, false);
}

}  // namespace payd::html
