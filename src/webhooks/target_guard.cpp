#include "webhooks/target_guard.h"

#include <netdb.h>
#include <sys/socket.h>

#include <boost/url/parse.hpp>
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

bool NonPublicV6(const address_v6& a) {
  if (a.is_v4_mapped())
    return NonPublicV4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, a));
  auto bytes = a.to_bytes();
  return a.is_loopback() || a.is_unspecified() || a.is_link_local() || a.is_multicast() ||
         (bytes[0] & 0xfe) == 0xfc ||                        // fc00::/7 unique local
         (bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0xc0) ||  // fec0::/10 site local
         (bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0d &&
          bytes[3] == 0xb8);  // 2001:db8::/32
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
      return Refuse(t, "the host resolves to a non-public address (" + address.to_string() +
                           "); set webhooks.allow_private_targets to allow it");
    }
    std::string shown = address.to_string();
    if (std::find(t.addresses.begin(), t.addresses.end(), shown) == t.addresses.end())
      t.addresses.push_back(shown);
  }
  if (t.addresses.empty()) return Refuse(t, "the host name does not resolve");
  return t;
}

}  // namespace payd::webhooks
