// Fuzz target: trusted_proxies entries (base/ip_ranges.h) and the client a
// trusted proxy names in Forwarded / X-Forwarded-For (http/client_address.h).
//
// Input: lines. The first is a trusted_proxies entry; each other is a header
// line, Forwarded when it starts with "F:", X-Forwarded-For otherwise (after
// an optional "X:"). The proxies trusted are 127.0.0.1, 10.0.0.0/8 and
// fd00::/8; the peer is 127.0.0.1.
//
// Properties: an accepted entry prints as a range that reads back to itself
// and holds its own network address; from an untrusted peer no header is
// ever read; a client named is an address in the form payd counts (no
// IPv4-mapped form, no zone); and a client that is no trusted proxy stays
// the client whatever is put left of it (a new first line in front of the
// header that named it), which is what makes X-Forwarded-For safe to read.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/ip_ranges.h"
#include "fuzz_check.h"
#include "http/client_address.h"

namespace {

namespace ip = boost::asio::ip;
using payd::base::IpRanges;
using payd::http::ForwardedClient;
using payd::http::HeaderLines;

void CheckEntry(std::string_view entry) {
  IpRanges ranges;
  std::string error;
  std::string ctx = "entry '" + std::string(entry) + "'";
  if (!ranges.Add(entry, error)) {
    FUZZ_REQUIRE(ranges.empty() && !error.empty(), ctx);
    return;
  }
  auto shown = ranges.ToStrings();
  FUZZ_REQUIRE(shown.size() == 1, ctx);
  ctx += " shown '" + shown[0] + "'";
  IpRanges again;
  FUZZ_REQUIRE(again.Add(shown[0], error) && again.ToStrings() == shown, ctx);
  auto network = ip::make_address(shown[0].substr(0, shown[0].find('/')));
  FUZZ_REQUIRE(ranges.Contains(network), ctx);
}

const IpRanges& Trusted() {
  static const IpRanges trusted = [] {
    IpRanges r;
    std::string error;
    for (const char* entry : {"127.0.0.1", "10.0.0.0/8", "fd00::/8"}) r.Add(entry, error);
    return r;
  }();
  return trusted;
}

std::vector<std::string_view> With(std::string_view first, std::vector<std::string_view> lines) {
  lines.insert(lines.begin(), first);
  return lines;
}

void CheckHeaders(const std::vector<std::string_view>& forwarded,
                  const std::vector<std::string_view>& xff, const std::string& ctx) {
  const IpRanges& trusted = Trusted();
  auto peer = ip::make_address("127.0.0.1");
  FUZZ_REQUIRE(!ForwardedClient(trusted, ip::make_address("192.0.2.1"), forwarded, xff), ctx);
  auto client = ForwardedClient(trusted, peer, forwarded, xff);
  if (!client) return;
  FUZZ_REQUIRE(*client == payd::base::Unmapped(*client), ctx + " client " + client->to_string());
  if (trusted.Contains(*client)) return;
  // Only the header(s) that named the client get a new first line: an absent
  // one that appeared would rightly disagree.
  auto by_forwarded = ForwardedClient(trusted, peer, forwarded, {});
  auto by_xff = ForwardedClient(trusted, peer, {}, xff);
  auto new_forwarded = by_forwarded == client
                           ? With("for=198.51.100.250, for=_spoof, for=10.0.0.9", forwarded)
                           : forwarded;
  auto new_xff = by_xff == client ? With("198.51.100.250, junk, 10.0.0.9", xff) : xff;
  FUZZ_REQUIRE(ForwardedClient(trusted, peer, new_forwarded, new_xff) == client,
               ctx + " client " + client->to_string());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  CheckEntry(input.substr(0, newline));
  std::vector<std::string_view> forwarded, xff;
  while (newline != std::string_view::npos) {
    input.remove_prefix(newline + 1);
    newline = input.find('\n');
    std::string_view line = input.substr(0, newline);
    if (line.starts_with("F:")) {
      forwarded.push_back(line.substr(2));
    } else {
      xff.push_back(line.starts_with("X:") ? line.substr(2) : line);
    }
  }
  CheckHeaders(forwarded, xff, std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
