// HttpsGet (rates/https_get.h), which fetches the ECB's reference rates:
// against a server of its own on loopback, HTTPS with a test certificate
// (tests/unit/data/ecb/https_test_cert.pem) or plain HTTP. It takes a 200's
// body up to 1 MB and nothing else: no other status, no redirect, no scheme
// but https (http only when allowed), no untrusted certificate, no answer
// after the timeout. Each failure is a value, never an exception.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <mutex>
#include <string>
#include <thread>

#include "rates/https_get.h"

namespace payd::rates {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

std::string EcbTestPath(const std::string& name) {
  return std::string(PAYD_TEST_DATA_DIR) + "/ecb/" + name;
}

// A raw HTTP/1.1 response; without Content-Length the body ends where the connection does.
std::string EcbReply(const std::string& status, const std::string& body, bool length = true,
                     const std::string& extra = "") {
  std::string head = "HTTP/1.1 " + status + "\r\nContent-Type: text/xml\r\nConnection: close\r\n";
  if (length) head += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  return head + extra + "\r\n" + body;
}

// Serves one connection on 127.0.0.1, TLS with the test certificate when
// `tls`: reads the request's head, writes `response`, closes. An empty
// `response` answers nothing, until the client gives up.
class EcbTestServer {
 public:
  explicit EcbTestServer(std::string response, bool tls = false)
      : response_(std::move(response)), tls_(tls) {
    acceptor_.open(tcp::v4());
    acceptor_.bind({asio::ip::make_address("127.0.0.1"), 0});
    acceptor_.listen();
    if (tls_) {
      ssl_.use_certificate_chain_file(EcbTestPath("https_test_cert.pem"));
      ssl_.use_private_key_file(EcbTestPath("https_test_key.pem"), asio::ssl::context::pem);
    }
    thread_ = std::thread([this] { Serve(); });
  }
  ~EcbTestServer() {
    // A server still waiting for its one connection gets one that says nothing.
    boost::system::error_code ec;
    tcp::socket poke(io_);
    poke.connect(acceptor_.local_endpoint(), ec);
    poke.close(ec);
    thread_.join();
  }
  std::string Url(const std::string& path = "/") const {
    return std::string(tls_ ? "https" : "http") +
           "://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + path;
  }
  // The request's head as received; empty while none came.
  std::string Head() {
    std::lock_guard lock(mu_);
    return head_;
  }

 private:
  void Serve() {
    tcp::socket socket(io_);
    boost::system::error_code ec;
    acceptor_.accept(socket, ec);
    if (ec) return;
    if (tls_) {
      asio::ssl::stream<tcp::socket&> stream(socket, ssl_);
      stream.handshake(asio::ssl::stream_base::server, ec);
      if (!ec) Exchange(stream);
    } else {
      Exchange(socket);
    }
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
  }
  template <typename Stream>
  void Exchange(Stream& stream) {
    boost::system::error_code ec;
    asio::streambuf buffer;
    asio::read_until(stream, buffer, "\r\n\r\n", ec);
    if (ec) return;
    {
      std::lock_guard lock(mu_);
      head_.assign(asio::buffers_begin(buffer.data()), asio::buffers_end(buffer.data()));
    }
    if (response_.empty()) {
      char byte;
      while (!ec) stream.read_some(asio::buffer(&byte, 1), ec);
      return;
    }
    asio::write(stream, asio::buffer(response_), ec);
  }

