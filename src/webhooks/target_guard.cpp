#include "webhooks/target_guard.h"

#include <netdb.h>
#include <sys/socket.h>

#include <algorithm>
#include <boost/url/parse.hpp>
#include <initializer_list>
#include <memory>

#include "base/strings.h"

namespace payd::webhooks {

namespace {

using boost::asio::ip::address_v4;
using boost::asio::ip::address_v6;

bool InV4(const address_v4& a, const char* net, int bits) {
  std::uint32_t mask = bits == 0 ? 0 : ~std::uint32_t{0} << (32 - bits);
  return (a.to_uint() & mask) == (boost::asio::ip::make_address_v4(net).to_uint() & mask);
}

bool NonPublicV4(const address_v4& a) {
  static const std::pair<const char*, int> kRanges[] = {
      {"0.0.0.0", 8},      {"10.0.0.0", 8},    {"100.64.0.0", 10},   {"127.0.0.0", 8},
      {"169.254.0.0", 16}, {"172.16.0.0", 12}, {"192.0.0.0", 24},    {"192.0.2.0", 24},
      {"192.168.0.0", 16}, {"198.18.0.0", 15}, {"198.51.100.0", 24}, {"203.0.113.0", 24},
      {"224.0.0.0", 4},    {"240.0.0.0", 4},
  };
  for (const auto& [net, bits] : kRanges) {
    if (InV4(a, net, bits)) return true;
  }
  return false;
}

address_v4 V4At(const address_v6::bytes_type& b, std::size_t at, bool inverted = false) {
  address_v4::bytes_type v4{};
  for (std::size_t i = 0; i < 4; ++i)
    v4[i] = static_cast<unsigned char>(inverted ? ~b[at + i] : b[at + i]);
  return address_v4(v4);
}

bool StartsWith(const address_v6::bytes_type& b, std::initializer_list<unsigned char> prefix) {
  return std::equal(prefix.begin(), prefix.end(), b.begin());
}

// Addresses that carry an IPv4 address a router or relay will deliver to:
// they are as public as the IPv4 inside (for Teredo, both inside).
std::vector<address_v4> EmbeddedV4(const address_v6& a) {
  auto b = a.to_bytes();
  if (StartsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}))  // ::ffff:0:0/96 mapped
    return {V4At(b, 12)};
  if (StartsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0}))  // ::ffff:0:0:0/96 translated
    return {V4At(b, 12)};
  if (StartsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}))  // ::/96 IPv4-compatible
    return {V4At(b, 12)};
  if (StartsWith(b, {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0}))  // 64:ff9b::/96 NAT64
    return {V4At(b, 12)};
  if (StartsWith(b, {0x20, 0x02}))  // 2002::/16 6to4
    return {V4At(b, 2)};
  if (StartsWith(b, {0x20, 0x01, 0, 0}))  // 2001::/32 Teredo: server, then client (inverted)
    return {V4At(b, 4), V4At(b, 12, /*inverted=*/true)};
  return {};
}

bool NonPublicV6(const address_v6& a) {
  auto bytes = a.to_bytes();
  if (a.is_loopback() || a.is_unspecified()) return true;
  for (const auto& v4 : EmbeddedV4(a)) {
    if (NonPublicV4(v4)) return true;
  }
  return a.is_link_local() || a.is_multicast() ||
         (bytes[0] & 0xfe) == 0xfc ||                        // fc00::/7 unique local
         (bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0xc0) ||  // fec0::/10 site local
         StartsWith(bytes, {0, 0x64, 0xff, 0x9b, 0, 1}) ||   // 64:ff9b:1::/48 local-use NAT64
         StartsWith(bytes, {1, 0, 0, 0, 0, 0, 0, 0}) ||      // 100::/64 discard only
         StartsWith(bytes, {0x20, 0x01, 0, 0x02, 0, 0}) ||   // 2001:2::/48 benchmarking
         StartsWith(bytes, {0x20, 0x01, 0x0d, 0xb8});        // 2001:db8::/32 documentation
}

Target Refuse(Target t, std::string reason) {
  t.allowed = false;
  t.reason = std::move(reason);
  return t;
}

}  // namespace

bool IsNonPublic(const boost::asio::ip::address& address) {
  return address.is_v4() ? NonPublicV4(address.to_v4()) : NonPublicV6(address.to_v6());
}

Target CheckTargetForm(const std::string& url, const TargetPolicy& policy) {
  Target t;
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed || url.size() > 2048) return Refuse(t, "not an absolute URL");
  t.scheme = base::AsciiLower(parsed->scheme());
  if (t.scheme != "http" && t.scheme != "https")
    return Refuse(t, "the scheme must be http or https");
  if (policy.require_https && t.scheme != "https")
    return Refuse(t, "mainnet webhooks must use https");
  if (parsed->has_userinfo()) return Refuse(t, "credentials in the URL are not allowed");
  t.host = std::string(parsed->host_address());
  if (t.host.empty()) return Refuse(t, "the URL has no host");
  t.port = parsed->has_port() ? static_cast<std::uint16_t>(parsed->port_number())
                              : static_cast<std::uint16_t>(t.scheme == "https" ? 443 : 80);
  t.allowed = true;
  return t;
}

Target CheckTarget(const std::string& url, const TargetPolicy& policy) {
  Target t = CheckTargetForm(url, policy);
  if (!t.allowed) return t;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  int rc = getaddrinfo(t.host.c_str(), nullptr, &hints, &found);
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> guard(found, freeaddrinfo);
  if (rc != 0 || !found) return Refuse(t, "the host name does not resolve");
  for (addrinfo* ai = found; ai; ai = ai->ai_next) {
    char text[NI_MAXHOST];
    if (getnameinfo(ai->ai_addr, ai->ai_addrlen, text, sizeof text, nullptr, 0, NI_NUMERICHOST) !=
        0)
      continue;
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(text, ec);
    if (ec) continue;
    if (!policy.allow_private && IsNonPublic(address)) {
      // Which address is not said: the answer would map the operator's internal DNS
      // for whoever may register an endpoint.
      return Refuse(t,
                    "the host resolves to a private or reserved address; set "
                    "webhooks.allow_private_targets to allow it");
    }
    std::string shown = address.to_string();
    if (std::find(t.addresses.begin(), t.addresses.end(), shown) == t.addresses.end())
      t.addresses.push_back(shown);
  }
  if (t.addresses.empty()) return Refuse(t, "the host name does not resolve");
  return t;
}

domain::TargetCheck TargetCheckFor(const TargetPolicy& policy) {
  return [policy](const std::string& url) {
    auto target = CheckTarget(url, policy);
    return target.allowed ? std::string() : target.reason;
  };
}

}  // namespace payd::webhooks
