#include "pages/page_common.h"

#include <boost/url/decode_view.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/parse_query.hpp>

#include "base/strings.h"
#include "base/utf8.h"
#include "domain/money/currency.h"
#include "html/gzip.h"
#include "html/html.h"
#include "http/header_lists.h"
#include "http/json_response.h"

namespace payd::pages {

namespace {

// Only characters an origin rule can hold reach the header; rules are
// validated when stored, this keeps a bad row from breaking the policy.
bool CspSafe(std::string_view source) {
  return !source.empty() &&
         source.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.:/*[]") ==
             std::string_view::npos;
}

}  // namespace

html::PageRequest ReadPageRequest(const http::Request& req, const PagesContext& ctx,
                                  std::string_view form_lang) {
  html::PageRequest page;
  std::string query = http::QueryParam(req, "lang");
  if (query.empty()) query = form_lang;
  page.lang = html::NegotiateLanguage(ctx.languages.codes(), query,
                                      http::CookieValue(req, html::kLangCookie),
                                      req[http::beast_http::field::accept_language]);
  page.lang_chosen = !query.empty() && base::EqualsIgnoreCase(query, page.lang);
  page.catalog = &ctx.languages.Get(page.lang);
  return page;
}

boost::json::object BaseModel(const PagesContext& ctx, const html::PageRequest& page,
                              std::string title) {
  boost::json::array languages;
  for (const html::Catalog* catalog : ctx.languages.all()) {
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
      {"faviconUrl", ctx.assets.Url("img/favicon.ico")},
      {"languages", std::move(languages)},
      {"messagesJson", html::ScriptJson(page.catalog->js)},
      {"testnet", ctx.testnet},
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

http::Response MessagePage(const http::Request& req, const http::RequestContext& rctx,
                           const PagesContext& ctx, const PageMessage& message) {
  if (http::PrefersJson(req)) {
    auto res =
        http::ErrorResponse(message.status, message.code, message.json_message, rctx.request_id);
    if (!message.retry_after_s.empty())
      res.set(http::beast_http::field::retry_after, message.retry_after_s);
    return res;
  }
  html::PageRequest page = ReadPageRequest(req, ctx);
  const html::Catalog& t = *page.catalog;
  std::string heading = t.Text(message.catalog_key + "_title");
  boost::json::object model = BaseModel(ctx, page, heading);
  model["pageKind"] = message.code;
  model["heading"] = heading;
  model["body"] = t.Text(message.catalog_key + "_body");
  auto res = html::HtmlResponse(req, page, message.status, ctx.templates.Render("message", model),
                                "'none'");
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

std::string PriceDecimal(std::string decimal, const std::string& currency) {
  auto found = domain::FindCurrency(currency);
  return found ? domain::PadFraction(std::move(decimal), found->minor_units) : decimal;
}

}  // namespace payd::pages
