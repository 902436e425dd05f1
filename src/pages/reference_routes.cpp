// The API reference: GET /openapi.json (docs/openapi.yaml, converted to JSON at build time)
// and GET /docs, Redoc's standalone bundle from npm rendering it, served by payd itself (no
// CDN, no telemetry: the CSP lets the page reach payd alone).
#include <map>
#include <string>

#include "base/crypto.h"
#include "html/embedded_files.h"
#include "html/gzip.h"
#include "pages/routes.h"

namespace payd::pages {

namespace {

constexpr std::string_view kDocument = "openapi.json";
constexpr std::string_view kRedoc = "redoc.standalone.js";

// What Redoc needs, and nothing more: its module from payd; its styles, which it writes into
// <style> elements at run time (styled-components), hence 'unsafe-inline' for styles only;
// the document from payd (connect-src); images and fonts it inlines as data: URLs; a blob:
// worker for search. No inline script, no eval, nothing from another origin: Redoc's
// "API docs by" badge asks https://cdn.redoc.ly for its logo, which this policy refuses (the
// badge then hides the image).
constexpr const char* kReferenceCsp =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Built on first use, not at start: gzipping the bundle (2.3 MB) would slow every start.
const std::map<std::string, html::Asset, std::less<>>& ReferenceAssets() {
  static const std::map<std::string, html::Asset, std::less<>> assets = [] {
    std::map<std::string, html::Asset, std::less<>> out;
    for (const html::EmbeddedFile& file : html::ReferenceFiles()) {
      html::Asset asset;
      asset.path = file.path;
      asset.data = file.data;
      asset.content_type =
          file.path.ends_with(".json") ? "application/json" : "text/javascript; charset=utf-8";
      asset.hash = base::HexEncode(base::Sha256(asset.data)).substr(0, 16);
      asset.gzip = html::Gzip(asset.data);
      out.emplace(std::string(file.path), std::move(asset));
    }
    return out;
  }();
  return assets;
}

const html::Asset& Reference(std::string_view path) {
  return ReferenceAssets().find(path)->second;
}

http::Response ReferencePage(const http::Request& req, const html::Assets& assets) {
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::content_type, "text/html; charset=utf-8");
  res.set("Content-Security-Policy", kReferenceCsp);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  res.set(http::beast_http::field::cache_control, "no-cache");
  res.body() =
      "<!doctype html>\n"
      "<html lang=\"en\">\n"
      "<head>\n"
      "<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>payd API reference</title>\n"
      "<link rel=\"icon\" href=\"" +
      assets.Url("img/favicon.ico") +
      "\">\n"
      "<link rel=\"stylesheet\" href=\"" +
      assets.Url("css/reference.css") +
      "\">\n"
      "</head>\n"
      "<body>\n"
      "<redoc spec-url=\"/openapi.json\" disable-telemetry=\"true\"></redoc>\n"
      "<script type=\"module\" src=\"/docs/redoc.standalone.js?v=" +
      Reference(kRedoc).hash +
      "\"></script>\n"
      // Redoc draws its sidebar outside any landmark: reference.js names it.
      "<script type=\"module\" src=\"" +
      assets.Url("js/reference.js") +
      "\"></script>\n"
      "</body>\n"
      "</html>\n";
  res.prepare_payload();
  return res;
}

}  // namespace

void AddReferenceRoutes(http::Router& router, PagesContext& pages) {
  router.Add(http::Verb::get, "/openapi.json", [&pages](const http::Request& req, auto&) {
    http::Response res = pages.assets.Serve(req, Reference(kDocument));
    // A public description: API tools on any origin may read it.
    res.set(http::beast_http::field::access_control_allow_origin, "*");
    return res;
  });
  router.Add(http::Verb::get, "/docs", [&pages](const http::Request& req, auto&) {
    return ReferencePage(req, pages.assets);
  });
  router.Add(http::Verb::get, "/docs/redoc.standalone.js",
             [&pages](const http::Request& req, auto&) {
               return pages.assets.Serve(req, Reference(kRedoc));
             });
}

}  // namespace payd::pages
