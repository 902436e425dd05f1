// The HTTP/1.1 server: Boost.Beast on Asio with one C++20 coroutine per
// connection, each on its own strand, and N worker threads sharing one
// io_context. Handlers run synchronously inside the connection's coroutine.
//
// It owns the transport concerns: keep-alive, the body limit (413), time-outs
// for idle and slow clients, `Expect: 100-continue`, X-Request-Id, one JSON
// access-log line per request, a cap on open connections (each one holds a
// file descriptor the database, the chain client and webhooks also need: a
// connection over the cap gets a 503 at once and is closed), the client's
// address (the peer's, or, from a trusted proxy, the one it names), and a graceful
// shutdown in which requests in flight finish while idle connections are
// closed, except a trusted proxy's: those are left for the proxy to close
// or to send one last request on, so that it never sends a request on a
// connection being closed (within the grace period).
//
// A handler may answer with a stream (RequestContext::stream, server-sent
// events): the connection's coroutine then alternates between asking the
// producer for a chunk and waiting, on an asio timer, for the pace the
// producer chose, while watching the socket for the client going away. A
// stream counts in the connection cap, has no request time-out (a write that
// stalls still does), ends at once at shutdown with the last chunk, closes its
// connection when it ends and is logged then, with its bytes.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>

#include "base/ip_ranges.h"
#include "http/connection_quota.h"
#include "http/message.h"
#include "http/offload_pool.h"

namespace payd::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0 picks a free port
  int threads = 1;
  std::chrono::seconds idle_timeout{30};
  std::chrono::seconds request_timeout{15};
  std::chrono::seconds shutdown_grace{10};
  std::size_t body_limit = 64 * 1024;
  std::size_t max_connections = 1024;  // served at once; see DefaultMaxConnections
  // Of those, at most this many per client address; 0: DefaultConnectionsPerClient
  // (connection_quota.h). A trusted proxy's connections count only in the total.
  std::size_t max_connections_per_client = 0;
  // Heavy work handlers offload (RequestContext::offload): how many run at
  // once (half the cores, at least one: the other half serve connections),
  // and how many more may wait before the handler's busy answer.
  int offload_threads = DefaultOffloadThreads();
  int offload_queue = 32;
  // The same for work that mostly waits (RequestContext::Offload::kWait).
  int waiting_threads = 4;
  int waiting_queue = 64;
  // Peers whose Forwarded / X-Forwarded-For name the client (client_address.h).
  base::IpRanges trusted_proxies;
  // Requests and connections go into the access log and the metrics
  // (metrics/metrics.h); false for the metrics listener, whose scrapes are neither.
  bool observed = true;
};

// What a process allowed `open_files_limit` descriptors can serve at once:
// the limit less a reserve (a quarter, at least 128) for the database, the
// chain client, webhooks and the rest; at least 16.
std::size_t DefaultMaxConnections(std::size_t open_files_limit);

class Server {
 public:
  Server(ServerOptions options, Handler handler);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens; returns the bound port. Throws on failure.
  unsigned short Listen();
  // Runs the worker threads until the server has shut down.
  void Run();
  // Starts a graceful shutdown; callable from any thread, more than once.
  void Shutdown();

  boost::asio::io_context& io() { return ioc_; }

 private:
  struct Connection;

  boost::asio::awaitable<void> AcceptLoop();
  boost::asio::awaitable<void> Session(std::shared_ptr<Connection> conn);
  // Answers 503 (the server is full) or 429 (this client holds its share)
  // and closes, without waiting on the client (the accept loop runs it).
  void RefuseBusy(boost::asio::ip::tcp::socket& socket, ConnectionQuota::Verdict why);
  Response Handle(const Request& req, RequestContext& ctx);
  // Sends a stream's headers and chunks; returns the bytes of the chunks sent.
  boost::asio::awaitable<std::size_t> Stream(std::shared_ptr<Connection> conn, Response& res,
                                             const RequestContext& ctx);
  // The producer's next step; a producer that throws ends its stream.
  static StreamStep NextStep(const RequestContext& ctx);
  void Decorate(Response& res, const RequestContext& ctx);
  // The access-log line and the request's metrics.
  void LogRequest(const RequestContext& ctx, std::string_view method, std::string_view target,
                  unsigned status, std::chrono::steady_clock::time_point start,
                  std::optional<std::size_t> stream_bytes = std::nullopt);
  // A trusted proxy's client's request in flight (ConnectionQuota::AdmitRequest),
  // given back when it is destroyed.
  class RequestShare {
   public:
    RequestShare(Server& server, std::string client)
        : server_(&server), client_(std::move(client)) {}
    RequestShare(RequestShare&& other) noexcept
        : server_(std::exchange(other.server_, nullptr)), client_(std::move(other.client_)) {}
    RequestShare& operator=(RequestShare&&) = delete;
    ~RequestShare();

   private:
    Server* server_;
    std::string client_;
  };
  // None when `client` has its share of requests in flight already.
  std::optional<RequestShare> TakeRequestShare(std::string client);

  // Registers the connection unless the total or its client's share is full.
  ConnectionQuota::Verdict Register(const std::shared_ptr<Connection>& conn);
  void Unregister(const std::shared_ptr<Connection>& conn);

  ServerOptions options_;
  Handler handler_;
  boost::asio::io_context ioc_;
  // The accept loop and the shutdown run on this strand, one at a time: an
  // acceptor closed by one thread while another starts its next accept crashed
  // payd at SIGTERM (the reactor's descriptor data freed under the accept).
  boost::asio::strand<boost::asio::io_context::executor_type> accept_strand_;
  boost::asio::ip::tcp::acceptor acceptor_;  // on accept_strand_
  boost::asio::steady_timer grace_timer_;    // on accept_strand_
  std::atomic<bool> draining_{false};
  std::mutex conns_mu_;
  std::unordered_set<std::shared_ptr<Connection>> conns_;
  ConnectionQuota quota_;  // under conns_mu_
  OffloadPool offload_;    // RequestContext::Offload::kCpu
  OffloadPool waiting_;    // RequestContext::Offload::kWait
  // Refusals since the last log line about them, and when that was (accept loop only).
  std::size_t refused_ = 0;
  std::chrono::steady_clock::time_point refusal_logged_{};
};

}  // namespace payd::http
