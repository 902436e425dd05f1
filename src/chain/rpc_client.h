// A JSON-RPC 2.0 client for Ethereum nodes over HTTP(S), on libcurl.
//
// Every call has a time-out. Several URLs give failover: a transport error,
// a time-out or an HTTP 5xx/429 moves on to the next URL, and after every URL
// had its turn, a couple more rounds with a short pause; an error answered by
// the node (a JSON-RPC error object) is not retried, since another node would
// answer alike. One RpcClient belongs to one thread (it owns a curl handle).
#pragma once

#include <boost/json/value.hpp>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace payd::chain {

class RpcError : public std::runtime_error {
 public:
  enum class Kind {
    kTransport,  // could not connect, reset, bad TLS, HTTP error status
    kTimeout,
    kMalformed,  // the answer was not JSON-RPC
    kRpc,        // the node answered with an error object
  };
  RpcError(Kind kind, std::string message, long code = 0)
      : std::runtime_error(std::move(message)), kind_(kind), code_(code) {}
  Kind kind() const { return kind_; }
  // The JSON-RPC error code (kRpc) or the HTTP status (kTransport), else 0.
  long code() const { return code_; }
  // Providers refuse wide eth_getLogs ranges in many words; this recognises them.
  bool IsRangeTooLarge() const;
  // The node does not offer the method (tracing APIs vary between clients).
  bool IsMethodMissing() const;

 private:
  Kind kind_;
  long code_;
};

struct RpcOptions {
  std::chrono::milliseconds timeout{10000};
  std::chrono::milliseconds connect_timeout{3000};
  std::size_t extra_attempts = 2;  // beyond one per URL, for transport errors and time-outs
};

class RpcClient {
 public:
  RpcClient(std::vector<std::string> urls, RpcOptions options = {});
  ~RpcClient();
  RpcClient(const RpcClient&) = delete;
  RpcClient& operator=(const RpcClient&) = delete;

  // The call's "result". Throws RpcError.
  boost::json::value Call(const std::string& method, boost::json::array params);
  // Several calls in one HTTP request; results in the order of `calls`.
  // Throws RpcError if any of them failed.
  std::vector<boost::json::value> Batch(
      const std::vector<std::pair<std::string, boost::json::array>>& calls);

  // The current URL's scheme, host and port only: providers put API keys in
  // paths and queries, and logs must not carry them.
  std::string current_endpoint() const;

 private:
  // POSTs `body` to the current URL, failing over; returns the parsed answer.
  boost::json::value Post(const std::string& body);
  boost::json::value PostOnce(const std::string& url, const std::string& body);

  std::vector<std::string> urls_;
  RpcOptions options_;
  std::size_t current_ = 0;
  void* curl_ = nullptr;  // CURL*, kept to reuse connections
  long next_id_ = 1;
};

}  // namespace payd::chain
