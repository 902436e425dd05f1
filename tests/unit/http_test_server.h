// A real http::Server on loopback for tests, with handlers that stream
// (server-sent events) in the ways the server must cope with, and plain
// blocking sockets as clients (http_stream_test.cpp, http_shutdown_test.cpp).
#pragma once

#include <sys/socket.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <memory>
#include <string>
#include <thread>

#include "http/server.h"
#include "http/stream_bell.h"

namespace payd::http::test_server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// Counts the producers alive: a stream that ended has dropped its producer.
struct Tracked {
  explicit Tracked(std::atomic<int>& alive) : alive(alive) { ++alive; }
  ~Tracked() { --alive; }
  std::atomic<int>& alive;
  int calls = 0;
};

// Serves /plain ("ok"), /finite (three chunks, then done), /slow (one chunk,
// then, asked again at once, nothing and to be asked again only after an
// hour: `settled` counts those answers), /paced (one chunk, another after
// `pace`, then done) and /bell (one chunk, then nothing, asked again only when
// `bell` rings, as the live intent streams are). `threads`: the server's
// worker threads.
class StreamServer {
 public:
  explicit StreamServer(ServerOptions options, std::chrono::milliseconds pace = 0ms,
                        int threads = 2)
      : server_(Options(options, threads), [this, pace](const Request& req, RequestContext& ctx) {
          return Handle(req, ctx, pace);
        }) {
    port_ = server_.Listen();
    thread_ = std::thread([this] { server_.Run(); });
  }
  ~StreamServer() {
    server_.Shutdown();
    if (thread_.joinable()) thread_.join();
  }
  unsigned short port() const { return port_; }
  Server& server() { return server_; }
  // Waits until the server has returned from Run (shutdown complete).
  void Join() { thread_.join(); }
  std::atomic<int> alive{0};
  std::atomic<int> settled{0};
  StreamBell bell;  // declared before the server: it outlives it, as stream_bell.h requires

 private:
  static ServerOptions Options(ServerOptions o, int threads) {
    o.port = 0;
    o.threads = threads;
    return o;
  }
  Response Handle(const Request& req, RequestContext& ctx, std::chrono::milliseconds pace) {
    Response res{Status::ok, 11};
    std::string target(req.target());
    if (target == "/plain") {
      res.body() = "ok";
      return res;
    }
    res.set(beast_http::field::content_type, "text/event-stream");
    auto state = std::make_shared<Tracked>(alive);
    if (target == "/finite") {
      ctx.stream = [state] {
        ++state->calls;
        return StreamStep{"data: " + std::to_string(state->calls) + "\n\n", state->calls == 3, 1ms};
      };
    } else if (target == "/slow") {
      ctx.stream = [this, state] {
        if (++state->calls == 1) return StreamStep{"data: hello\n\n", false, 0ms};
        ++settled;
        return StreamStep{"", false, 1h};
      };
    } else if (target == "/busy") {
      // A producer with nothing to say that asks to be called again at once, forever.
      ctx.stream = [state] {
        return StreamStep{++state->calls == 1 ? "data: hello\n\n" : "", false, 0ms};
      };
    } else if (target == "/bell") {
      ctx.stream = [this, state] {
        if (++state->calls == 1) return StreamStep{"data: hello\n\n", false, 0ms};
        return StreamStep{
            .data = "", .done = false, .next = 1h, .bell = &bell, .seen = bell.Rings()};
      };
    } else if (target == "/paced") {
      ctx.stream = [state, pace] {
        ++state->calls;
        return StreamStep{"data: " + std::to_string(state->calls) + "\n\n", state->calls == 2,
                          pace};
      };
    } else {
      res.result(Status::not_found);
    }
    return res;
  }

  Server server_;
  unsigned short port_ = 0;
  std::thread thread_;
};

// Reads give up after a minute (ReceiveSome), so that a server that fails to
// end a stream fails the test instead of hanging it.
inline tcp::socket Connect(asio::io_context& io, unsigned short port) {
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  timeval limit{60, 0};
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  return socket;
}

inline void Send(tcp::socket& socket, const std::string& text) {
  asio::write(socket, asio::buffer(text));
}

// One recv() on the socket: what came, or "" when the connection ended or
// the minute of SO_RCVTIMEO passed (asio's own blocking reads wait on past
// that time-out, which would hang the test instead of failing it).
inline std::string ReceiveSome(tcp::socket& socket) {
  char chunk[1024];
  ssize_t n = ::recv(socket.native_handle(), chunk, sizeof chunk, 0);
  return n > 0 ? std::string(chunk, static_cast<std::size_t>(n)) : std::string();
}

// Everything until the server closes the connection.
inline std::string ReadToEnd(tcp::socket& socket) {
  std::string all;
  for (std::string more = ReceiveSome(socket); !more.empty(); more = ReceiveSome(socket)) {
    all += more;
  }
  return all;
}

// Reads until `text` has arrived (or the connection ends).
inline std::string ReadUntil(tcp::socket& socket, const std::string& text) {
  std::string all;
  while (all.find(text) == std::string::npos) {
    std::string more = ReceiveSome(socket);
    if (more.empty()) break;
    all += more;
  }
  return all;
}

inline std::string Get(const std::string& path, const char* method = "GET") {
  return std::string(method) + " " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
}

template <typename Condition>
bool Eventually(Condition condition) {
  for (int i = 0; i < 3000; ++i) {  // 60 s at most: a loaded machine is slow, never this slow
    if (condition()) return true;
    std::this_thread::sleep_for(20ms);  // sleep-ok: Eventually's polling interval
  }
  return condition();
}

}  // namespace payd::http::test_server
