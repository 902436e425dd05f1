// Heavy work offloaded by a handler (RequestContext::offload, issue 35: an
// Argon2id hash per sign-in on a connection thread let a flood of sign-ins
// take every thread and 64 MiB each): it runs on the server's offload pool, a
// bounded number at once, while the connection threads keep serving; beyond
// the pool's queue a request gets the handler's busy answer at once. Run under
// ThreadSanitizer too (`make tsan`).
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "http_test_server.h"

namespace payd::http {
namespace {

using namespace test_server;

// A server with one connection thread and an offload pool of one thread and a
// queue of one. "/heavy" offloads work that waits until the test opens the
// gate; "/plain" answers at once.
class Gated {
 public:
  Gated()
      : server_(Options(), [this](const Request& req, RequestContext& ctx) {
          Response res{Status::ok, 11};
          if (req.target() == "/plain") {
            res.body() = "plain";
            return res;
          }
          ctx.offload = [this] {
            std::unique_lock lock(mu_);
            ++started_;
            offload_threads_.push_back(std::this_thread::get_id());
            changed_.notify_all();
            changed_.wait(lock, [this] { return open_; });
            Response done{Status::ok, 11};
            done.body() = "done";
            return done;
          };
          res.result(Status::too_many_requests);
          res.body() = "busy";
          return res;
        }) {
    port_ = server_.Listen();
    thread_ = std::thread([this] { server_.Run(); });
  }
  ~Gated() {
    Open();
    server_.Shutdown();
    thread_.join();
  }
  unsigned short port() const { return port_; }
  void Open() {
    std::lock_guard lock(mu_);
    open_ = true;
    changed_.notify_all();
  }
  int started() {
    std::lock_guard lock(mu_);
    return started_;
  }
  std::vector<std::thread::id> offload_threads() {
    std::lock_guard lock(mu_);
    return offload_threads_;
  }
  std::thread::id server_thread() const { return thread_.get_id(); }

 private:
  static ServerOptions Options() {
    ServerOptions o;
    o.port = 0;
    o.threads = 1;
    o.offload_threads = 1;
    o.offload_queue = 1;
    return o;
  }
  std::mutex mu_;
  std::condition_variable changed_;
  bool open_ = false;
  int started_ = 0;
  std::vector<std::thread::id> offload_threads_;
  Server server_;
  unsigned short port_ = 0;
  std::thread thread_;
};

TEST(HttpOffload, HeavyWorkRunsOffTheConnectionThreadsABoundedNumberAtOnce) {
  Gated server;
  asio::io_context io;
  // The first runs, the second waits in the queue.
  auto first = Connect(io, server.port());
  auto second = Connect(io, server.port());
  Send(first, Get("/heavy"));
  ASSERT_TRUE(Eventually([&] { return server.started() == 1; }));
  Send(second, Get("/heavy"));
  // The third finds the pool full and gets the handler's busy answer at once.
  auto third = Connect(io, server.port());
  Send(third, Get("/heavy"));
  std::string refused = ReadUntil(third, "busy");
  EXPECT_NE(refused.find("429 Too Many Requests"), std::string::npos) << refused;
  // The only connection thread still serves while the pool works.
  auto plain = Connect(io, server.port());
  Send(plain, Get("/plain"));
  EXPECT_NE(ReadUntil(plain, "plain").find("200 OK"), std::string::npos);
  EXPECT_EQ(server.started(), 1) << "the second waits for the pool's one thread";

  server.Open();
  EXPECT_NE(ReadUntil(first, "done").find("200 OK"), std::string::npos);
  EXPECT_NE(ReadUntil(second, "done").find("200 OK"), std::string::npos);
  auto threads = server.offload_threads();
  ASSERT_EQ(threads.size(), 2u);
  for (auto id : threads) EXPECT_NE(id, server.server_thread()) << "not a connection thread";

  // With the pool free again, heavy work is taken once more.
  auto again = Connect(io, server.port());
  Send(again, Get("/heavy"));
  EXPECT_NE(ReadUntil(again, "done").find("200 OK"), std::string::npos);
}

}  // namespace
}  // namespace payd::http
