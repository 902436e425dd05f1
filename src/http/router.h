// Maps (method, path pattern) to handlers. Patterns are literal segments and
// ":name" parameters ("/api/v1/payment-links/:id"). A path that matches no
// pattern is 404 not_found; one that matches with another method is 405
// method_not_allowed with an Allow header. HEAD is served by GET handlers.
// A path that matches no pattern but starts with a section that has its own
// answer for the unknown (the hosted pages' 404 page under /pay) goes to that
// section's handler instead, whatever the method.
#pragma once

#include <string>
#include <vector>

#include "http/message.h"

namespace payd::http {

class Router {
 public:
  void Add(Verb method, std::string pattern, Handler handler);
  // Paths under `prefix` (its segments first: "/pay" takes /pay, /pay/ and
  // /pay/a/b) that no pattern matches, with any method.
  void AddUnmatched(std::string prefix, Handler handler);
  // Routes the request; the matched route's parameters go into ctx.path_params
  // and its pattern into ctx.route (also on a 405: the path has a route; not
  // for an unmatched section's answer). Routes are added before the first
  // request and never after.
  Response Dispatch(const Request& req, RequestContext& ctx) const;
  // The 404 not_found a path that matches no route gets.
  static Response NoRoute(const Request& req, const RequestContext& ctx);

 private:
  struct Route {
    Verb method;
    std::string pattern;
    std::vector<std::string> segments;
    Handler handler;
  };
  static bool Match(const Route& route, const std::vector<std::string_view>& path,
                    RequestContext* ctx);

  std::vector<Route> routes_;
  std::vector<Route> unmatched_;  // `segments` is the prefix; `method` unused
};

}  // namespace payd::http
