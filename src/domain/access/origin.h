// Web origins and the allowlist that guards the public widget endpoints.
//
// An allowlist entry is either an exact origin ("https://shop.example",
// "http://localhost:3000") or a subdomain wildcard ("*.example.org",
// "https://*.example.org"). An entry without a scheme means https. A
// wildcard matches subdomains at any depth, not the bare domain. Ports default
// to the scheme's (443/80) on both sides, so "https://a.example:443" equals
// "https://a.example".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace payd::domain {

struct Origin {
  std::string scheme;  // "http" or "https", lowercase
  std::string host;    // lowercase
  std::uint16_t port = 0;

  std::string ToString() const;
  bool operator==(const Origin&) const = default;
};

// Parses an Origin header value ("https://shop.example[:port]", no path).
std::optional<Origin> ParseOrigin(std::string_view text);
// The origin of an absolute URL, for the Referer header.
std::optional<Origin> OriginOfUrl(std::string_view url);

struct OriginRule {
  std::string scheme;
  std::string host;  // for wildcards, the suffix after "*."
  std::uint16_t port = 0;
  bool wildcard = false;

  bool Matches(const Origin& origin) const;
  std::string ToString() const;
};

// Nothing if the entry is not one of the accepted forms.
std::optional<OriginRule> ParseOriginRule(std::string_view text);

bool OriginAllowed(const std::vector<OriginRule>& rules, const Origin& origin);

}  // namespace payd::domain
