#include "domain/access/origin.h"

#include <algorithm>
#include <boost/url/ipv6_address.hpp>
#include <boost/url/parse.hpp>
#include <cctype>
#include <charconv>

#include "base/strings.h"

namespace payd::domain {

namespace {

std::uint16_t DefaultPort(std::string_view scheme) {
  return scheme == "https" ? 443 : 80;
}

bool ValidHostname(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  if (host.front() == '[') {  // an IPv6 literal; browsers send no other bracketed form
    return host.size() > 2 && host.back() == ']' &&
           boost::urls::parse_ipv6_address(host.substr(1, host.size() - 2)).has_value();
  }
  std::size_t start = 0;
  while (start <= host.size()) {
    std::size_t end = host.find('.', start);
    if (end == std::string_view::npos) end = host.size();
    std::string_view label = host.substr(start, end - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
      return false;
    }
    for (char c : label) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return false;
    }
    start = end + 1;
  }
  return true;
}

// Splits "host[:port]" and validates both parts.
bool ParseHostPort(std::string_view text, std::string& host, std::optional<std::uint16_t>& port) {
  std::size_t colon = text.rfind(':');
  if (colon != std::string_view::npos && text.find(']', colon) == std::string_view::npos) {
    std::string_view digits = text.substr(colon + 1);
    unsigned value = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() || value == 0 ||
        value > 65535) {
      return false;
    }
    port = static_cast<std::uint16_t>(value);
    text = text.substr(0, colon);
  }
  host = base::AsciiLower(text);
  return ValidHostname(host);
}

std::optional<Origin> FromUrl(std::string_view text, bool allow_path) {
  auto parsed = boost::urls::parse_uri(text);
  if (!parsed) return std::nullopt;
  const auto& url = *parsed;
  std::string scheme = base::AsciiLower(url.scheme());
  if (scheme != "http" && scheme != "https") return std::nullopt;
  if (url.has_userinfo() || !url.has_authority()) return std::nullopt;
  if (!allow_path && (!url.encoded_path().empty() || url.has_query() || url.has_fragment())) {
    return std::nullopt;
  }
  std::string host;
  std::optional<std::uint16_t> port;
  if (!ParseHostPort(url.encoded_authority(), host, port)) return std::nullopt;
  return Origin{scheme, host, port.value_or(DefaultPort(scheme))};
}

}  // namespace

std::string Origin::ToString() const {
  std::string out = scheme + "://" + host;
  if (port != DefaultPort(scheme)) out += ":" + std::to_string(port);
  return out;
}

std::optional<Origin> ParseOrigin(std::string_view text) {
  return FromUrl(text, false);
}

std::optional<Origin> OriginOfUrl(std::string_view url) {
  return FromUrl(url, true);
}

bool OriginRule::Matches(const Origin& origin) const {
  if (origin.scheme != scheme || origin.port != port) return false;
  if (!wildcard) return origin.host == host;
  return origin.host.size() > host.size() + 1 && origin.host.ends_with(host) &&
         origin.host[origin.host.size() - host.size() - 1] == '.';
}

std::string OriginRule::ToString() const {
  Origin shown{scheme, wildcard ? "*." + host : host, port};
  return shown.ToString();
}

std::optional<OriginRule> ParseOriginRule(std::string_view text) {
  OriginRule rule;
  rule.scheme = "https";
  if (auto sep = text.find("://"); sep != std::string_view::npos) {
    rule.scheme = base::AsciiLower(text.substr(0, sep));
    text = text.substr(sep + 3);
  }
  if (rule.scheme != "http" && rule.scheme != "https") return std::nullopt;
  if (text.ends_with("/")) text.remove_suffix(1);
  if (text.starts_with("*.")) {
    rule.wildcard = true;
    text.remove_prefix(2);
  }
  std::optional<std::uint16_t> port;
  if (text.find_first_of("/?#@*") != std::string_view::npos ||
      !ParseHostPort(text, rule.host, port)) {
    return std::nullopt;
  }
  rule.port = port.value_or(DefaultPort(rule.scheme));
  return rule;
}

bool OriginAllowed(const std::vector<OriginRule>& rules, const Origin& origin) {
  return std::any_of(rules.begin(), rules.end(),
                     [&](const OriginRule& r) { return r.Matches(origin); });
}

}  // namespace payd::domain
