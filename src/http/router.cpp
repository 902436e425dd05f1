#include "http/router.h"

#include <algorithm>

#include "http/json_response.h"

namespace payd::http {

namespace {

std::vector<std::string_view> SplitPath(std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  std::vector<std::string_view> segments;
  std::size_t start = 1;
  while (start <= target.size()) {
    std::size_t end = target.find('/', start);
    if (end == std::string_view::npos) end = target.size();
    segments.push_back(target.substr(start, end - start));
    start = end + 1;
  }
  return segments;
}

}  // namespace

void Router::Add(Verb method, std::string pattern, Handler handler) {
  std::vector<std::string> segments;
  for (auto s : SplitPath(pattern)) segments.emplace_back(s);
  routes_.push_back({method, std::move(pattern), std::move(segments), std::move(handler)});
}

void Router::AddUnmatched(std::string prefix, Handler handler) {
  std::vector<std::string> segments;
  for (auto s : SplitPath(prefix)) segments.emplace_back(s);
  unmatched_.push_back({Verb::unknown, std::move(prefix), std::move(segments), std::move(handler)});
}

Response Router::NoRoute(const Request& req, const RequestContext& ctx) {
  auto target = req.target();
  return ErrorResponse(Status::not_found, "not_found",
                       "No route for " + std::string(target.substr(0, target.find('?'))),
                       ctx.request_id);
}

bool Router::Match(const Route& route, const std::vector<std::string_view>& path,
                   RequestContext* ctx) {
  if (route.segments.size() != path.size()) return false;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const std::string& want = route.segments[i];
    if (want.starts_with(':')) {
      if (path[i].empty()) return false;
    } else if (want != path[i]) {
      return false;
    }
  }
  if (ctx) {
    for (std::size_t i = 0; i < path.size(); ++i) {
      if (route.segments[i].starts_with(':')) {
        ctx->path_params.emplace_back(route.segments[i].substr(1), path[i]);
      }
    }
  }
  return true;
}

Response Router::Dispatch(const Request& req, RequestContext& ctx) const {
  auto target = req.target();
  if (target.empty() || target.front() != '/') {
    return ErrorResponse(Status::bad_request, "invalid_request", "Request target must be a path",
                         ctx.request_id);
  }
  auto path = SplitPath(target);
  Verb method = req.method() == Verb::head ? Verb::get : req.method();
  std::vector<Verb> allowed;
  for (const auto& route : routes_) {
    if (!Match(route, path, nullptr)) continue;
    ctx.route = route.pattern;
    if (route.method == method) {
      Match(route, path, &ctx);
      return route.handler(req, ctx);
    }
    allowed.push_back(route.method);
  }
  if (allowed.empty()) {
    for (const auto& section : unmatched_) {
      if (path.size() >= section.segments.size() &&
          std::equal(section.segments.begin(), section.segments.end(), path.begin()))
        return section.handler(req, ctx);
    }
    return NoRoute(req, ctx);
  }
  if (std::find(allowed.begin(), allowed.end(), Verb::get) != allowed.end()) {
    allowed.push_back(Verb::head);
  }
  std::string allow;
  for (Verb v : allowed)
    allow += (allow.empty() ? "" : ", ") + std::string(beast_http::to_string(v));
  auto res = ErrorResponse(
      Status::method_not_allowed, "method_not_allowed",
      std::string(req.method_string()) + " is not allowed here; allowed: " + allow, ctx.request_id);
  res.set(beast_http::field::allow, allow);
  return res;
}

}  // namespace payd::http
