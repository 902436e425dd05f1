#include "http/client_address.h"

#include <deque>
#include <vector>

#include "base/strings.h"

namespace payd::http {

namespace ip = boost::asio::ip;

namespace {

// A port as RFC 7239 writes one: digits, or an obfuscated "_abc".
bool IsPort(std::string_view text) {
  if (text.empty() || text.size() > 16) return false;
  bool obfuscated = text[0] == '_';
  for (char c : obfuscated ? text.substr(1) : text) {
    bool digit = c >= '0' && c <= '9';
    bool other =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-' || c == '_';
    if (!digit && !(obfuscated && other)) return false;
  }
  return obfuscated ? text.size() > 1 : text.size() <= 5;
}

// One hop: "192.0.2.1", "192.0.2.1:4711", "2001:db8::1", "[2001:db8::1]" or
// "[2001:db8::1]:4711". Nothing for "unknown", "_obfuscated", names, zone ids
// and anything else: such a hop names no address.
std::optional<ip::address> ParseNode(std::string_view text) {
  if (text.empty() || text.size() > 64 || text.find('%') != std::string_view::npos) return {};
  boost::system::error_code ec;
  if (text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos) return {};
    std::string_view port = text.substr(close + 1);
    if (!port.empty() && !(port[0] == ':' && IsPort(port.substr(1)))) return {};
    auto v6 = ip::make_address_v6(std::string(text.substr(1, close - 1)), ec);
    if (ec) return {};
    return base::Unmapped(v6);
  }
  auto address = ip::make_address(std::string(text), ec);
  if (!ec) return base::Unmapped(address);
  auto colon = text.find(':');
  if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos ||
      !IsPort(text.substr(colon + 1))) {
    return {};
  }
  auto v4 = ip::make_address_v4(std::string(text.substr(0, colon)), ec);
  if (ec) return {};
  return ip::address(v4);
}

// What walking one header found: no hops at all, a client, or a hop that
// names nobody before any client.
struct Walk {
  enum class Kind { kAbsent, kClient, kNobody } kind = Kind::kAbsent;
  ip::address client;
};

// Takes the hops of one header from the right.
class Walker {
 public:
  explicit Walker(const base::IpRanges& trusted) : trusted_(trusted) {}

  // False once the walk is over.
  bool Take(const std::optional<ip::address>& hop) {
    if (++hops_ > kMaxHops || !hop) {
      result_.kind = Walk::Kind::kNobody;
      return false;
    }
    if (!trusted_.Contains(*hop)) {
      result_ = {Walk::Kind::kClient, *hop};
      return false;
    }
    result_ = {Walk::Kind::kClient, *hop};  // so far, the leftmost of an all-trusted chain
    return true;
  }
  const Walk& result() const { return result_; }

 private:
  const base::IpRanges& trusted_;
  std::size_t hops_ = 0;
  Walk result_;
};

Walk WalkXForwardedFor(const base::IpRanges& trusted, HeaderLines lines) {
  Walker walker(trusted);
  for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
    std::string_view rest = *line;
    for (;;) {
      auto comma = rest.rfind(',');
      auto item = base::TrimBlanks(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
      // Empty list elements are allowed and mean nothing (RFC 9110 5.6.1).
      if (!item.empty() && !walker.Take(ParseNode(item))) return walker.result();
      if (comma == std::string_view::npos) break;
      rest = rest.substr(0, comma);
    }
  }
  return walker.result();
}

bool IsTokenChar(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// The `for` value of each element of one Forwarded line, the rightmost
// kMaxHops + 1 at most (a walk stops there); an element without one has
// none. Nothing when the line does not parse: its elements cannot be told
// apart, so none of them can be trusted. Lenient in one way: a value need
// not be quoted to hold ':' or brackets.
std::optional<std::deque<std::optional<std::string>>> ParseForwardedLine(std::string_view s) {
  std::deque<std::optional<std::string>> fors;
  std::size_t i = 0;
  auto skip_blanks = [&] {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  };
  for (;;) {
    skip_blanks();
    if (i == s.size()) break;
    if (s[i] == ',') {  // an empty element
      ++i;
      continue;
    }
    std::optional<std::string> for_value;
    for (;;) {  // the element's pairs, name=value separated by ';'
      skip_blanks();
      if (i < s.size() && s[i] == ';') {
        ++i;
        continue;
      }
      if (i == s.size() || s[i] == ',') break;
      std::size_t name_start = i;
      while (i < s.size() && IsTokenChar(s[i])) ++i;
      std::string_view name = s.substr(name_start, i - name_start);
      if (name.empty() || i == s.size() || s[i] != '=') return {};
      ++i;
      std::string value;
      if (i < s.size() && s[i] == '"') {
        bool closed = false;
        for (++i; i < s.size() && !closed;) {
          char c = s[i++];
          if (c == '"') {
            closed = true;
          } else if (c != '\\') {
            value.push_back(c);
          } else if (i < s.size()) {
            value.push_back(s[i++]);
          }
        }
        if (!closed) return {};
      } else {
        std::size_t start = i;
        while (i < s.size() && std::string_view(";, \t\"").find(s[i]) == std::string_view::npos)
          ++i;
        if (i == start) return {};
        value = s.substr(start, i - start);
      }
      if (base::EqualsIgnoreCase(name, "for")) {
        if (for_value) return {};  // at most once per element (RFC 7239 section 4)
        for_value = std::move(value);
      }
      skip_blanks();
      if (i < s.size() && s[i] != ';' && s[i] != ',') return {};
    }
    fors.push_back(std::move(for_value));
    if (fors.size() > kMaxHops + 1) fors.pop_front();
  }
  return fors;
}

Walk WalkForwarded(const base::IpRanges& trusted, HeaderLines lines) {
  Walker walker(trusted);
  for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
    auto fors = ParseForwardedLine(*line);
    if (!fors) {
      walker.Take(std::nullopt);
      break;
    }
    for (auto hop = fors->rbegin(); hop != fors->rend(); ++hop) {
      if (!walker.Take(*hop ? ParseNode(**hop) : std::nullopt)) return walker.result();
    }
  }
  return walker.result();
}

std::vector<std::string_view> Lines(const Request& req, std::string_view name) {
  std::vector<std::string_view> lines;
  for (auto [it, end] = req.equal_range(name); it != end; ++it) lines.push_back(it->value());
  return lines;
}

}  // namespace

std::optional<ip::address> ForwardedClient(const base::IpRanges& trusted, const ip::address& peer,
                                           HeaderLines forwarded, HeaderLines x_forwarded_for) {
  if (trusted.empty() || !trusted.Contains(peer)) return {};
  using Kind = Walk::Kind;
  Walk f = WalkForwarded(trusted, forwarded);
  Walk x = WalkXForwardedFor(trusted, x_forwarded_for);
  if (f.kind == Kind::kAbsent) std::swap(f, x);
  if (x.kind == Kind::kAbsent || (x.kind == Kind::kClient && x.client == f.client)) {
    if (f.kind == Kind::kClient) return f.client;
  }
  return {};
}

ClientAddress ClientOf(const base::IpRanges& trusted, const ip::address& peer, const Request& req) {
  ClientAddress out{peer.to_string(), peer.to_string()};
  if (trusted.empty() || !trusted.Contains(peer)) return out;
  auto forwarded = Lines(req, "Forwarded");
  auto x_forwarded_for = Lines(req, "X-Forwarded-For");
  if (auto client = ForwardedClient(trusted, peer, forwarded, x_forwarded_for))
    out.client = client->to_string();
  return out;
}

}  // namespace payd::http
