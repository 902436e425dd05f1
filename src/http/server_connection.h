// What the parts of the HTTP server share (server.cpp: the connection's
// coroutine; server_admission.cpp: accepting, the caps and the shares;
// server_stream.cpp: streamed answers): the connection's state and the small
// rules every part applies. Private to src/http/.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <chrono>
#include <string>
#include <string_view>

#include "base/crypto.h"
#include "http/server.h"
#include "metrics/metrics.h"

namespace payd::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

namespace server_detail {

constexpr std::size_t kHeaderLimit = 16 * 1024;
// After refusing a request whose body we did not read, keep reading (and
// discarding) for a moment so the client sees our response, not a reset.
constexpr std::size_t kLingerBytes = 1024 * 1024;
constexpr auto kLingerTime = std::chrono::seconds(2);

inline std::string NewRequestId() {
  return "req_" + base::Base32Encode(base::RandomBytes(10));
}

// How often at most the server says that it is refusing connections.
constexpr auto kRefusalLogInterval = std::chrono::seconds(10);

inline bool IsDisconnect(const beast::error_code& ec) {
  return ec == beast::error::timeout || ec == beast_http::error::end_of_stream ||
         ec == asio::error::eof || ec == asio::error::operation_aborted ||
         ec == asio::error::connection_reset || ec == asio::error::broken_pipe ||
         ec == beast_http::error::partial_message;
}

// What every response says, whatever produced it (handlers, errors, streams,
// refusals): a browser must take the Content-Type as sent, never guess one
// from the body (an error quoting what the client sent is no HTML or script).
inline void SetCommonHeaders(Response& res) {
  res.set("X-Content-Type-Options", "nosniff");
}

// The method as a metric label: one of HTTP's names, never what a client made up.
inline std::string_view MethodLabel(Verb verb) {
  return verb == Verb::unknown ? "other" : beast_http::to_string(verb);
}

// Counts a request as in flight for as long as it lives (across co_await).
struct InFlight {
  explicit InFlight(bool on) : on(on) {
    if (on) metrics::HttpInFlight(1);
  }
  ~InFlight() {
    if (on) metrics::HttpInFlight(-1);
  }
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;
  bool on;
};

inline bool StartsWithHead(const beast::flat_buffer& buffer) {
  std::string_view data(static_cast<const char*>(buffer.data().data()), buffer.size());
  return data.starts_with("HEAD ");
}

}  // namespace server_detail

struct Server::Connection {
  explicit Connection(tcp::socket socket) : stream(std::move(socket)) {}
  beast::tcp_stream stream;
  // True while waiting for the first byte of a request, or on a stream for
  // its next step: a shutdown cancels such a wait. Only touched on the
  // connection's strand, where shutdown also reads it.
  bool idle = true;
  // The peer is a trusted proxy. Between requests, its connection is not
  // idle in the sense above: a shutdown leaves it open (see Session).
  bool from_proxy = false;
  // Whose share of the connections it takes (ConnectionQuota); empty for a proxy's.
  std::string quota_client;
};

}  // namespace payd::http
