// What every page handler does: pick the language, build the layout's part of
// the model, and answer with the security headers (a CSP without
// unsafe-inline, frame-ancestors, Referrer-Policy) and gzip. (nosniff is on
// every response payd sends: http::Server adds it.)
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "domain/integration.h"
#include "http/message.h"
#include "pages/pages_context.h"

namespace payd::pages {

struct PageRequest {
  std::string lang;
  const Catalog* catalog = nullptr;
  bool lang_chosen = false;  // ?lang= named an offered language: remember it in a cookie
};

// The language of this request (NegotiateLanguage over ?lang= or else the
// form's `lang` field, the payd_lang cookie and Accept-Language).
PageRequest ReadPageRequest(const http::Request& req, const PagesContext& ctx,
                            std::string_view form_lang = {});

// The layout's fields: lang, title, t (every string of the catalog), the
// stylesheet, the language switcher, the scripts' messages (payd-messages).
boost::json::object BaseModel(const PagesContext& ctx, const PageRequest& page, std::string title);

// 'self' and the integration's allowed origins, as CSP source expressions.
std::string FrameAncestors(const domain::Integration& integration);

// An HTML page: Content-Type, the contract's security headers with
// `frame_ancestors`, no caching of state, gzip when accepted.
http::Response HtmlResponse(const http::Request& req, const PageRequest& page, http::Status status,
                            std::string html, std::string_view frame_ancestors);

// A price in USD (amount_usd: at most two decimals, DECISIONS §5) as prices
// are written, with its cents: "8" -> "8.00".
std::string WithCents(std::string decimal);

// The value of query parameter `name` of the request target ("" when absent).
std::string QueryParam(const http::Request& req, std::string_view name);

// The value of cookie `name` ("" when the request has none).
std::string CookieValue(const http::Request& req, std::string_view name);

// The value of field `name` of a form-encoded body ("" when absent).
// Every value of a repeated field (checkboxes), in the form's order.
std::vector<std::string> FormValues(std::string_view body, std::string_view name);
std::string FormValue(std::string_view body, std::string_view name);

// True when Accept ranks application/json above text/html (API clients).
bool PrefersJson(const http::Request& req);
// True when Accept ranks text/html above application/json (browsers; not a
// client that names neither, as fetch's */* or no Accept at all).
bool PrefersHtml(const http::Request& req);

// A page that only says why there is nothing to show (404, 429, 503): HTML
// for browsers (frame-ancestors 'none'), the §3 JSON error for API clients.
struct PageMessage {
  http::Status status;
  std::string code;           // the §3 error code, also the page's data-page
  std::string json_message;   // the JSON error's message
  std::string catalog_key;    // the page's strings: <key>_title and <key>_body
  std::string retry_after_s;  // Retry-After, when not empty
};
http::Response MessagePage(const http::Request& req, const http::RequestContext& rctx,
                           const PagesContext& ctx, const PageMessage& message);

// The friendly 404 page, or the §3 JSON error for API clients.
http::Response NotFoundPage(const http::Request& req, const http::RequestContext& rctx,
                            const PagesContext& ctx, std::string_view what);

}  // namespace payd::pages
