#include "html/page_response.h"

#include "html/gzip.h"

namespace payd::html {

namespace {

constexpr const char* kLangCookieAttributes = "; Path=/; Max-Age=31536000; SameSite=Lax";

std::string Csp(std::string_view frame_ancestors) {
  return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors " +
         std::string(frame_ancestors);
}

}  // namespace

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

}  // namespace payd::html
