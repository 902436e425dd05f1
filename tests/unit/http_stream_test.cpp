// Streamed answers of the HTTP server (server-sent events), against a real
// http::Server on loopback and plain blocking sockets as clients: what is
// sent, HEAD, a client that goes away, the request time-out and shutdown.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "http_test_server.h"

namespace payd::http {
namespace {

using namespace test_server;
using namespace std::chrono_literals;

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
    // The one connection allowed is freed when the session ends, a moment after
    // its producer: until then a new client is refused (503), so ask until it is
    // served. A connection never freed fails here, after Eventually's minute.
    std::optional<tcp::socket> socket;
    ASSERT_TRUE(Eventually([&] {
      socket.emplace(Connect(io, s.port()));
      Send(*socket, Get("/busy"));
      return ReadUntil(*socket, "hello").find("hello") != std::string::npos;
    })) << "connection "
        << i << " was never served";
    socket.reset();  // goes away from the busy stream
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
