#include "chain/rpc_error.h"

#include <initializer_list>

#include "base/strings.h"

namespace payd::chain {

const char* RpcError::KindName(Kind kind) {
  switch (kind) {
    case Kind::kTransport:
      return "transport";
    case Kind::kTimeout:
      return "timeout";
    case Kind::kMalformed:
      return "malformed";
    case Kind::kRpc:
      return "rpc";
    case Kind::kNotReady:
      return "not_ready";
    case Kind::kTooLarge:
      return "too_large";
    case Kind::kWrongChain:
      return "wrong_chain";
  }
  return "other";
}

namespace {

bool MentionsAny(const std::string& lower_text, std::initializer_list<const char*> phrases) {
  for (const char* phrase : phrases) {
    if (lower_text.find(phrase) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

bool RpcError::IsRateLimited() const {
  if (kind_ == Kind::kTransport) return code_ == 429;
  if (kind_ != Kind::kRpc) return false;
  return MentionsAny(base::AsciiLower(what()), {"rate limit", "rate-limit", "too many requests",
                                                "requests per", "capacity", "throughput"});
}

bool RpcError::IsRangeTooLarge() const {
  if (kind_ == Kind::kTooLarge) return true;
  if (kind_ != Kind::kRpc || IsRateLimited()) return false;
  if (code_ == -32005) return true;  // EIP-1474 "limit exceeded"
  return MentionsAny(base::AsciiLower(what()),
                     {"range", "too many", "limit", "exceed", "too large", "10000 results"});
}

bool RpcError::IsBatchRefused() const {
  if (kind_ == Kind::kTransport) return code_ == 413;  // Payload Too Large
  if (kind_ != Kind::kRpc || IsRateLimited()) return false;
  return base::AsciiLower(what()).find("batch") != std::string::npos;
}

bool RpcError::IsMethodMissing() const {
  if (kind_ != Kind::kRpc) return false;
  if (code_ == -32601) return true;  // EIP-1474 "method not found"
  std::string text = base::AsciiLower(what());
  // "the method debug_x does not exist/is not available", but not "block not found".
  return text.find("method") != std::string::npos &&
         MentionsAny(text, {"not found", "not supported", "does not exist", "unsupported",
                            "not available", "not enabled"});
}

}  // namespace payd::chain
