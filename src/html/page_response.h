// The answer every HTML page of payd gives (the payer's pages and the
// dashboard): the language it was written in, the security headers (a CSP
// without unsafe-inline, frame-ancestors, Referrer-Policy), no caching of
// state, gzip when accepted. (nosniff is on every response: http::Server adds it.)
#pragma once

#include <string>
#include <string_view>

#include "html/i18n.h"
#include "http/message.h"

namespace payd::html {

// The cookie that remembers a language chosen with ?lang=.
inline constexpr std::string_view kLangCookie = "payd_lang";

struct PageRequest {
  std::string lang;
  const Catalog* catalog = nullptr;
  bool lang_chosen = false;  // ?lang= named an offered language: remember it in a cookie
};

// An HTML page: Content-Type, the security headers with `frame_ancestors`
// (CSP source expressions), no caching of state, gzip when accepted.
http::Response HtmlResponse(const http::Request& req, const PageRequest& page, http::Status status,
                            std::string html, std::string_view frame_ancestors);

}  // namespace payd::html
