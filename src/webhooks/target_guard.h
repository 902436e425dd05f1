// Where payd may send webhooks (DECISIONS §7): http(s) URLs only, https on
// mainnet, and never to private, loopback, link-local (cloud metadata lives
// there) or otherwise non-public addresses unless the operator allows it.
// An IPv6 address that carries an IPv4 one (mapped, translated,
// IPv4-compatible, NAT64, 6to4, Teredo) is judged by the IPv4 inside.
// Checked when an endpoint is added and again at every delivery, against the
// addresses the name resolves to then; the delivery connects to exactly the
// addresses checked, so DNS rebinding between check and connect is no way in.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "domain/management/webhook_endpoints.h"

namespace payd::webhooks {

struct TargetPolicy {
  bool allow_private = false;
  bool require_https = false;
};

struct Target {
  bool allowed = false;
  std::string reason;  // why not, when not allowed
  std::string scheme;
  std::string host;
  std::uint16_t port = 0;
  std::vector<std::string> addresses;  // resolved, all allowed
};

// Parses and resolves `url`, then applies the policy. Blocking (getaddrinfo).
Target CheckTarget(const std::string& url, const TargetPolicy& policy);
// CheckTarget as the management operations ask it (domain::TargetCheck).
domain::TargetCheck TargetCheckFor(const TargetPolicy& policy);
// Only the URL's form (scheme, host, no userinfo); no resolution.
Target CheckTargetForm(const std::string& url, const TargetPolicy& policy);

// True for addresses that are not on the public internet.
bool IsNonPublic(const boost::asio::ip::address& address);

}  // namespace payd::webhooks
