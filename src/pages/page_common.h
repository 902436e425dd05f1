// What every page handler does: pick the language, build the layout's part of
// the model, and answer with the security headers (a CSP without
// unsafe-inline, frame-ancestors, nosniff, Referrer-Policy) and gzip.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

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

// True when Accept ranks application/json above text/html (API clients).
bool PrefersJson(const http::Request& req);

// The friendly 404 page (frame-ancestors 'none'), or the §3 JSON error for API clients.
http::Response NotFoundPage(const http::Request& req, const http::RequestContext& rctx,
                            const PagesContext& ctx, std::string_view what);

}  // namespace payd::pages
