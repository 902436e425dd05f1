// The request/response types every handler sees, and the per-request context
// the server fills in (request id, client address, path parameters) and that
// handlers add to (the key id for the access log, headers for the response).
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace payd::http {

namespace beast_http = boost::beast::http;

using Request = beast_http::request<beast_http::string_body>;
using Response = beast_http::response<beast_http::string_body>;
using Status = beast_http::status;
using Verb = beast_http::verb;

struct RequestContext {
  std::string request_id;
  std::string remote_ip;
  std::vector<std::pair<std::string, std::string>> path_params;
  // Filled by authentication, logged by the server; never the key itself.
  std::string key_id;
  // Added to whatever response goes out, errors included (rate-limit headers, CORS).
  std::vector<std::pair<std::string, std::string>> response_headers;

  std::string_view Param(std::string_view name) const {
    for (const auto& [k, v] : path_params) {
      if (k == name) return v;
    }
    return {};
  }
};

using Handler = std::function<Response(const Request&, RequestContext&)>;

}  // namespace payd::http
