// Streamed answers of the HTTP server (server-sent events), against a real
// http::Server on loopback and plain blocking sockets as clients: what is
// sent, HEAD, a client that goes away, the request time-out and shutdown.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <memory>
#include <string>
#include <thread>

#include "http/server.h"

namespace payd::http {
namespace {

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
// hour: `settled` counts those answers) and /paced (one chunk, another after
// `pace`, then done). `threads`: the server's worker threads.
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
tcp::socket Connect(asio::io_context& io, unsigned short port) {
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  timeval limit{60, 0};
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  return socket;
}

void Send(tcp::socket& socket, const std::string& text) {
  asio::write(socket, asio::buffer(text));
}

// One recv() on the socket: what came, or "" when the connection ended or
// the minute of SO_RCVTIMEO passed (asio's own blocking reads wait on past
// that time-out, which would hang the test instead of failing it).
std::string ReceiveSome(tcp::socket& socket) {
  char chunk[1024];
  ssize_t n = ::recv(socket.native_handle(), chunk, sizeof chunk, 0);
  return n > 0 ? std::string(chunk, static_cast<std::size_t>(n)) : std::string();
}

// Everything until the server closes the connection.
std::string ReadToEnd(tcp::socket& socket) {
  std::string all;
  for (std::string more = ReceiveSome(socket); !more.empty(); more = ReceiveSome(socket)) {
    all += more;
  }
  return all;
}

// Reads until `text` has arrived (or the connection ends).
std::string ReadUntil(tcp::socket& socket, const std::string& text) {
  std::string all;
  while (all.find(text) == std::string::npos) {
    std::string more = ReceiveSome(socket);
    if (more.empty()) break;
    all += more;
  }
  return all;
}

std::string Get(const std::string& path, const char* method = "GET") {
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

TEST(HttpStream, SendsHeadersThenChunksThenTheLastChunkAndCloses) {
  StreamServer s({});
  asio::io_context io;
  auto socket = Connect(io, s.port());
  Send(socket, Get("/finite"));
  std::string all = ReadToEnd(socket);
  EXPECT_TRUE(all.starts_with("HTTP/1.1 200 OK\r\n")) << all;
  EXPECT_NE(all.find("Transfer-Encoding: chunked\r\n"), std::string::npos) << all;
  EXPECT_NE(all.find("Content-Type: text/event-stream\r\n"), std::string::npos) << all;
  EXPECT_NE(all.find("Connection: close\r\n"), std::string::npos) << all;
  EXPECT_EQ(all.find("Content-Length"), std::string::npos) << all;
  std::string body = all.substr(all.find("\r\n\r\n") + 4);
  EXPECT_EQ(body, "9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n9\r\ndata: 3\n\n\r\n0\r\n\r\n");
  EXPECT_TRUE(Eventually([&] { return s.alive == 0; }));
}

TEST(HttpStream, HeadGetsTheHeadersOnlyAndKeepsTheConnection) {
  StreamServer s({});
  asio::io_context io;
  auto socket = Connect(io, s.port());
  Send(socket,
       Get("/slow", "HEAD") + "GET /plain HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
  std::string all = ReadToEnd(socket);
  std::string head = all.substr(0, all.find("\r\n\r\n") + 4);
  std::string rest = all.substr(head.size());
  EXPECT_TRUE(head.starts_with("HTTP/1.1 200 OK\r\n")) << all;
  EXPECT_NE(head.find("Content-Type: text/event-stream\r\n"), std::string::npos) << all;
  EXPECT_TRUE(rest.starts_with("HTTP/1.1 200 OK\r\n")) << all;
  EXPECT_TRUE(rest.ends_with("\r\n\r\nok")) << all;
  EXPECT_EQ(all.find("hello"), std::string::npos) << all;
  EXPECT_TRUE(Eventually([&] { return s.alive == 0; }));
}

TEST(HttpStream, AClientThatGoesAwayFreesItsConnection) {
  ServerOptions options;
  options.max_connections = 1;
  StreamServer s(options);
  asio::io_context io;
  {
    auto socket = Connect(io, s.port());
    Send(socket, Get("/slow"));
    ASSERT_NE(ReadUntil(socket, "hello").find("hello"), std::string::npos);
    EXPECT_EQ(s.alive, 1);
  }  // closed, while the producer would not be asked again for an hour
  EXPECT_TRUE(Eventually([&] { return s.alive == 0; }));
  // The one connection allowed is free again (a 503 said it was not).
  EXPECT_TRUE(Eventually([&] {
    auto socket = Connect(io, s.port());
    Send(socket, "GET /plain HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    return ReadToEnd(socket).starts_with("HTTP/1.1 200 OK\r\n");
  }));
}

// The client's end of stream may come in the same turn as the producer's
// time: asio reports it once (a later read on an edge-triggered reactor would
// wait for an event that never comes), so it must count whichever came first.
TEST(HttpStream, AClientThatGoesAwayFromABusyStreamFreesItsConnection) {
  ServerOptions options;
  options.max_connections = 1;
  StreamServer s(options);
  asio::io_context io;
  for (int i = 0; i < 20; ++i) {
    {
      auto socket = Connect(io, s.port());
      Send(socket, Get("/busy"));
      ASSERT_NE(ReadUntil(socket, "hello").find("hello"), std::string::npos);
    }
    ASSERT_TRUE(Eventually([&] { return s.alive == 0; })) << "connection " << i;
  }
}

TEST(HttpStream, OutlivesTheRequestTimeOut) {
  ServerOptions options;
  options.request_timeout = 1s;
  StreamServer s(options, /*pace=*/2500ms);
  asio::io_context io;
  auto socket = Connect(io, s.port());
  Send(socket, Get("/paced"));
  std::string all = ReadToEnd(socket);
  EXPECT_TRUE(all.ends_with("9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n0\r\n\r\n")) << all;
}

TEST(HttpStream, EndsAtOnceWithTheLastChunkWhenTheServerShutsDown) {
  ServerOptions options;
  options.shutdown_grace = 120s;  // were the stream waited for, the read below would time out
  // One worker thread: the shutdown's work, queued behind the stream's, runs
  // only once the stream has gone into the wait it entered after `settled`.
  // A shutdown that came before the wait began would end the stream without
  // cancelling anything.
  auto s = std::make_unique<StreamServer>(options, 0ms, /*threads=*/1);
  asio::io_context io;
  auto socket = Connect(io, s->port());
  Send(socket, Get("/slow"));
  ASSERT_NE(ReadUntil(socket, "hello").find("hello"), std::string::npos);
  ASSERT_TRUE(Eventually([&] { return s->settled == 1; }));
  s->server().Shutdown();
  std::string rest = ReadToEnd(socket);
  EXPECT_TRUE(rest.ends_with("0\r\n\r\n")) << rest;
  EXPECT_EQ(rest.find("data:"), std::string::npos) << rest;
  s->Join();
  EXPECT_EQ(s->alive, 0);
}

}  // namespace
}  // namespace payd::http
