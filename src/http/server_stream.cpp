#include <boost/asio/as_tuple.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/experimental/parallel_group.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/write.hpp>

#include "base/log.h"
#include "http/server.h"
#include "http/server_connection.h"
#include "http/stream_bell.h"

// A streamed answer (server-sent events, RequestContext::stream): the
// headers, then the producer's chunks at its pace, until it is done, the
// client goes away or the server shuts down.
namespace payd::http {

using namespace server_detail;

StreamStep Server::NextStep(const RequestContext& ctx) {
  try {
    return ctx.stream();
  } catch (const std::exception& e) {
    base::LogError("stream failed", {{"requestId", ctx.request_id}, {"error", e.what()}});
  } catch (...) {
    base::LogError("stream failed", {{"requestId", ctx.request_id}});
  }
  return {.data = {}, .done = true};
}

asio::awaitable<std::size_t> Server::Stream(std::shared_ptr<Connection> conn, Response& res,
                                            const RequestContext& ctx) {
  beast::error_code ec;
  auto token = asio::redirect_error(asio::use_awaitable, ec);
  beast_http::response<beast_http::empty_body> head{std::move(res.base())};
  head.keep_alive(false);
  head.chunked(true);
  beast_http::response_serializer<beast_http::empty_body> serializer{head};
  conn->stream.expires_after(options_.request_timeout);
  co_await beast_http::async_write_header(conn->stream, serializer, token);
  if (ec) co_return 0;

  asio::steady_timer timer(conn->stream.get_executor());
  std::size_t bytes = 0;
  char sink[512];
  for (;;) {
    StreamStep step = NextStep(ctx);
    if (!step.data.empty()) {
      // A client that stops reading stalls the write: that one has a time-out.
      conn->stream.expires_after(options_.request_timeout);
      co_await asio::async_write(conn->stream, beast_http::make_chunk(asio::buffer(step.data)),
                                 token);
      if (ec) co_return bytes;
      bytes += step.data.size();
    }
    if (step.done) break;
    // Wait for the producer's pace, reading meanwhile: the read ends when the
    // client goes away (nothing else should come on a stream; what does is dropped).
    auto deadline = std::chrono::steady_clock::now() + step.next;
    while (!draining_) {
      timer.expires_at(deadline);
      StreamBell::Registration rung_since;  // withdrawn when this wait ends, on this strand
      if (step.bell) {
        rung_since = step.bell->Wait(timer, step.seen);
        if (!rung_since) break;  // it rang since the producer looked: ask it again now
      }
      conn->idle = true;  // so that a shutdown cancels the wait
      auto [order, timer_ec, read_ec, n] =
          co_await asio::experimental::make_parallel_group(
              timer.async_wait(asio::deferred),
              conn->stream.socket().async_read_some(asio::buffer(sink), asio::deferred))
              .async_wait(asio::experimental::wait_for_one(), asio::use_awaitable);
      conn->idle = false;
      // The read may have ended in the same turn as the timer, and lost the
      // race: its end of stream still counts. Asio reports it only once (on an
      // edge-triggered reactor a later read waits for an event that never
      // comes), and the connection would be held until shutdown.
      if (read_ec && read_ec != asio::error::operation_aborted) co_return bytes;
      if (order[0] == 0) break;
      if (read_ec && !draining_) co_return bytes;
    }
    if (draining_) break;
  }
  conn->stream.expires_after(options_.request_timeout);
  co_await asio::async_write(conn->stream, beast_http::make_chunk_last(), token);
  co_return bytes;
}

}  // namespace payd::http