  std::string response_;
  bool tls_;
  asio::io_context io_;
  tcp::acceptor acceptor_{io_};
  asio::ssl::context ssl_{asio::ssl::context::tls_server};
  std::mutex mu_;
  std::string head_;
  std::thread thread_;
};

HttpsGetOptions EcbTrustingTheTestCertificate() {
  HttpsGetOptions opts;
  opts.ca_file = EcbTestPath("https_test_cert.pem");
  return opts;
}

TEST(EcbHttpsGet, GetsTheBodyOverHttpsAsPayd) {
  EcbTestServer server(EcbReply("200 OK", "<gesmes:Envelope/>"), true);
  auto got =
      HttpsGet(server.Url("/stats/eurofxref/eurofxref-daily.xml"), EcbTrustingTheTestCertificate());
  ASSERT_TRUE(got.body) << got.problem;
  EXPECT_EQ(*got.body, "<gesmes:Envelope/>");
  EXPECT_EQ(got.problem, "");
  std::string head = server.Head();
  EXPECT_EQ(head.rfind("GET /stats/eurofxref/eurofxref-daily.xml HTTP/1.1\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("\r\nUser-Agent: payd/" PAYD_VERSION "\r\n"), std::string::npos) << head;
}

TEST(EcbHttpsGet, RefusesACertificateNotTrusted) {
  EcbTestServer server(EcbReply("200 OK", "rates"), true);
  auto got = HttpsGet(server.Url());  // the system's CAs: the test certificate is not among them
  EXPECT_FALSE(got.body);
  EXPECT_NE(got.problem.find("certificate"), std::string::npos) << got.problem;
  EXPECT_EQ(server.Head(), "") << "nothing was asked of an untrusted server";
}

TEST(EcbHttpsGet, PlainHttpOnlyWhenAllowed) {
  {
    EcbTestServer server(EcbReply("200 OK", "rates"));
    auto got = HttpsGet(server.Url(), EcbTrustingTheTestCertificate());
    EXPECT_FALSE(got.body);
    EXPECT_NE(got.problem, "");
    EXPECT_EQ(server.Head(), "") << "http:// was not even connected to";
  }
  EcbTestServer server(EcbReply("200 OK", "rates"));
  HttpsGetOptions opts;
  opts.allow_http = true;
  auto got = HttpsGet(server.Url(), opts);
  ASSERT_TRUE(got.body) << got.problem;
  EXPECT_EQ(*got.body, "rates");
}

TEST(EcbHttpsGet, NoOtherScheme) {
  HttpsGetOptions opts;
  opts.allow_http = true;
  for (const char* url : {"file:///etc/passwd", "ftp://127.0.0.1/rates.xml", "gopher://127.0.0.1/",
                          "not a url", ""}) {
    auto got = HttpsGet(url, opts);
    EXPECT_FALSE(got.body) << url;
    EXPECT_NE(got.problem, "") << url;
  }
}

TEST(EcbHttpsGet, OnlyA200IsABody) {
  HttpsGetOptions opts;
  opts.allow_http = true;
  for (const char* status :
       {"404 Not Found", "500 Internal Server Error", "204 No Content", "201 Created"}) {
    EcbTestServer server(EcbReply(status, "<html>no rates here</html>"));
    auto got = HttpsGet(server.Url(), opts);
    EXPECT_FALSE(got.body) << status;
    EXPECT_EQ(got.problem, "HTTP " + std::string(status, 3)) << status;
  }
}

TEST(EcbHttpsGet, FollowsNoRedirect) {
  HttpsGetOptions opts;
  opts.allow_http = true;
  EcbTestServer target(EcbReply("200 OK", "elsewhere"));
  EcbTestServer server(EcbReply("302 Found", "", true, "Location: " + target.Url() + "\r\n"));
  auto got = HttpsGet(server.Url(), opts);
  EXPECT_FALSE(got.body);
  EXPECT_EQ(got.problem, "HTTP 302");
  EXPECT_EQ(target.Head(), "") << "the redirect was followed";
}

TEST(EcbHttpsGet, TakesAtMostAMegabyte) {
  HttpsGetOptions opts;
  opts.allow_http = true;
  const std::string most(kHttpsGetMaxBytes, 'x');
  {
    EcbTestServer server(EcbReply("200 OK", most));
    auto got = HttpsGet(server.Url(), opts);
    ASSERT_TRUE(got.body) << got.problem;
    EXPECT_EQ(got.body->size(), kHttpsGetMaxBytes);
  }
  // With a Content-Length (refused before the body) and without one (cut off as it comes).
  for (bool length : {true, false}) {
    EcbTestServer server(EcbReply("200 OK", most + "x", length));
    auto got = HttpsGet(server.Url(), opts);
    EXPECT_FALSE(got.body) << length;
    EXPECT_EQ(got.problem, "the reply is larger than 1048576 bytes") << length;
  }
  // Refused on its Content-Length alone: not "the transfer ended early".
  EcbTestServer server(EcbReply("200 OK", "short", false, "Content-Length: 1048577\r\n"));
  auto got = HttpsGet(server.Url(), opts);
  EXPECT_FALSE(got.body);
  EXPECT_EQ(got.problem, "the reply is larger than 1048576 bytes");
}

TEST(EcbHttpsGet, GivesUpAtTheTimeout) {
  EcbTestServer server("");  // never answers
  HttpsGetOptions opts;
  opts.allow_http = true;
  opts.timeout = std::chrono::milliseconds(300);
  auto start = std::chrono::steady_clock::now();
  auto got = HttpsGet(server.Url(), opts);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_FALSE(got.body);
  EXPECT_EQ(got.problem, "no complete answer within 300 ms");
  EXPECT_GE(took, std::chrono::milliseconds(250));
  EXPECT_LT(took, std::chrono::seconds(3));
  EXPECT_NE(server.Head(), "") << "the request was sent";
}

TEST(EcbHttpsGet, NobodyListening) {
  // A port that was free a moment ago: nothing listens on it.
  unsigned short port = 0;
  {
    asio::io_context io;
    tcp::acceptor probe(io, {asio::ip::make_address("127.0.0.1"), 0});
    port = probe.local_endpoint().port();
  }
  auto got = HttpsGet("https://127.0.0.1:" + std::to_string(port) + "/", {});
  EXPECT_FALSE(got.body);
  EXPECT_NE(got.problem, "");
}

}  // namespace
}  // namespace payd::rates
