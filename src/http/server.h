// The HTTP/1.1 server: Boost.Beast on Asio with one C++20 coroutine per
// connection, each on its own strand, and N worker threads sharing one
// io_context. Handlers run synchronously inside the connection's coroutine.
//
// It owns the transport concerns: keep-alive, the body limit (413), time-outs
// for idle and slow clients, `Expect: 100-continue`, X-Request-Id, one JSON
// access-log line per request, and a graceful shutdown in which requests in
// flight finish while idle connections are closed.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>

#include "http/message.h"

namespace payd::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0 picks a free port
  int threads = 1;
  std::chrono::seconds idle_timeout{30};
  std::chrono::seconds request_timeout{15};
  std::chrono::seconds shutdown_grace{10};
  std::size_t body_limit = 64 * 1024;
};

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
  boost::asio::awaitable<void> Session(boost::asio::ip::tcp::socket socket);
  Response Handle(const Request& req, RequestContext& ctx);
  void Finish(Response& res, const RequestContext& ctx, std::string_view method,
              std::string_view target, std::chrono::steady_clock::time_point start);
  void Register(const std::shared_ptr<Connection>& conn);
  void Unregister(const std::shared_ptr<Connection>& conn);

  ServerOptions options_;
  Handler handler_;
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer grace_timer_;
  std::atomic<bool> draining_{false};
  std::mutex conns_mu_;
  std::unordered_set<std::shared_ptr<Connection>> conns_;
};

}  // namespace payd::http
