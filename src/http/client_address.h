// Who sent a request: the socket's peer, unless the peer is a proxy the
// operator trusts (trusted_proxies), which names the client in
// `Forwarded: for=...` (RFC 7239) or `X-Forwarded-For`. The public per-client
// limits and the access log use the answer; anyone else's headers are the
// client's own words and are never read.
//
// Each header is walked from the right (its last line first; a proxy appends
// what it saw), skipping addresses that are themselves trusted proxies; the
// first other address is the client. Everything left of it was written by
// the client or by proxies nobody vouches for. When every address is trusted,
// the leftmost one is the client. A walk that meets something that names no
// address (`unknown`, an obfuscated `_id`, a host name, garbage, a Forwarded
// element without `for`) or goes further than kMaxHops names no client.
//
// When both headers are present, both must name the same client. A proxy
// that adds one header passes the other through as the client sent it
// (nginx, Caddy and most others add X-Forwarded-For and keep a client's
// Forwarded), so preferring either would let any client choose its address
// behind some proxy; requiring agreement lets it choose none.
//
// No client named: the socket's peer is the client.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/ip_ranges.h"
#include "http/message.h"

namespace payd::http {

// How many addresses a walk inspects at most, so that a huge header costs
// little. Real chains are a few proxies long.
constexpr std::size_t kMaxHops = 32;

// A header's lines in the order they came.
using HeaderLines = std::span<const std::string_view>;

// The client the headers name, or nothing when the peer is to be taken.
std::optional<boost::asio::ip::address> ForwardedClient(const base::IpRanges& trusted,
                                                        const boost::asio::ip::address& peer,
                                                        HeaderLines forwarded,
                                                        HeaderLines x_forwarded_for);

struct ClientAddress {
  std::string client;  // what limits and the log count as the client
  std::string peer;    // the socket's peer
};

// The same for a request that came from `peer`; with no trusted proxies, the peer.
ClientAddress ClientOf(const base::IpRanges& trusted, const boost::asio::ip::address& peer,
                       const Request& req);

// The client part of a per-client count (base::ClientKey: an IPv6 /64 is one client).
using base::ClientKey;

}  // namespace payd::http
