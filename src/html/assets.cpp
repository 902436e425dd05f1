#include "html/assets.h"

#include <boost/url/parse.hpp>
#include <stdexcept>

#include "base/crypto.h"
#include "html/embedded_files.h"
#include "html/gzip.h"

namespace payd::html {

namespace {

// The `v` of an asset's URL (Assets::Url): the hash the page that links it was made with.
std::string VersionAsked(const http::Request& req) {
  auto url = boost::urls::parse_origin_form(req.target());
  if (!url) return {};
  auto params = url->params();
  auto it = params.find("v");
  return it == params.end() ? std::string{} : std::string((*it).value);
}

constexpr std::size_t kHashDigits = 16;
constexpr std::size_t kMinCompressed = 256;  // smaller files gain nothing from gzip
constexpr const char* kImmutable = "public, max-age=31536000, immutable";
constexpr std::string_view kScriptDir = "web/js/";

std::string ContentType(std::string_view path) {
  auto ends = [&](std::string_view suffix) { return path.ends_with(suffix); };
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".d.ts")) return "text/plain; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  return "text/plain; charset=utf-8";
}

bool Compressible(const std::string& content_type) {
  return content_type.starts_with("text/") || content_type == "application/json" ||
         content_type == "image/svg+xml";
}

// If-None-Match: "*" or a list of (possibly weak) entity tags.
bool EtagMatches(const http::Request& req, std::string_view etag) {
  auto header = req.find(http::beast_http::field::if_none_match);
  if (header == req.end()) return false;
  std::string_view list = header->value();
  if (list == "*") return true;
  // The quoted tag anywhere in the list, W/ or not (the weak comparison of RFC 9110 13.1.2).
  return list.find(etag) != std::string_view::npos;
}

}  // namespace

Assets::Assets() {
  for (const EmbeddedFile& file : EmbeddedFiles()) {
    Asset asset;
    asset.path = file.path;
    asset.data = file.data;
    asset.content_type = ContentType(file.path);
    assets_.emplace(std::string(file.path), std::move(asset));
  }
  std::set<std::string, std::less<>> visiting;
  for (auto& [path, asset] : assets_) {
    if (path.starts_with(kScriptDir) && path.ends_with(".js")) VersionImports(asset, visiting);
  }
  for (auto& [path, asset] : assets_) Seal(asset);
}

void Assets::Seal(Asset& asset) {
  if (!asset.hash.empty()) return;
  asset.hash = base::HexEncode(base::Sha256(asset.data)).substr(0, kHashDigits);
  if (Compressible(asset.content_type) && asset.data.size() >= kMinCompressed) {
    std::string compressed = Gzip(asset.data);
    if (compressed.size() < asset.data.size()) asset.gzip = std::move(compressed);
  }
}

// A page names its entry script with ?v=<hash>; the modules it imports are
// fetched by the URLs in its import statements. Those get their ?v= here, so
// every module is cached for a year and a new build changes every URL on
// the way from the page to the changed file (a module's hash covers the
// versions it imports).
void Assets::VersionImports(Asset& asset, std::set<std::string, std::less<>>& visiting) {
  if (!asset.hash.empty() || !visiting.insert(std::string(asset.path)).second) return;
  constexpr std::string_view kFrom = "from './";
  std::string text(asset.data);
  for (auto at = text.find(kFrom); at != std::string::npos; at = text.find(kFrom, at + 1)) {
    std::size_t name_at = at + kFrom.size();
    std::size_t end = text.find('\'', name_at);
    if (end == std::string::npos) break;
    auto it = assets_.find(std::string(kScriptDir) + text.substr(name_at, end - name_at));
    if (it == assets_.end() || text.substr(name_at, end - name_at).find('?') != std::string::npos)
      continue;
    VersionImports(it->second, visiting);
    Seal(it->second);
    text.insert(end, "?v=" + it->second.hash);
  }
  if (text != asset.data) {
    asset.rewritten = std::move(text);
    asset.data = asset.rewritten;
  }
}

void Assets::Fill(std::string_view path, std::string_view marker, std::string_view text) {
  auto it = assets_.find(path);
  if (it == assets_.end()) throw std::logic_error("not embedded: " + std::string(path));
  Asset& asset = it->second;
  std::string data(asset.data);
  auto at = data.find(marker);
  if (at == std::string::npos) throw std::logic_error("no marker in " + std::string(path));
  data.replace(at, marker.size(), text);
  asset.rewritten = std::move(data);
  asset.data = asset.rewritten;
  asset.hash.clear();
  asset.gzip.clear();
  Seal(asset);
}

const Asset* Assets::Find(std::string_view path) const {
  auto it = assets_.find(path);
  return it == assets_.end() ? nullptr : &it->second;
}

std::vector<const Asset*> Assets::Under(std::string_view prefix) const {
  std::vector<const Asset*> out;
  for (auto it = assets_.lower_bound(prefix); it != assets_.end() && it->first.starts_with(prefix);
       ++it) {
    out.push_back(&it->second);
  }
  return out;
}

std::string_view Assets::Text(std::string_view path) const {
  const Asset* asset = Find(path);
  if (!asset) throw std::logic_error("not embedded in this build: " + std::string(path));
  return asset->data;
}

std::string Assets::Url(std::string_view web_path) const {
  const Asset* asset = Find("web/" + std::string(web_path));
  std::string url = "/assets/" + std::string(web_path);
  return asset ? url + "?v=" + asset->hash : url;
}

http::Response Assets::Serve(const http::Request& req, const Asset& asset) const {
  std::string version = VersionAsked(req);
  bool gzip = !asset.gzip.empty() && AcceptsGzip(req);
  // Each encoding is its own representation, with its own tag.
  std::string etag = "\"" + asset.hash + (gzip ? "-gz" : "") + "\"";
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::etag, etag);
  res.set(http::beast_http::field::cache_control, version == asset.hash ? kImmutable : "no-cache");
  res.set(http::beast_http::field::vary, "Accept-Encoding");
  if (EtagMatches(req, etag)) {
    res.result(http::Status::not_modified);
    return res;
  }
  res.set(http::beast_http::field::content_type, asset.content_type);
  if (gzip) res.set(http::beast_http::field::content_encoding, "gzip");
  res.body() = gzip ? asset.gzip : std::string(asset.data);
  res.prepare_payload();
  return res;
}

}  // namespace payd::html
