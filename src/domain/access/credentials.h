// The credentials payd issues (DECISIONS §2): their text formats, scopes, and
// the environment each belongs to. A key's plaintext exists only in the
// creation response; payd keeps its SHA-256 digest, the prefix and the last
// four characters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace payd::domain {

enum class Environment { kTestnet, kMainnet };
std::string_view EnvironmentName(Environment env);
std::optional<Environment> ParseEnvironment(std::string_view text);

enum class KeyKind {
  kPublic,       // svc_pk_*: REST API, limited to its scopes
  kAccount,      // svc_ak_*: REST API with every scope
  kIntegration,  // svc_*: widget and SDK only, refused on /api/v1
};
std::string_view KeyKindName(KeyKind kind);
std::optional<KeyKind> ParseKeyKind(std::string_view text);

enum class Scope : std::uint8_t {
  kPaymentsRead = 1,
  kPaymentsWrite = 2,
  kEventsRead = 4,
  kWebhooksWrite = 8,  // manages webhook endpoints (DECISIONS §12)
  kRefundsWrite = 16,  // refunds (DECISIONS §15)
  kPayoutsWrite = 32,  // payouts (docs/api-reference.md "Payouts")
};
std::string_view ScopeName(Scope scope);

// A set of scopes as a bit mask; scopes do not imply one another.
class ScopeSet {
 public:
  ScopeSet() = default;
  static ScopeSet All();
  // "payments:read,events:read" or a list of names; nothing on an unknown name.
  static std::optional<ScopeSet> Parse(const std::vector<std::string>& names);
  static ScopeSet FromMask(std::uint8_t mask) { return ScopeSet(mask); }

  bool Has(Scope s) const { return (mask_ & static_cast<std::uint8_t>(s)) != 0; }
  bool Empty() const { return mask_ == 0; }
  std::uint8_t mask() const { return mask_; }
  std::vector<std::string> Names() const;

 private:
  explicit ScopeSet(std::uint8_t mask) : mask_(mask) {}
  std::uint8_t mask_ = 0;
};

std::string KeyPrefix(KeyKind kind, Environment env);

struct GeneratedKey {
  std::string plaintext;  // shown once, never stored
  std::string digest;     // SHA-256 of plaintext, raw bytes
  std::string prefix;
  std::string last4;
};
GeneratedKey GenerateKey(KeyKind kind, Environment env);

// What a presented key claims to be, read from its prefix, plus its digest.
struct PresentedKey {
  KeyKind kind;
  Environment environment;
  std::string digest;
};
// Nothing if the text does not have a payd key's shape.
std::optional<PresentedKey> ParsePresentedKey(std::string_view text);

// "whsec_" + base64 of 32 random bytes (Standard Webhooks).
std::string GenerateWebhookSecret();

}  // namespace payd::domain
