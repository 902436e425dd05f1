#include "pages/page_common.h"

#include <boost/url/decode_view.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/parse_query.hpp>

#include "base/strings.h"
#include "base/utf8.h"
#include "http/json_response.h"
#include "pages/gzip.h"
#include "pages/header_lists.h"
#include "pages/html.h"

namespace payd::pages {

namespace {

constexpr std::string_view kLangCookie = "payd_lang";
constexpr const char* kLangCookieAttributes = "; Path=/; Max-Age=31536000; SameSite=Lax";

std::string Csp(std::string_view frame_ancestors) {
  return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors " +
         std::string(frame_ancestors);
}

// Only characters an origin rule can hold reach the header; rules are
// validated when stored, this keeps a bad row from breaking the policy.
bool CspSafe(std::string_view source) {
  return !source.empty() &&
         source.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.:/*[]") ==
             std::string_view::npos;
}

}  // namespace

PageRequest ReadPageRequest(const http::Request& req, const PagesContext& ctx,
                            std::string_view form_lang) {
  PageRequest page;
  std::string query = QueryParam(req, "lang");
  if (query.empty()) query = form_lang;
  page.lang = NegotiateLanguage(ctx.languages.codes(), query, CookieValue(req, kLangCookie),
                                req[http::beast_http::field::accept_language]);
  page.lang_chosen = !query.empty() && base::EqualsIgnoreCase(query, page.lang);
  page.catalog = &ctx.languages.Get(page.lang);
  return page;
}

boost::json::object BaseModel(const PagesContext& ctx, const PageRequest& page, std::string title) {
  boost::json::array languages;
  for (const Catalog* catalog : ctx.languages.all()) {
    languages.push_back({{"code", catalog->code},
                         {"name", catalog->name},
                         {"href", "?lang=" + catalog->code},
                         {"current", catalog->code == page.lang}});
  }
  return {
      {"lang", page.lang},
      {"title", std::move(title)},
      {"t", page.catalog->strings},
      {"cssUrl", ctx.assets.Url("css/checkout.css")},
      {"languages", std::move(languages)},
      {"messagesJson", ScriptJson(page.catalog->js)},
  };
}

std::string FrameAncestors(const domain::Integration& integration) {
  std::string out = "'self'";
  for (const auto& rule : integration.OriginRules()) {
    std::string source = rule.ToString();
    if (CspSafe(source)) out += " " + source;
  }
  return out;
}

http::Response HtmlResponse(const http::Request& req, const PageRequest& page, http::Status status,
                            std::string html, std::string_view frame_ancestors) {
  http::Response res{status, req.version()};
  res.set(http::beast_http::field::content_type, "text/html; charset=utf-8");
  res.set("Content-Security-Policy", Csp(frame_ancestors));
  res.set("Referrer-Policy", "same-origin");
  // The state changes (and the form carries what the payer typed): always ask again.
  res.set(http::beast_http::field::cache_control, "no-store");
  res.set(http::beast_http::field::vary, "Accept, Accept-Encoding, Accept-Language, Cookie");
  if (page.lang_chosen) {
    res.set(http::beast_http::field::set_cookie,
            std::string(kLangCookie) + "=" + page.lang + kLangCookieAttributes);
  }
  if (AcceptsGzip(req)) {
    res.set(http::beast_http::field::content_encoding, "gzip");
    res.body() = Gzip(html);
  } else {
    res.body() = std::move(html);
  }
  res.prepare_payload();
  return res;
}

namespace {

// How Accept ranks JSON (application/json, application/*) and HTML
// (text/html, text/*): the highest weight of each and where it was first named.
struct JsonAndHtml {
  int json = 0, html = 0, json_at = 1 << 20, html_at = 1 << 20;
};

JsonAndHtml RankJsonAndHtml(const http::Request& req) {
  JsonAndHtml r;
  for (const WeightedItem& item : ParseWeightedList(req[http::beast_http::field::accept])) {
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

bool PrefersJson(const http::Request& req) {
  JsonAndHtml r = RankJsonAndHtml(req);
  return r.json > r.html || (r.json > 0 && r.json == r.html && r.json_at < r.html_at);
}

bool PrefersHtml(const http::Request& req) {
  JsonAndHtml r = RankJsonAndHtml(req);
  return r.html > r.json || (r.html > 0 && r.html == r.json && r.html_at < r.json_at);
}

http::Response MessagePage(const http::Request& req, const http::RequestContext& rctx,
                           const PagesContext& ctx, const PageMessage& message) {
  if (PrefersJson(req)) {
    auto res =
        http::ErrorResponse(message.status, message.code, message.json_message, rctx.request_id);
    if (!message.retry_after_s.empty())
      res.set(http::beast_http::field::retry_after, message.retry_after_s);
    return res;
  }
  PageRequest page = ReadPageRequest(req, ctx);
  const Catalog& t = *page.catalog;
  std::string heading = t.Text(message.catalog_key + "_title");
  boost::json::object model = BaseModel(ctx, page, heading);
  model["pageKind"] = message.code;
  model["heading"] = heading;
  model["body"] = t.Text(message.catalog_key + "_body");
  auto res =
      HtmlResponse(req, page, message.status, ctx.templates.Render("message", model), "'none'");
  if (!message.retry_after_s.empty())
    res.set(http::beast_http::field::retry_after, message.retry_after_s);
  return res;
}

http::Response NotFoundPage(const http::Request& req, const http::RequestContext& rctx,
                            const PagesContext& ctx, std::string_view what) {
  return MessagePage(
      req, rctx, ctx,
      {http::Status::not_found, "not_found",
       "No such payment page: " + base::ValidUtf8(what.substr(0, 100)), "not_found", ""});
}

std::string CookieValue(const http::Request& req, std::string_view name) {
  auto header = req.find(http::beast_http::field::cookie);
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

std::string QueryParam(const http::Request& req, std::string_view name) {
  auto url = boost::urls::parse_origin_form(req.target());
  if (!url) return {};
  auto params = url->params();
  auto it = params.find(name);
  return it == params.end() ? std::string{} : std::string((*it).value);
}

std::string WithCents(std::string decimal) {
  auto point = decimal.find('.');
  std::size_t cents = point == std::string::npos ? 0 : decimal.size() - point - 1;
  if (point == std::string::npos) decimal += '.';
  if (cents < 2) decimal.append(2 - cents, '0');
  return decimal;
}

}  // namespace payd::pages
