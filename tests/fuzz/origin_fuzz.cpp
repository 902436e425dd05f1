// Fuzz target: the origin allowlist (domain/access/origin.h).
//
// Input: two lines, "<allowlist entry>\n<Origin header or Referer URL>".
//
// Properties: a parsed origin is http(s), with a non-empty lowercase host and a
// non-zero port, and it round trips through its text, as an Origin header, as
// a Referer (with a path) and as an exact allowlist entry that matches it; a
// parsed entry round trips through its text; an exact entry matches its own
// origin and a wildcard never matches its bare domain but does match a
// subdomain; a match always means same scheme, same port, and the same host
// or a subdomain of it; case never matters.
#include <cstdint>
#include <string>
#include <string_view>

#include "base/strings.h"
#include "domain/access/origin.h"
#include "fuzz_check.h"

namespace {

namespace domain = payd::domain;

bool SameRule(const domain::OriginRule& a, const domain::OriginRule& b) {
  return a.scheme == b.scheme && a.host == b.host && a.port == b.port && a.wildcard == b.wildcard;
}

std::string AsciiUpper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

void CheckOriginShape(const domain::Origin& o, const std::string& ctx) {
  FUZZ_REQUIRE(o.scheme == "http" || o.scheme == "https", ctx);
  FUZZ_REQUIRE(!o.host.empty() && o.host == payd::base::AsciiLower(o.host), ctx);
  FUZZ_REQUIRE(o.port != 0, ctx);
  for (unsigned char c : o.host) FUZZ_REQUIRE(c > 0x20 && c < 0x7f, ctx);
}

void CheckOrigin(std::string_view text) {
  auto origin = domain::ParseOrigin(text);
  std::string ctx = "origin '" + std::string(text) + "'";
  if (origin) {
    CheckOriginShape(*origin, ctx);
    std::string shown = origin->ToString();
    ctx += " shown '" + shown + "'";
    FUZZ_REQUIRE(domain::ParseOrigin(shown) == origin, ctx);
    FUZZ_REQUIRE(domain::OriginOfUrl(text) == origin, ctx);
    FUZZ_REQUIRE(domain::OriginOfUrl(shown + "/checkout?x=1#top") == origin, ctx);
    // Case never matters, except in Boost.URL's reading of an IPvFuture
    // literal ("[v1.x]"), which no browser sends as an origin.
    if (payd::base::AsciiLower(text).find("[v") == std::string::npos) {
      FUZZ_REQUIRE(domain::ParseOrigin(AsciiUpper(text)) == origin, ctx);
    }
    auto rule = domain::ParseOriginRule(shown);
    FUZZ_REQUIRE(rule && !rule->wildcard && rule->Matches(*origin), ctx);
  }
  auto of_url = domain::OriginOfUrl(text);
  if (of_url) {
    CheckOriginShape(*of_url, "url " + ctx);
    FUZZ_REQUIRE(domain::ParseOrigin(of_url->ToString()) == of_url, "url " + ctx);
  }
}

void CheckRule(std::string_view text, std::string_view origin_text) {
  auto rule = domain::ParseOriginRule(text);
  std::string ctx = "rule '" + std::string(text) + "'";
  FUZZ_REQUIRE(rule.has_value() == domain::ParseOriginRule(AsciiUpper(text)).has_value(), ctx);
  if (!rule) return;
  FUZZ_REQUIRE(rule->scheme == "http" || rule->scheme == "https", ctx);
  FUZZ_REQUIRE(!rule->host.empty() && rule->host == payd::base::AsciiLower(rule->host), ctx);
  FUZZ_REQUIRE(rule->port != 0, ctx);
  std::string shown = rule->ToString();
  ctx += " shown '" + shown + "'";
  auto again = domain::ParseOriginRule(shown);
  FUZZ_REQUIRE(again && SameRule(*again, *rule), ctx);
  auto upper = domain::ParseOriginRule(AsciiUpper(text));
  FUZZ_REQUIRE(upper && SameRule(*upper, *rule), ctx);

  domain::Origin own{rule->scheme, rule->host, rule->port};
  domain::Origin sub{rule->scheme, "a." + rule->host, rule->port};
  if (rule->wildcard) {
    FUZZ_REQUIRE(!rule->Matches(own), ctx);
    FUZZ_REQUIRE(rule->Matches(sub), ctx);
  } else {
    FUZZ_REQUIRE(rule->Matches(own), ctx);
    FUZZ_REQUIRE(!rule->Matches(sub), ctx);
  }

  for (auto candidate : {domain::ParseOrigin(origin_text), domain::OriginOfUrl(origin_text)}) {
    if (!candidate || !domain::OriginAllowed({*rule}, *candidate)) continue;
    std::string mctx = ctx + " matched '" + std::string(origin_text) + "'";
    FUZZ_REQUIRE(candidate->scheme == rule->scheme && candidate->port == rule->port, mctx);
    bool same = candidate->host == rule->host;
    bool below = candidate->host.size() > rule->host.size() + 1 &&
                 candidate->host.ends_with("." + rule->host);
    FUZZ_REQUIRE(rule->wildcard ? below : same, mctx);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  std::string_view rule = input.substr(0, newline);
  std::string_view origin = newline == std::string_view::npos ? "" : input.substr(newline + 1);
  CheckOrigin(rule);
  CheckOrigin(origin);
  CheckRule(rule, origin);
  CheckRule(origin, rule);
  return 0;
}
