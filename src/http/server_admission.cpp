#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/write.hpp>
#include <vector>

#include "base/log.h"
#include "http/client_address.h"
#include "http/json_response.h"
#include "http/server.h"
#include "http/server_connection.h"

// Accepting connections: the cap on open connections, each direct client's
// share of them and each proxied client's share of requests in flight
// (ConnectionQuota), and the refusals past them.
namespace payd::http {

using namespace server_detail;

std::size_t DefaultMaxConnections(std::size_t open_files_limit) {
  std::size_t reserve = std::max<std::size_t>(128, open_files_limit / 4);
  return open_files_limit > reserve + 16 ? open_files_limit - reserve : 16;
}

ConnectionQuota::Verdict Server::Register(const std::shared_ptr<Connection>& conn) {
  std::lock_guard lock(conns_mu_);
  auto verdict = quota_.Admit(conn->quota_client);
  if (verdict != ConnectionQuota::Verdict::kAdmitted) return verdict;
  conns_.insert(conn);
  if (options_.observed) metrics::HttpConnections(1);
  return verdict;
}

std::optional<Server::RequestShare> Server::TakeRequestShare(std::string client) {
  std::lock_guard lock(conns_mu_);
  if (!quota_.AdmitRequest(client)) return std::nullopt;
  return RequestShare(*this, std::move(client));
}

Server::RequestShare::~RequestShare() {
  if (!server_) return;
  std::lock_guard lock(server_->conns_mu_);
  server_->quota_.ReleaseRequest(client_);
}

void Server::Unregister(const std::shared_ptr<Connection>& conn) {
  std::lock_guard lock(conns_mu_);
  if (!conns_.erase(conn)) return;
  quota_.Release(conn->quota_client);
  if (options_.observed) metrics::HttpConnections(-1);
  if (draining_ && conns_.empty()) ioc_.stop();
}

asio::awaitable<void> Server::AcceptLoop() {
  for (;;) {
    auto [ec, socket] = co_await acceptor_.async_accept(asio::make_strand(ioc_),
                                                        asio::as_tuple(asio::use_awaitable));
    if (ec) {
      if (!acceptor_.is_open()) co_return;
      base::LogWarn("accept failed", {{"error", ec.message()}});
      asio::steady_timer pause(accept_strand_, std::chrono::milliseconds(50));
      co_await pause.async_wait(asio::as_tuple(asio::use_awaitable));
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    auto conn = std::make_shared<Connection>(std::move(socket));
    asio::ip::address peer = conn->stream.socket().remote_endpoint(ec).address();
    bool from_proxy = !options_.trusted_proxies.empty() && options_.trusted_proxies.Contains(peer);
    if (!from_proxy) conn->quota_client = ClientKey(peer.to_string());
    // Registered here, not in the session, so that a burst of accepts cannot overshoot the cap.
    if (auto verdict = Register(conn); verdict != ConnectionQuota::Verdict::kAdmitted) {
      RefuseBusy(conn->stream.socket(), verdict);
      continue;
    }
    auto executor = conn->stream.get_executor();
    asio::co_spawn(executor, Session(std::move(conn)), asio::detached);
  }
}

void Server::RefuseBusy(tcp::socket& socket, ConnectionQuota::Verdict why) {
  beast::error_code ec;
  std::string id = NewRequestId();
  bool client_full = why == ConnectionQuota::Verdict::kClientFull;
  Response res =
      client_full
          ? ErrorResponse(Status::too_many_requests, "rate_limited",
                          "This address holds " + std::to_string(quota_.per_client()) +
                              " connections, its share of this server; close one or retry shortly.",
                          id)
          : ErrorResponse(Status::service_unavailable, "unavailable",
                          "The server has too many open connections; retry shortly.", id);
  res.set("X-Request-Id", id);
  res.set(beast_http::field::retry_after, "1");
  res.set(beast_http::field::server, "payd");
  SetCommonHeaders(res);
  res.keep_alive(false);
  res.prepare_payload();
  std::ostringstream wire;
  wire << res;
  socket.non_blocking(true, ec);
  // Read what has already arrived (the request, usually): closing a socket
  // with unread data resets the connection, and the client could lose the answer.
  char sink[4096];
  for (int i = 0; i < 4 && !ec; ++i) socket.read_some(asio::buffer(sink), ec);
  std::string bytes = wire.str();
  socket.write_some(asio::buffer(bytes), ec);  // small: fits the send buffer of a new socket
  socket.shutdown(tcp::socket::shutdown_send, ec);
  socket.close(ec);
  if (options_.observed)
    metrics::HttpRequest("other", "unmatched", client_full ? 429 : 503, 0, false);
  ++refused_;
  auto now = std::chrono::steady_clock::now();
  if (now - refusal_logged_ >= kRefusalLogInterval) {
    base::LogWarn("connection limit reached; refusing new connections",
                  {{"maxConnections", options_.max_connections},
                   {"maxConnectionsPerClient", quota_.per_client()},
                   {"refused", refused_}});
    refusal_logged_ = now;
    refused_ = 0;
  }
}

}  // namespace payd::http
