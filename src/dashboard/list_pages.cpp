#include "dashboard/list_pages.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/url.hpp>
#include <charconv>

#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

void Indent(std::string& out, int depth) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

void Pretty(const boost::json::value& v, std::string& out, int depth) {
  if (v.is_object() && !v.as_object().empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& [key, value] : v.as_object()) {
      if (!first) out += ",\n";
      first = false;
      Indent(out, depth + 1);
      out += boost::json::serialize(boost::json::value(key)) + ": ";
      Pretty(value, out, depth + 1);
    }
    out += "\n";
    Indent(out, depth);
    out += "}";
  } else if (v.is_array() && !v.as_array().empty()) {
    out += "[\n";
    bool first = true;
    for (const auto& value : v.as_array()) {
      if (!first) out += ",\n";
      first = false;
      Indent(out, depth + 1);
      Pretty(value, out, depth + 1);
    }
    out += "\n";
    Indent(out, depth);
    out += "]";
  } else {
    out += boost::json::serialize(v);
  }
}

std::string PageHref(std::string_view path,
                     const std::vector<std::pair<std::string, std::string>>& params, int offset) {
  boost::urls::url url(path);
  for (const auto& [name, value] : params) {
    if (!value.empty()) url.params().append({name, value});
  }
  if (offset > 0) url.params().append({"offset", std::to_string(offset)});
  return std::string(url.buffer());
}

}  // namespace

int OffsetParam(const http::Request& req, int max) {
  std::string text = http::QueryParam(req, "offset");
  int offset = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), offset);
  if (ec != std::errc() || end != text.data() + text.size() || offset < 0) return 0;
  return std::min(offset, max);
}

void AddPagingLinks(boost::json::object& model, std::string_view path,
                    const std::vector<std::pair<std::string, std::string>>& params, int offset,
                    bool has_more) {
  if (offset > 0) model["newer"] = PageHref(path, params, std::max(0, offset - kListPageSize));
  if (has_more) model["older"] = PageHref(path, params, offset + kListPageSize);
  model["paged"] = offset > 0 || has_more;
}

std::string PrettyJson(std::string_view json) {
  boost::system::error_code ec;
  auto value = boost::json::parse(json, ec);
  if (ec) return std::string(json);
  std::string out;
  Pretty(value, out, 0);
  return out;
}

}  // namespace payd::dashboard
