// The embedded files (embedded_files.h) as payd serves them: each with its
// content type, a content hash (for ETag and the `?v=` of cache-busting URLs)
// and, for text, a gzip copy made once at start-up; web/js modules with `?v=`
// added to their relative imports. Built once by the
// composition root; read-only afterwards, so shared freely between threads.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "http/message.h"

namespace payd::html {

struct Asset {
  std::string_view path;  // "web/css/checkout.css"
  std::string_view data;  // the embedded file, or `rewritten`
  std::string rewritten;  // a script whose imports got their ?v= (Assets::VersionImports)
  std::string gzip;       // empty when compressing does not pay (images, tiny files)
  std::string content_type;
  std::string hash;  // 16 hex digits of the SHA-256 of `data`
};

class Assets {
 public:
  Assets();

  // By source path ("web/templates/layout.mustache"); nullptr if there is none.
  const Asset* Find(std::string_view path) const;
  // Every file whose path starts with `prefix`, in path order.
  std::vector<const Asset*> Under(std::string_view prefix) const;
  // The text of a file every build has (templates, catalogs); throws if missing.
  std::string_view Text(std::string_view path) const;
  // "/assets/css/checkout.css?v=<hash>" for "css/checkout.css" (under web/).
  std::string Url(std::string_view web_path) const;

  // Puts `text` where `marker` stands in the file at `path` (its hash and gzip
  // follow). For start-up only, before anything is served; throws when the
  // file or the marker is missing, or the file was already versioned into
  // another (its old hash would stay in that file's imports).
  void Fill(std::string_view path, std::string_view marker, std::string_view text);

  // Answers a GET/HEAD for `asset`: 304 on a matching If-None-Match, gzip when
  // accepted, cached for a year when the URL's `v` is the asset's hash (as Url
  // writes it), otherwise revalidated each time (no-cache + ETag).
  http::Response Serve(const http::Request& req, const Asset& asset) const;

 private:
  void VersionImports(Asset& asset, std::set<std::string, std::less<>>& visiting);
  static void Seal(Asset& asset);  // hash and gzip, once the content is final

  // A map's nodes stay put, so an Asset's `data` may point into its own `rewritten`.
  std::map<std::string, Asset, std::less<>> assets_;
};

}  // namespace payd::html
