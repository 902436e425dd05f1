#include "chain/head_subscription.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
#include <chrono>

#include "base/log.h"
#include "chain/rpc_client.h"

namespace payd::chain {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using asio::use_awaitable;

namespace {

constexpr auto kConnectTimeout = std::chrono::seconds(10);
constexpr auto kFirstRetry = std::chrono::seconds(1);
constexpr auto kMaxRetry = std::chrono::seconds(30);
// A node silent this long is pinged; one that does not answer the ping in as
// long again is taken for gone.
constexpr auto kIdleTimeout = std::chrono::seconds(30);
// A pushed head is a few hundred bytes; a larger message is not one.
constexpr std::size_t kMaxMessageBytes = 1u << 20;

struct Target {
  bool tls = false;
  std::string host, port, path;
};

Target Parse(const std::string& url) {
  auto parsed = boost::urls::parse_uri(url);
  if (!parsed) throw std::runtime_error("unparsable WebSocket URL");
  Target t;
  t.tls = parsed->scheme() == "wss";
  t.host = std::string(parsed->encoded_host());
  t.port = parsed->has_port() ? std::string(parsed->port()) : (t.tls ? "443" : "80");
  t.path = std::string(parsed->encoded_resource());
  if (t.path.empty()) t.path = "/";
  return t;
}

// True for an eth_subscription notification; throws on the subscription's refusal.
bool IsHead(const std::string& text) {
  auto message = boost::json::parse(text);
  const auto* o = message.if_object();
  if (!o) return false;
  if (const auto* error = o->if_contains("error"))
    throw std::runtime_error("the node refused eth_subscribe: " + boost::json::serialize(*error));
  const auto* method = o->if_contains("method");
  return method && method->is_string() && method->as_string() == "eth_subscription";
}

}  // namespace

// The io_context last: destroyed first, with the coroutine that uses the others.
struct HeadSubscription::Session {
  asio::ssl::context tls{asio::ssl::context::tls_client};
  Target target;
  asio::io_context io;
};

HeadSubscription::HeadSubscription(std::string url, std::int64_t chain_id,
                                   std::function<void()> on_head)
    : url_(std::move(url)), chain_id_(chain_id), on_head_(std::move(on_head)) {}

HeadSubscription::~HeadSubscription() {
  Stop();
}

namespace {

template <class Socket>
asio::awaitable<void> Follow(Socket& ws, const Target& target, std::atomic<bool>& live,
                             const std::function<void()>& on_connected,
                             const std::function<void()>& on_head) {
  websocket::stream_base::timeout timeouts{kConnectTimeout, kIdleTimeout, true};
  ws.set_option(timeouts);
  ws.read_message_max(kMaxMessageBytes);
  co_await ws.async_handshake(target.host + ":" + target.port, target.path, use_awaitable);
  ws.text(true);
  std::string subscribe =
      R"({"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]})";
  co_await ws.async_write(asio::buffer(subscribe), use_awaitable);
  beast::flat_buffer buffer;
  bool confirmed = false;
  for (;;) {
    buffer.clear();
    co_await ws.async_read(buffer, use_awaitable);
    std::string text = beast::buffers_to_string(buffer.data());
    bool head = IsHead(text);
    if (!confirmed) {
      // The first answer is the subscription's id (or its refusal, thrown above).
      confirmed = true;
      live = true;
      on_connected();
      on_head();  // what came while the socket was down is read now
      if (!head) continue;
    }
    if (head) on_head();
  }
}

}  // namespace

void HeadSubscription::Start() {
  session_ = std::make_unique<Session>();
  session_->target = Parse(url_);
  session_->tls.set_default_verify_paths();
  session_->tls.set_verify_mode(asio::ssl::verify_peer);
  auto loop = [this]() -> asio::awaitable<void> {
    auto& io = session_->io;
    const Target& target = session_->target;
    auto retry = std::chrono::duration_cast<std::chrono::milliseconds>(kFirstRetry);
    bool failing = false;
    auto on_connected = [&] {
      if (failing) {
        base::LogInfo("head subscription restored",
                      {{"chainId", chain_id_}, {"ws", RedactedUrl(url_)}});
      }
      failing = false;
      retry = std::chrono::duration_cast<std::chrono::milliseconds>(kFirstRetry);
    };
    for (;;) {
      std::string error;
      try {
        asio::ip::tcp::resolver resolver(io);
        auto endpoints = co_await resolver.async_resolve(target.host, target.port, use_awaitable);
        beast::tcp_stream tcp(io);
        tcp.expires_after(kConnectTimeout);
        co_await tcp.async_connect(endpoints, use_awaitable);
        tcp.expires_never();  // the WebSocket's own timeouts from here on
        if (target.tls) {
          websocket::stream<beast::ssl_stream<beast::tcp_stream>> ws(std::move(tcp), session_->tls);
          if (!SSL_set_tlsext_host_name(ws.next_layer().native_handle(), target.host.c_str()))
            throw std::runtime_error("cannot set the TLS server name");
          ws.next_layer().set_verify_callback(asio::ssl::host_name_verification(target.host));
          co_await ws.next_layer().async_handshake(asio::ssl::stream_base::client, use_awaitable);
          co_await Follow(ws, target, live_, on_connected, on_head_);
        } else {
          websocket::stream<beast::tcp_stream> ws(std::move(tcp));
          co_await Follow(ws, target, live_, on_connected, on_head_);
        }
      } catch (const std::exception& e) {
        error = e.what();
      }
      live_ = false;
      if (!failing) {
        // One line per outage; the watcher polls meanwhile.
        base::LogWarn("head subscription failed; polling until it is back",
                      {{"chainId", chain_id_},
                       {"ws", RedactedUrl(url_)},
                       {"error", error},
                       {"retryInMs", retry.count()}});
        failing = true;
      }
      asio::steady_timer pause(io, retry);
      co_await pause.async_wait(use_awaitable);
      retry = std::min(std::chrono::duration_cast<std::chrono::milliseconds>(kMaxRetry), retry * 2);
    }
  };
  asio::co_spawn(session_->io, loop, asio::detached);
  thread_ = std::thread([this] { session_->io.run(); });
}

void HeadSubscription::Stop() {
  if (!session_) return;
  session_->io.stop();
  if (thread_.joinable()) thread_.join();
  session_.reset();
  live_ = false;
}

}  // namespace payd::chain
