#include "http/server.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/experimental/parallel_group.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <cstring>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "base/crypto.h"
#include "base/log.h"
#include "base/utf8.h"
#include "http/client_address.h"
#include "http/json_response.h"
#include "http/server_connection.h"
#include "http/stream_bell.h"
#include "metrics/metrics.h"

namespace payd::http {

using namespace server_detail;

Server::Server(ServerOptions options, Handler handler)
    : options_(std::move(options)),
      handler_(std::move(handler)),
      accept_strand_(asio::make_strand(ioc_)),
      acceptor_(accept_strand_),
      grace_timer_(accept_strand_),
      quota_(options_.max_connections, options_.max_connections_per_client > 0
                                           ? options_.max_connections_per_client
                                           : DefaultConnectionsPerClient(options_.max_connections)),
      offload_(options_.offload_threads, options_.offload_queue, /*lower_priority=*/true),
      waiting_(options_.waiting_threads, options_.waiting_queue, /*lower_priority=*/false) {}

Server::~Server() = default;

unsigned short Server::Listen() {
  tcp::endpoint endpoint(asio::ip::make_address(options_.host), options_.port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  asio::co_spawn(accept_strand_, AcceptLoop(), asio::detached);
  return acceptor_.local_endpoint().port();
}

void Server::Run() {
  std::vector<std::thread> workers;
  for (int i = 1; i < options_.threads; ++i) workers.emplace_back([this] { ioc_.run(); });
  ioc_.run();
  for (auto& t : workers) t.join();
}

void Server::Shutdown() {
  // On the accept loop's strand: the acceptor is closed between two of its accepts, never during
  // one.
  asio::post(accept_strand_, [this] {
    if (draining_.exchange(true)) return;
    beast::error_code ec;
    acceptor_.close(ec);
    std::lock_guard lock(conns_mu_);
    base::LogInfo("shutting down", {{"openConnections", conns_.size()}});
    if (conns_.empty()) {
      ioc_.stop();
      return;
    }
    for (const auto& conn : conns_) {
      asio::post(conn->stream.get_executor(), [conn] {
        // The connection may have closed its socket since: cancel() on a
        // closed socket fails (EBADF), which must not end payd mid-shutdown.
        beast::error_code ignored;
        if (conn->idle) conn->stream.socket().cancel(ignored);
      });
    }
    grace_timer_.expires_after(options_.shutdown_grace);
    grace_timer_.async_wait([this](beast::error_code wait_ec) {
      if (wait_ec) return;
      base::LogWarn("shutdown grace period over; closing remaining connections");
      ioc_.stop();
    });
  });
}

namespace {

// `answer()`, or a 500 (logged with the request id) when it throws. A template,
// not a std::function: it wraps every request's handler.
template <typename Answer>
Response Guarded(const RequestContext& ctx, Answer&& answer) {
  try {
    return answer();
  } catch (const std::exception& e) {
    base::LogError("unhandled error", {{"requestId", ctx.request_id}, {"error", e.what()}});
  } catch (...) {
    base::LogError("unhandled error", {{"requestId", ctx.request_id}});
  }
  return ErrorResponse(Status::internal_server_error, "internal_error",
                       "Internal server error. Quote the requestId when reporting it.",
                       ctx.request_id);
}

}  // namespace

Response Server::Handle(const Request& req, RequestContext& ctx) {
  return Guarded(ctx, [&] { return handler_(req, ctx); });
}

void Server::Decorate(Response& res, const RequestContext& ctx) {
  for (const auto& [name, value] : ctx.response_headers) res.set(name, value);
  res.set("X-Request-Id", ctx.request_id);
  res.set(beast_http::field::server, "payd");
  SetCommonHeaders(res);
}

void Server::LogRequest(const RequestContext& ctx, std::string_view method, std::string_view target,
                        unsigned status, std::chrono::steady_clock::time_point start,
                        std::optional<std::size_t> stream_bytes) {
  if (!options_.observed) return;
  auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  metrics::HttpRequest(MethodLabel(beast_http::string_to_verb(method)),
                       ctx.route.empty() ? "unmatched" : ctx.route, status,
                       static_cast<double>(micros) / 1e6, stream_bytes.has_value());
  boost::json::object fields{{"requestId", ctx.request_id},
                             {"method", method},
                             {"path", base::ValidUtf8(target.substr(0, target.find('?')))},
                             {"status", status},
                             {"durationMs", static_cast<double>(micros) / 1000.0},
                             {"remote", ctx.remote_ip}};
  if (ctx.peer_ip != ctx.remote_ip) fields["proxy"] = ctx.peer_ip;
  if (!ctx.key_id.empty()) fields["keyId"] = ctx.key_id;
  if (stream_bytes) fields["streamBytes"] = *stream_bytes;
  base::LogInfo("request", std::move(fields));
}

asio::awaitable<void> Server::Session(std::shared_ptr<Connection> conn) {
  beast::error_code ec;
  asio::ip::address peer = conn->stream.socket().remote_endpoint(ec).address();
  std::string peer_ip = peer.to_string();
  auto token = asio::redirect_error(asio::use_awaitable, ec);
  beast::flat_buffer buffer;
  bool linger = false;
  conn->from_proxy = !options_.trusted_proxies.empty() && options_.trusted_proxies.Contains(peer);

  for (;;) {
    if (buffer.size() == 0) {
      // Between requests. A shutdown closes the connection at once, which a
      // client that just sent a request on it sees as a reset; a browser
      // sends that request again, but a proxy may not (nginx never resends
      // a POST). So a proxy's connection stays open while draining until the
      // proxy closes it (its keep-alive time-out) or sends one more request,
      // answered with Connection: close; the grace period bounds the wait.
      conn->idle = !conn->from_proxy;
      if (draining_ && conn->idle) break;
      conn->stream.expires_after(options_.idle_timeout);
      std::size_t n = co_await conn->stream.async_read_some(buffer.prepare(4096), token);
      if (ec) break;
      buffer.commit(n);
    }
    conn->idle = false;
    auto start = std::chrono::steady_clock::now();
    beast_http::request_parser<beast_http::string_body> parser;
    parser.header_limit(kHeaderLimit);
    parser.body_limit(options_.body_limit);
    conn->stream.expires_after(options_.request_timeout);
    co_await beast_http::async_read_header(conn->stream, buffer, parser, token);
    if (!ec && beast::iequals(parser.get()[beast_http::field::expect], "100-continue")) {
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      co_await asio::async_write(conn->stream, asio::buffer(kContinue), token);
    }
    if (!ec && !parser.is_done())
      co_await beast_http::async_read(conn->stream, buffer, parser, token);
    if (ec && IsDisconnect(ec)) break;

    RequestContext ctx;
    ctx.request_id = NewRequestId();
    ctx.peer_ip = peer_ip;
    ctx.remote_ip = peer_ip;
    if (parser.is_header_done() && !options_.trusted_proxies.empty()) {
      ctx.remote_ip = ClientOf(options_.trusted_proxies, peer, parser.get()).client;
    }
    Response res;
    bool keep_alive = false;
    std::string method = parser.is_header_done() ? std::string(parser.get().method_string()) : "";
    InFlight in_flight(options_.observed);
    std::optional<RequestShare> proxied_client;  // held until this request is answered
    std::string target = parser.is_header_done() ? std::string(parser.get().target()) : "";
    if (ec == beast_http::error::body_limit) {
      res = ErrorResponse(Status::payload_too_large, "payload_too_large",
                          "Request body exceeds " + std::to_string(options_.body_limit) + " bytes",
                          ctx.request_id);
      linger = true;
    } else if (ec) {
      res = ErrorResponse(Status::bad_request, "invalid_request",
                          ec == beast_http::error::header_limit ? "Request headers are too large"
                                                                : "Malformed HTTP request",
                          ctx.request_id);
      linger = true;
    } else {
      const Request& req = parser.get();
      // A trusted proxy's client gets its share of requests in flight, as a
      // direct client gets its share of connections (RefuseBusy).
      if (conn->from_proxy) {
        if (auto share = TakeRequestShare(ClientKey(ctx.remote_ip)))
          proxied_client.emplace(std::move(*share));
      }
      if (conn->from_proxy && !proxied_client) {  // refused: the handler does not run
        res = ErrorResponse(Status::too_many_requests, "rate_limited",
                            "This client has " + std::to_string(quota_.per_client()) +
                                " requests in flight, its share of this server; retry shortly.",
                            ctx.request_id);
        res.set(beast_http::field::retry_after, "1");
      } else {
        res = Handle(req, ctx);
      }
      if (ctx.offload) {
        // The frame (req, ctx) outlives the wait: this coroutine is suspended on it.
        auto work = [&ctx, fn = std::move(ctx.offload)] { return Guarded(ctx, fn); };
        OffloadPool& pool =
            ctx.offload_kind == RequestContext::Offload::kWait ? waiting_ : offload_;
        if (auto done = co_await pool.Run(std::move(work))) res = std::move(*done);
      }
      keep_alive = req.keep_alive() && !draining_;
    }
    Decorate(res, ctx);
    // An answer to HEAD never has a body, also when the headers failed (too
    // large, malformed): the method is parsed with the request line, and when
    // even that did not fit, the unparsed request is still in the buffer
    // (once a header is read, the buffer holds the next request instead).
    bool is_head =
        parser.get().method() == Verb::head || (!parser.is_header_done() && StartsWithHead(buffer));
    bool stream = ctx.stream && res.result() == Status::ok;
    if (stream && !is_head) {
      std::size_t bytes = co_await Stream(conn, res, ctx);
      LogRequest(ctx, method, target, 200, start, bytes);
      break;  // a stream's end closes its connection
    }
    LogRequest(ctx, method, target, res.result_int(), start);
    res.keep_alive(keep_alive);
    if (stream) {
      res.chunked(true);  // HEAD of a stream: the headers a GET would have
    } else {
      res.prepare_payload();
    }
    conn->stream.expires_after(options_.request_timeout);
    if (is_head) {
      // The header alone: an empty chunked body would still send its last chunk.
      beast_http::response<beast_http::empty_body> head{std::move(res.base())};
      beast_http::response_serializer<beast_http::empty_body> serializer{head};
      co_await beast_http::async_write_header(conn->stream, serializer, token);
    } else {
      co_await beast_http::async_write(conn->stream, res, token);
    }
    if (ec || !keep_alive) break;
  }

  conn->stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  if (linger) {
    conn->stream.expires_after(kLingerTime);
    std::size_t drained = 0;
    char sink[4096];
    while (drained < kLingerBytes) {
      std::size_t n = co_await conn->stream.async_read_some(asio::buffer(sink), token);
      if (ec) break;
      drained += n;
    }
  }
  conn->stream.socket().close(ec);
  Unregister(conn);
}

}  // namespace payd::http
