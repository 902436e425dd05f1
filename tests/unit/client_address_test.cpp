#include "http/client_address.h"

#include <gtest/gtest.h>

#include <chrono>

#include "base/ip_ranges.h"
#include "base/strings.h"
#include "test_data.h"

namespace payd {
namespace {

namespace ip = boost::asio::ip;

ip::address Address(const std::string& text) {
  return ip::make_address(text);
}

base::IpRanges Ranges(const std::string& list) {
  base::IpRanges ranges;
  if (list == "-") return ranges;
  std::string error;
  std::size_t start = 0;
  for (;;) {
    auto comma = list.find(',', start);
    auto entry = list.substr(start, comma - start);
    EXPECT_TRUE(ranges.Add(entry, error)) << entry << ": " << error;
    if (comma == std::string::npos) return ranges;
    start = comma + 1;
  }
}

std::string Unescape(std::string text) {
  for (auto [from, to] : {std::pair{"\\t", "\t"}, std::pair{"\\x01", "\x01"}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
      text.replace(at, std::string_view(from).size(), to);
  }
  return text;
}

// "Name: value|Name: value" onto a request, in order.
http::Request WithHeaders(const std::string& lines) {
  http::Request req{http::Verb::get, "/", 11};
  if (lines == "-") return req;
  std::size_t start = 0;
  for (;;) {
    auto bar = lines.find('|', start);
    std::string line = lines.substr(start, bar - start);
    auto colon = line.find(':');
    std::string value = Unescape(line.substr(colon + 1));
    req.insert(line.substr(0, colon), base::TrimBlanks(value));
    if (bar == std::string::npos) return req;
    start = bar + 1;
  }
}

TEST(IpRanges, EntriesTable) {
  auto cases = testing::ReadCases("ip_ranges.tsv");
  ASSERT_GT(cases.size(), 40u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 3u) << "ip_ranges.tsv line " << c.line;
    base::IpRanges ranges;
    std::string error;
    bool added = ranges.Add(c.columns[0], error);
    if (c.columns[2] == "refused") {
      EXPECT_FALSE(added) << "line " << c.line << ": '" << c.columns[0] << "' should be refused";
      EXPECT_TRUE(ranges.empty()) << "line " << c.line;
      continue;
    }
    ASSERT_TRUE(added) << "line " << c.line << ": " << c.columns[0] << " " << error;
    EXPECT_EQ(ranges.Contains(Address(c.columns[1])), c.columns[2] == "in")
        << "line " << c.line << ": " << c.columns[0] << " and " << c.columns[1];
  }
}

TEST(IpRanges, RefusalsSayWhy) {
  base::IpRanges ranges;
  std::string error;
  EXPECT_FALSE(ranges.Add("10.1.2.3/8", error));
  EXPECT_NE(error.find("the range is 10.0.0.0/8"), std::string::npos) << error;
  EXPECT_FALSE(ranges.Add("10.0.0.0/33", error));
  EXPECT_NE(error.find("0 to 32"), std::string::npos) << error;
  EXPECT_FALSE(ranges.Add("localhost", error));
  EXPECT_NE(error.find("not an IP address or CIDR range"), std::string::npos) << error;
}

TEST(IpRanges, PrintsCanonically) {
  base::IpRanges ranges = Ranges("2001:DB8::/32,127.0.0.1,::/0");
  EXPECT_EQ(ranges.ToStrings(),
            (std::vector<std::string>{"127.0.0.1/32", "2001:db8::/32", "::/0"}));
  EXPECT_TRUE(ranges.HoldsEverything());
  EXPECT_FALSE(Ranges("10.0.0.0/8").HoldsEverything());
}

TEST(ClientAddress, Table) {
  auto cases = testing::ReadCases("client_address.tsv");
  ASSERT_GT(cases.size(), 80u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 4u) << "client_address.tsv line " << c.line;
    auto peer = Address(c.columns[1]);
    auto got = http::ClientOf(Ranges(c.columns[0]), peer, WithHeaders(c.columns[2]));
    EXPECT_EQ(got.client, c.columns[3])
        << "client_address.tsv line " << c.line << " ("
        << (c.columns.size() > 4 ? c.columns[4] : "") << "): " << c.columns[2];
    EXPECT_EQ(got.peer, peer.to_string()) << "line " << c.line;
  }
}

// A walk inspects kMaxHops addresses at most: a client behind kMaxHops - 1
// trusted hops is found; one more hop and the proxy is the client.
TEST(ClientAddress, WalksAtMostMaxHops) {
  auto trusted = Ranges("10.0.0.0/8");
  auto peer = Address("10.0.0.1");
  for (std::size_t hops : {http::kMaxHops - 1, http::kMaxHops}) {
    std::string xff = "203.0.113.7", forwarded = "for=203.0.113.7";
    for (std::size_t i = 0; i < hops; ++i) {
      std::string hop = "10.0.0." + std::to_string(i + 2);
      xff += ", " + hop;
      forwarded += ", for=" + hop;
    }
    std::string_view xff_line = xff, forwarded_line = forwarded;
    auto by_xff = http::ForwardedClient(trusted, peer, {}, http::HeaderLines(&xff_line, 1));
    auto by_forwarded =
        http::ForwardedClient(trusted, peer, http::HeaderLines(&forwarded_line, 1), {});
    if (hops < http::kMaxHops) {
      ASSERT_TRUE(by_xff && by_forwarded) << hops;
      EXPECT_EQ(by_xff->to_string(), "203.0.113.7");
      EXPECT_EQ(by_forwarded->to_string(), "203.0.113.7");
    } else {
      EXPECT_FALSE(by_xff) << hops;
      EXPECT_FALSE(by_forwarded) << hops;
    }
  }
}

// Megabytes of header (payd's own header limit is 16 KiB, but the walk must
// not depend on it): the client at the right end is found at once, and a
// long all-trusted chain stops after kMaxHops.
TEST(ClientAddress, HugeHeadersCostLittle) {
  auto trusted = Ranges("10.0.0.0/8");
  auto peer = Address("10.0.0.1");
  std::string spoofed, trusted_chain, forwarded;
  for (int i = 0; i < 50'000; ++i) {
    spoofed += "198.51.100." + std::to_string(i % 250) + ", ";
    trusted_chain += "10.0.0.2, ";
    forwarded += "for=\"198.51.100.1\";proto=https, ";
  }
  spoofed += "203.0.113.7";
  trusted_chain += "10.0.0.3";
  forwarded += "for=203.0.113.7";
  std::vector<std::string_view> many_lines(10'000, std::string_view("10.0.0.2"));
  many_lines.front() = "203.0.113.7";

  auto start = std::chrono::steady_clock::now();
  std::string_view line = spoofed;
  auto client = http::ForwardedClient(trusted, peer, {}, http::HeaderLines(&line, 1));
  ASSERT_TRUE(client);
  EXPECT_EQ(client->to_string(), "203.0.113.7");
  line = trusted_chain;
  EXPECT_FALSE(http::ForwardedClient(trusted, peer, {}, http::HeaderLines(&line, 1)));
  EXPECT_FALSE(http::ForwardedClient(trusted, peer, {}, many_lines));
  line = forwarded;
  client = http::ForwardedClient(trusted, peer, http::HeaderLines(&line, 1), {});
  ASSERT_TRUE(client);
  EXPECT_EQ(client->to_string(), "203.0.113.7");
  // Generous, for sanitizer builds on a busy machine: a walk that parsed
  // every address would take seconds.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST(ClientAddress, ClientKeysGroupAnIpv6HostsAddresses) {
  EXPECT_EQ(http::ClientKey("203.0.113.9"), "203.0.113.9");
  EXPECT_EQ(http::ClientKey("::ffff:203.0.113.9"), "203.0.113.9");
  EXPECT_EQ(http::ClientKey("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  EXPECT_EQ(http::ClientKey("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
  EXPECT_NE(http::ClientKey("2001:db8:1:3::1"), http::ClientKey("2001:db8:1:2::1"));
  EXPECT_EQ(http::ClientKey("not an address"), "not an address");
}

}  // namespace
}  // namespace payd
