#include "base/ip_ranges.h"

#include <algorithm>
#include <charconv>

namespace payd::base {

namespace ip = boost::asio::ip;

namespace {

constexpr std::string_view kNotARange =
    "is not an IP address or CIDR range (such as 127.0.0.1, 10.0.0.0/8, fd00::/8)";

}  // namespace

ip::address Unmapped(const ip::address& address) {
  if (address.is_v4()) return address;
  ip::address_v6 v6 = address.to_v6();
  if (v6.is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, v6);
  return ip::address_v6(v6.to_bytes());
}

bool IpRanges::Add(std::string_view entry, std::string& error) {
  if (entry.find('%') != std::string_view::npos) {
    error = "has a zone id (%...); write the address alone";
    return false;
  }
  auto slash = entry.find('/');
  boost::system::error_code ec;
  ip::address address = ip::make_address(std::string(entry.substr(0, slash)), ec);
  if (ec || entry.size() > 64) {
    error = kNotARange;
    return false;
  }
  unsigned max = address.is_v4() ? 32 : 128;
  unsigned prefix = max;
  if (slash != std::string_view::npos) {
    std::string_view digits = entry.substr(slash + 1);
    auto [end, parse_ec] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
    if (digits.empty() || digits.size() > 3 || parse_ec != std::errc() ||
        end != digits.data() + digits.size() || prefix > max) {
      error = "has a prefix length that is not 0 to " + std::to_string(max);
      return false;
    }
  }
  auto host_bits = [&error](const auto& network) {
    if (network.address() == network.network()) return false;
    error = "has bits set past its prefix; the range is " + network.canonical().to_string();
    return true;
  };
  auto length = static_cast<unsigned short>(prefix);
  if (address.is_v4()) {
    ip::network_v4 network(address.to_v4(), length);
    if (host_bits(network)) return false;
    v4_.push_back(network);
  } else {
    ip::network_v6 network(address.to_v6(), length);
    if (host_bits(network)) return false;
    v6_.push_back(network);
  }
  return true;
}

bool IpRanges::Contains(const ip::address& address) const {
  ip::address plain = Unmapped(address);
  auto in_v6 = [this](const ip::address_v6& v6) {
    for (const auto& range : v6_) {
      if (ip::network_v6(v6, range.prefix_length()).canonical() == range) return true;
    }
    return false;
  };
  if (!plain.is_v4()) return in_v6(plain.to_v6());
  ip::address_v4 v4 = plain.to_v4();
  for (const auto& range : v4_) {
    if (ip::network_v4(v4, range.prefix_length()).canonical() == range) return true;
  }
  return in_v6(ip::make_address_v6(ip::v4_mapped, v4));
}

bool IpRanges::HoldsEverything() const {
  for (const auto& range : v4_) {
    if (range.prefix_length() == 0) return true;
  }
  for (const auto& range : v6_) {
    if (range.prefix_length() == 0) return true;
  }
  return false;
}

std::vector<std::string> IpRanges::ToStrings() const {
  std::vector<std::string> out;
  for (const auto& range : v4_) out.push_back(range.to_string());
  for (const auto& range : v6_) out.push_back(range.to_string());
  return out;
}

std::string ClientKey(std::string_view remote_ip) {
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(std::string(remote_ip), ec);
  if (ec) return std::string(remote_ip);
  if (address.is_v4()) return address.to_string();
  auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  }
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace payd::base
