// Maps (method, path pattern) to handlers. Patterns are literal segments and
// ":name" parameters ("/api/v1/payment-links/:id"). A path that matches no
// pattern is 404 not_found; one that matches with another method is 405
// method_not_allowed with an Allow header. HEAD is served by GET handlers.
#pragma once

#include <string>
#include <vector>

#include "http/message.h"

namespace payd::http {

class Router {
 public:
  void Add(Verb method, std::string pattern, Handler handler);
  // Routes the request; the matched route's parameters go into ctx.path_params.
  Response Dispatch(const Request& req, RequestContext& ctx) const;

 private:
  struct Route {
    Verb method;
    std::vector<std::string> segments;
    Handler handler;
  };
  static bool Match(const Route& route, const std::vector<std::string_view>& path,
                    RequestContext* ctx);

  std::vector<Route> routes_;
};

}  // namespace payd::http
