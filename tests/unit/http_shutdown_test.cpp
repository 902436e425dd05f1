// A shutdown (what SIGTERM starts) while connections come and go: streams
// opened and abandoned, a bell rung from another thread, requests kept alive,
// half-sent or pipelined, connections opened and dropped at once. The server
// must end without a crash, with every stream's producer dropped. Run under
// ThreadSanitizer too (`make tsan`, build-tsan): a cold run once saw payd die
// with SIGSEGV at SIGTERM, and races on a shutdown are what TSan finds and a
// test run alone rarely does.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "http_test_server.h"

namespace payd::http {
namespace {

using namespace test_server;
using namespace std::chrono_literals;

// One client's visit: connects, sends `request` (or nothing), reads a little,
// and goes away after `stay`. Every failure is expected (the server refuses,
// resets or closes at any point of its shutdown) and ignored.
void Visit(unsigned short port, const std::string& request, std::chrono::microseconds stay) {
  asio::io_context io;
  tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
  if (ec) return;
  timeval limit{0, 20000};  // reads give up after 20 ms: a visit never waits on the server
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  if (!request.empty()) asio::write(socket, asio::buffer(request), ec);
  if (!ec && stay > 0us) {
    ReceiveSome(socket);
    std::this_thread::sleep_for(stay);  // sleep-ok: how long this client stays is the subject
  }
  socket.close(ec);
}

struct Kind {
  std::string request;
  std::chrono::microseconds longest_stay;
};

TEST(HttpShutdown, EndsCleanlyWhileConnectionsComeAndGo) {
  const std::vector<Kind> kinds = {
      {Get("/slow"), 3000us},                                   // a stream, abandoned
      {Get("/bell"), 3000us},                                   // a stream waiting on the bell
      {Get("/busy"), 2000us},                                   // a stream asked again at once
      {Get("/slow", "HEAD"), 1000us},                           // a stream's headers only
      {Get("/plain") + Get("/plain") + Get("/plain"), 1000us},  // pipelined, kept alive
      {"GET /pla", 500us},                                      // half a request
      {"", 0us},                                                // connect and vanish
  };
  std::mt19937 random(20261202);
  for (int round = 0; round < 30; ++round) {
    ServerOptions options;
    options.shutdown_grace = 20s;  // never reached: every stream ends at once
    auto s = std::make_unique<StreamServer>(options, 0ms, /*threads=*/4);
    unsigned short port = s->port();
    std::atomic<bool> stop{false};
    std::vector<std::thread> clients;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      clients.emplace_back([&, k, seed = random()] {
        std::mt19937 r(seed);
        while (!stop) {
          auto stay = std::chrono::microseconds(r() % (kinds[k].longest_stay.count() + 1));
          Visit(port, kinds[k].request, stay);
        }
      });
    }
    // The bell rings from another thread, as the ledger's passes ring it.
    clients.emplace_back([&] {
      while (!stop) {
        s->bell.Ring();
        std::this_thread::sleep_for(200us);  // sleep-ok: the pace of the changes, the subject
      }
    });
    auto before_shutdown = std::chrono::milliseconds(2 + random() % 20);
    auto draining = std::chrono::milliseconds(random() % 10);
    std::this_thread::sleep_for(before_shutdown);  // sleep-ok: when the shutdown comes
    s->server().Shutdown();
    std::this_thread::sleep_for(draining);  // sleep-ok: clients keep coming while it drains
    stop = true;
    for (auto& c : clients) c.join();
    s->Join();
    EXPECT_TRUE(Eventually([&] { return s->alive == 0; })) << "round " << round;
  }
}

}  // namespace
}  // namespace payd::http
