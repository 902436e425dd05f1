// What every payer's page handler does: pick the language, build the
// layout's part of the model, and answer (html/page_response.h: the security
// headers and gzip).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "domain/integration.h"
#include "html/page_response.h"
#include "http/message.h"
#include "http/request_fields.h"
#include "pages/pages_context.h"

namespace payd::pages {

// The language of this request (NegotiateLanguage over ?lang= or else the
// form's `lang` field, the payd_lang cookie and Accept-Language).
html::PageRequest ReadPageRequest(const http::Request& req, const PagesContext& ctx,
                                  std::string_view form_lang = {});

// The layout's fields: lang, title, t (every string of the catalog), the
// stylesheet, the language switcher, the scripts' messages (payd-messages).
boost::json::object BaseModel(const PagesContext& ctx, const html::PageRequest& page,
                              std::string title);

// 'self' and the integration's allowed origins, as CSP source expressions.
std::string FrameAncestors(const domain::Integration& integration);

// A price as prices are written, with all of its currency's minor units
// (ISO 4217): "8" USD -> "8.00", "8.5" BHD -> "8.500", "800" JPY -> "800".
// A code that is not a currency (a token's symbol) leaves it as it is.
std::string PriceDecimal(std::string decimal, const std::string& currency);

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
