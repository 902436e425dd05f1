// A JSON-RPC 2.0 client for Ethereum nodes over HTTP(S), on libcurl.
//
// Every call has a time-out and every reply a byte cap (counted after
// decompression, so a compressed bomb stops at the cap too). Several URLs give
// failover: a transport error, a time-out or an HTTP 5xx/429 moves on to the
// next URL, and after every URL had its turn, a couple more rounds with a
// short pause; an error answered by the node (a JSON-RPC error object) is not
// retried, since another node would answer alike.
//
// Before an endpoint is used, and again after it failed, eth_chainId must
// name the configured chain: a testnet URL under a mainnet chain id would
// otherwise count free test coins as payments. An endpoint of another chain is
// skipped (and logged) until it is checked again a few minutes later.
//
// One RpcClient belongs to one thread (it owns a curl handle).
#pragma once

#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chain/rpc_error.h"

namespace payd::chain {

struct RpcOptions {
  std::chrono::milliseconds timeout{10000};
  std::chrono::milliseconds connect_timeout{3000};
  std::size_t extra_attempts = 2;  // beyond one per URL, for transport errors and time-outs
  std::size_t max_reply_bytes = 64u << 20;
  std::optional<std::int64_t> chain_id;  // checked with eth_chainId when set
  // The provider's limits: calls in one JSON-RPC batch, and requests in flight at once.
  std::size_t max_batch = 100;
  std::size_t max_parallel = 4;
  // The first URL's index in the chain's rpc_urls, for metrics (a client of
  // one provider among several, chain/provider_quorum.h).
  std::size_t first_endpoint_index = 0;
};

using RpcCall = std::pair<std::string, boost::json::array>;

// A node URL's scheme, host and port only: providers put API keys in paths
// and queries, and logs must not carry them.
std::string RedactedUrl(const std::string& url);

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
  std::vector<boost::json::value> Batch(const std::vector<RpcCall>& calls);
  // Many calls in batches of at most `per_request` (and max_batch) calls,
  // up to max_parallel requests in flight; results in the order of `calls`.
  // A node that refuses batches (or ones this big) is asked in smaller ones
  // from then on, down to one call per request. Throws RpcError if any failed.
  std::vector<boost::json::value> CallMany(const std::vector<RpcCall>& calls,
                                           std::size_t per_request = SIZE_MAX);

  std::size_t max_parallel() const { return options_.max_parallel; }

  // The current URL's scheme, host and port only: providers put API keys in
  // paths and queries, and logs must not carry them.
  std::string current_endpoint() const;
  // The index in the URLs of the one asked now; UseEndpoint moves to another
  // (the reader of several providers moves off one outvoted by the others).
  std::size_t current_index() const { return current_; }
  void UseEndpoint(std::size_t index);
  // Failover passes over endpoint `index` until `until` while another is
  // left (one of several providers found wrong, chain/watcher_verify.cpp).
  void SetAside(std::size_t index, std::chrono::steady_clock::time_point until);
  bool IsAside(std::size_t index) const;

 private:
  struct Endpoint {
    std::string url;
    bool verified = false;                              // eth_chainId matched
    std::chrono::steady_clock::time_point skip_until;   // serves another chain
    std::chrono::steady_clock::time_point aside_until;  // SetAside
  };

  // POSTs `body` to the current URL, failing over; returns the parsed answer.
  boost::json::value Post(const std::string& body);
  boost::json::value PostOnce(const std::string& url, const std::string& body);
  // Posts every body to the current endpoint, max_parallel at once; a body
  // whose attempt failed in a way worth retrying goes again through Post.
  std::vector<boost::json::value> PostAll(const std::vector<std::string>& bodies);
  // Throws unless `endpoint` serves the configured chain (checked once, and again after failures).
  void Verify(Endpoint& endpoint);
  // Counts a failed attempt at the current endpoint (metrics: its index, never its URL).
  void NoteError(const RpcError& e) const;
  // Lowers the calls per request after the node refused a batch of `size`.
  void RefuseBatches(std::size_t size, const RpcError& e);
  // The next endpoint not known to serve another chain; kWrongChain if none.
  void Advance(bool skip_current);

  std::vector<Endpoint> endpoints_;
  RpcOptions options_;
  std::size_t current_ = 0;
  void* curl_ = nullptr;                // CURL*, kept to reuse connections
  void* multi_ = nullptr;               // CURLM*, for requests in parallel
  std::vector<void*> parallel_;         // CURL*, one per request in flight
  std::size_t batch_limit_ = SIZE_MAX;  // lowered when the node refuses a batch
  long next_id_ = 1;
};

}  // namespace payd::chain
