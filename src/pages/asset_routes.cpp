// The embedded files over HTTP: /assets/<dir>/<file> for the pages' own
// styles and scripts (web/css, web/js, web/img), /widget.js and /sdk/… for
// what merchants paste into their sites (DECISIONS §11). Those two are
// fetched by the shops' pages, from their own origins: a module script (the
// SDK: `import … from '{base}/sdk/payd.js'`) is always fetched with CORS, so
// they are served to any origin. They are public, static and the same for
// everyone, and no credentials go with them (never Allow-Credentials).
#include <boost/url/parse.hpp>

#include "http/json_response.h"
#include "pages/routes.h"

namespace payd::pages {

namespace {

// Only these folders of web/ are public; templates and catalogs are not files to fetch.
bool PublicDir(std::string_view dir) {
  return dir == "css" || dir == "js" || dir == "img";
}

http::Response ServeFile(const http::Request& req, const http::RequestContext& rctx,
                         const PagesContext& pages, std::string_view path) {
  const html::Asset* asset = pages.assets.Find(path);
  if (!asset) {
    return http::ErrorResponse(http::Status::not_found, "not_found", "No such file.",
                               rctx.request_id);
  }
  return pages.assets.Serve(req, *asset);
}

// A file for other sites' pages to load: readable from any origin.
http::Response ServeToAnyOrigin(const http::Request& req, const http::RequestContext& rctx,
                                const PagesContext& pages, std::string_view path) {
  http::Response res = ServeFile(req, rctx, pages, path);
  res.set(http::beast_http::field::access_control_allow_origin, "*");
  return res;
}

}  // namespace

void AddAssetRoutes(http::Router& router, PagesContext& pages) {
  router.Add(http::Verb::get, "/assets/:dir/:file",
             [&pages](const http::Request& req, http::RequestContext& rctx) {
               std::string dir(rctx.Param("dir"));
               if (!PublicDir(dir)) return ServeFile(req, rctx, pages, "");
               return ServeFile(req, rctx, pages,
                                "web/" + dir + "/" + std::string(rctx.Param("file")));
             });
  // Browsers and tools ask for /favicon.ico whatever a page names.
  router.Add(http::Verb::get, "/favicon.ico",
             [&pages](const http::Request& req, http::RequestContext& rctx) {
               return ServeFile(req, rctx, pages, "web/img/favicon.ico");
             });
  router.Add(http::Verb::get, "/widget.js",
             [&pages](const http::Request& req, http::RequestContext& rctx) {
               return ServeToAnyOrigin(req, rctx, pages, "web/js/widget.js");
             });
  router.Add(http::Verb::get, "/sdk/:file",
             [&pages](const http::Request& req, http::RequestContext& rctx) {
               std::string_view file = rctx.Param("file");
               // payd.d.ts imports api-types.d.ts (generated from docs/openapi.yaml).
               if (file != "payd.js" && file != "payd.d.ts" && file != "api-types.d.ts")
                 return ServeFile(req, rctx, pages, "");
               return ServeToAnyOrigin(req, rctx, pages, "sdk/js/" + std::string(file));
             });
}

}  // namespace payd::pages
