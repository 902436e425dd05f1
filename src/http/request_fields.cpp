#include "http/request_fields.h"

#include <algorithm>
#include <boost/url/decode_view.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/parse_query.hpp>

#include "base/strings.h"
#include "http/header_lists.h"

namespace payd::http {

namespace {

// How Accept ranks JSON (application/json, application/*) and HTML
// (text/html, text/*): the highest weight of each and where it was first named.
struct JsonAndHtml {
  int json = 0, html = 0, json_at = 1 << 20, html_at = 1 << 20;
};

JsonAndHtml RankJsonAndHtml(const Request& req) {
  JsonAndHtml r;
  for (const WeightedItem& item : ParseWeightedList(req[beast_http::field::accept])) {
    std::string type = base::AsciiLower(item.value);
    if ((type == "application/json" || type == "application/*") && item.q > r.json) {
      r.json = item.q;
      r.json_at = std::min(r.json_at, item.position);
    } else if ((type == "text/html" || type == "text/*") && item.q > r.html) {
      r.html = item.q;
      r.html_at = std::min(r.html_at, item.position);
    }
  }
  return r;
}

}  // namespace

bool PrefersJson(const Request& req) {
  JsonAndHtml r = RankJsonAndHtml(req);
  return r.json > r.html || (r.json > 0 && r.json == r.html && r.json_at < r.html_at);
}

bool PrefersHtml(const Request& req) {
  JsonAndHtml r = RankJsonAndHtml(req);
  return r.html > r.json || (r.html > 0 && r.html == r.json && r.html_at < r.json_at);
}

std::string CookieValue(const Request& req, std::string_view name) {
  auto header = req.find(beast_http::field::cookie);
  if (header == req.end()) return {};
  std::string_view rest = header->value();
  while (!rest.empty()) {
    auto semicolon = rest.find(';');
    std::string_view pair = base::TrimBlanks(rest.substr(0, semicolon));
    rest = semicolon == std::string_view::npos ? std::string_view{} : rest.substr(semicolon + 1);
    auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name) {
      return std::string(pair.substr(eq + 1));
    }
  }
  return {};
}

std::vector<std::string> FormValues(std::string_view body, std::string_view name) {
  std::vector<std::string> out;
  auto params = boost::urls::parse_query(body);
  if (!params) return out;
  // Form encoding: percent escapes, and '+' for a space.
  boost::urls::encoding_opts form{/*space_as_plus=*/true};
  for (auto param : *params) {
    boost::urls::decode_view key(param.key, form), value(param.value, form);
    if (std::string(key.begin(), key.end()) == name) out.emplace_back(value.begin(), value.end());
  }
  return out;
}

std::string FormValue(std::string_view body, std::string_view name) {
  auto values = FormValues(body, name);
  return values.empty() ? std::string() : std::move(values.front());
}

std::string QueryParam(const Request& req, std::string_view name) {
  auto url = boost::urls::parse_origin_form(req.target());
  if (!url) return {};
  auto params = url->params();
  auto it = params.find(name);
  return it == params.end() ? std::string{} : std::string((*it).value);
}

}  // namespace payd::http
