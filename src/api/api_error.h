// How handlers fail: throw ApiError (or let a domain::Error or
// domain::StoreUnavailable escape) and Endpoint() turns it into the JSON
// error of DECISIONS §3 with the right status.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "http/message.h"

namespace payd::api {

class ApiError : public std::runtime_error {
 public:
  ApiError(http::Status status, std::string code, std::string message, std::string param = {})
      : std::runtime_error(std::move(message)),
        status_(status),
        code_(std::move(code)),
        param_(std::move(param)) {}

  ApiError& WithHeader(std::string name, std::string value) {
    headers_.emplace_back(std::move(name), std::move(value));
    return *this;
  }

  http::Status status() const { return status_; }
  const std::string& code() const { return code_; }
  const std::string& param() const { return param_; }
  const std::vector<std::pair<std::string, std::string>>& headers() const { return headers_; }

 private:
  http::Status status_;
  std::string code_;
  std::string param_;
  std::vector<std::pair<std::string, std::string>> headers_;
};

// 404 not_found: "No such <what>: <id>" (also for another tenant's object, DECISIONS §1).
[[noreturn]] inline void ThrowNotFound(std::string_view what, const std::string& id) {
  throw ApiError(http::Status::not_found, "not_found", "No such " + std::string(what) + ": " + id);
}

[[noreturn]] inline void ThrowBadRequest(std::string param, std::string message) {
  throw ApiError(http::Status::bad_request, "invalid_request", std::move(message),
                 std::move(param));
}

// Wraps a handler so that every failure becomes a JSON error response.
http::Handler Endpoint(http::Handler handler);

// Endpoint(handler), run on the server's pool for work that waits (a webhook
// URL's DNS lookup), off the connection threads; when that pool is full, 429
// rate_limited with Retry-After: 1.
http::Handler WaitingEndpoint(http::Handler handler);

}  // namespace payd::api
