// What can go wrong when payd asks an Ethereum node something, as one error
// type with a kind the callers act on: transport failures and time-outs are
// retried elsewhere, "not ready" means the node does not have the data yet
// (wait, never skip), an oversized reply means ask for less.
#pragma once

#include <stdexcept>
#include <string>

namespace payd::chain {

class RpcError : public std::runtime_error {
 public:
  enum class Kind {
    kTransport,   // could not connect, reset, bad TLS, HTTP error status
    kTimeout,     // no complete answer in time
    kMalformed,   // the answer was not JSON-RPC, or not the shape asked for
    kRpc,         // the node answered with an error object
    kNotReady,    // the node lacks a block or receipt it should have soon (behind, not indexed)
    kTooLarge,    // the reply exceeded the configured byte cap
    kWrongChain,  // no configured endpoint serves the configured chain id
  };
  RpcError(Kind kind, std::string message, long code = 0)
      : std::runtime_error(std::move(message)), kind_(kind), code_(code) {}
  Kind kind() const { return kind_; }
  // "transport", "timeout", "malformed", "rpc", "not_ready", "too_large", "wrong_chain".
  static const char* KindName(Kind kind);
  // The JSON-RPC error code (kRpc) or the HTTP status (kTransport), else 0.
  long code() const { return code_; }
  // Providers refuse wide eth_getLogs ranges in many words; this recognises them.
  bool IsRangeTooLarge() const;
  // The provider is shedding load (HTTP 429, or -32005 worded as a rate limit):
  // wait, and do not mistake it for a range that is too wide.
  bool IsRateLimited() const;
  // The node refused a batch of calls as such (too many, or none allowed):
  // ask again in smaller ones. Never a rate limit.
  bool IsBatchRefused() const;
  // The node does not offer the method (tracing APIs vary between clients).
  bool IsMethodMissing() const;
  // Worth asking again, maybe elsewhere: the transport or the provider's load failed.
  bool IsTransient() const { return kind_ == Kind::kTransport || kind_ == Kind::kTimeout; }

 private:
  Kind kind_;
  long code_;
};

}  // namespace payd::chain
