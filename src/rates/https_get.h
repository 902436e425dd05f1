// One GET of a rate source's file (the ECB's eurofxref-daily.xml) with libcurl:
// HTTPS only (plain HTTP only when asked, for tests on loopback), no
// redirects, TLS verified, bounded in time and in size, with payd's
// User-Agent. The URL is the operator's configuration, not a merchant's, so
// unlike a webhook target it needs no address guard, and the environment's
// proxy settings apply (an operator's egress proxy), as for the chain's RPC.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace payd::rates {

// The largest body taken: the ECB's daily file is about 1.5 kB.
inline constexpr std::size_t kHttpsGetMaxBytes = 1024 * 1024;

struct HttpsGetOptions {
  std::chrono::milliseconds timeout{15'000};  // the whole exchange; connecting: 5 s at most
  std::string ca_file;      // PEM certificates to trust instead of the system's (tests)
  bool allow_http = false;  // http:// as well as https:// (tests on loopback)
};

// The body, or why there is none (body empty, problem one line).
struct FetchResult {
  std::optional<std::string> body;
  std::string problem;
};

// GETs `url`. A body only for HTTP 200 and at most kHttpsGetMaxBytes (the
// transfer is aborted past it); any other status, a redirect included, is a
// problem. Never throws.
FetchResult HttpsGet(const std::string& url, const HttpsGetOptions& opts = {});

}  // namespace payd::rates
