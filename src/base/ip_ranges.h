// A set of IP address ranges as an operator writes them: single addresses and
// CIDR blocks, IPv4 and IPv6 ("127.0.0.1", "10.0.0.0/8", "fd00::/8"). Used for
// the proxies payd trusts (config trusted_proxies).
//
// An IPv4 address matches the IPv4 entries and, in its IPv4-mapped IPv6 form
// (::ffff:a.b.c.d), the IPv6 ones; an IPv4-mapped IPv6 address counts as the
// IPv4 address it carries. So a dual-stack socket's peer ::ffff:127.0.0.1 is
// inside 127.0.0.0/8, and ::/0 holds every address.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace payd::base {

// The client part of a per-client count (connections, rate limits, sign-in
// throttles): an IPv4 address, or the /64 prefix of an IPv6 one (one host
// usually holds a whole /64, so its addresses are one client). IPv4-mapped
// IPv6 addresses count as IPv4. Unparsable text is kept.
std::string ClientKey(std::string_view remote_ip);

class IpRanges {
 public:
  // Adds one entry. Refuses (false, with the reason in `error`) anything but
  // an address or an address/prefix whose host bits are zero: "10.1.2.3/8"
  // is more likely a typo than a wish for 10.0.0.0/8. Zone ids (fe80::1%eth0)
  // are refused too.
  bool Add(std::string_view entry, std::string& error);

  bool Contains(const boost::asio::ip::address& address) const;
  bool empty() const { return v4_.empty() && v6_.empty(); }
  // True when some entry is a /0: every address is inside.
  bool HoldsEverything() const;
  // The entries in canonical form, IPv4 first ("127.0.0.1/32", "10.0.0.0/8").
  std::vector<std::string> ToStrings() const;

 private:
  std::vector<boost::asio::ip::network_v4> v4_;
  std::vector<boost::asio::ip::network_v6> v6_;
};

// The address without the IPv4-mapped wrapping (::ffff:1.2.3.4 -> 1.2.3.4)
// and without an IPv6 zone id: the form payd compares and counts clients in.
boost::asio::ip::address Unmapped(const boost::asio::ip::address& address);

}  // namespace payd::base
