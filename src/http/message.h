// The request/response types every handler sees, and the per-request context
// the server fills in (request id, client address, path parameters) and that
// handlers add to (the key id for the access log, headers for the response,
// a producer when the answer is a stream).
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace payd::http {

class StreamBell;

namespace beast_http = boost::beast::http;

using Request = beast_http::request<beast_http::string_body>;
using Response = beast_http::response<beast_http::string_body>;
using Status = beast_http::status;
using Verb = beast_http::verb;

// One step of a streamed answer (server-sent events): the bytes to send now,
// and when to ask again or that the stream is over.
struct StreamStep {
  std::string data;  // sent as one chunk when not empty
  bool done = false;
  std::chrono::milliseconds next{1000};
  // Asked again sooner when this bell rings after `seen` (stream_bell.h).
  StreamBell* bell = nullptr;
  std::uint64_t seen = 0;
};
// Asked for the next step on the connection's strand, one call at a time; it
// runs on a worker thread like a handler, so it must not block for long. The
// server drops it (and whatever it holds) when the stream ends.
using StreamProducer = std::function<StreamStep()>;

struct RequestContext {
  std::string request_id;
  // The client: the socket's peer, or the client a trusted proxy named
  // (client_address.h). What per-client limits count.
  std::string remote_ip;
  // The socket's peer; differs from remote_ip only behind a trusted proxy.
  std::string peer_ip;
  std::vector<std::pair<std::string, std::string>> path_params;
  // The matched route's template ("/pay/:id"), set by the router; empty when
  // none matched. Metrics count requests by it, never by the path.
  std::string_view route;
  // Filled by authentication, logged by the server; never the key itself.
  std::string key_id;
  // Added to whatever response goes out, errors included (rate-limit headers, CORS).
  std::vector<std::pair<std::string, std::string>> response_headers;
  // Set by a handler that answers with a stream: the server sends the 200
  // response's headers (chunked; no body for HEAD), then what the producer
  // gives, until it is done, the client goes away or the server shuts down.
  // Ignored on any other status.
  StreamProducer stream;
  // Set by a handler whose answer needs heavy work (an Argon2id hash): the
  // server computes it on its offload pool (offload_pool.h), off the
  // connection threads, and sends it instead of what the handler returned,
  // which is the answer when the pool is full (a 429 saying to retry).
  std::function<Response()> offload;
  // kWait: work that mostly waits (a DNS lookup of a webhook URL), on a pool of
  // its own so that it never holds up the CPU's (password hashes).
  enum class Offload { kCpu, kWait } offload_kind = Offload::kCpu;

  std::string_view Param(std::string_view name) const {
    for (const auto& [k, v] : path_params) {
      if (k == name) return v;
    }
    return {};
  }
};

using Handler = std::function<Response(const Request&, RequestContext&)>;

}  // namespace payd::http
