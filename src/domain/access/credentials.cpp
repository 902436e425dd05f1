#include "domain/access/credentials.h"

#include <algorithm>
#include <array>

#include "base/crypto.h"

namespace payd::domain {

namespace {

constexpr std::size_t kKeyRandomBytes = 32;
// base64url without padding of kKeyRandomBytes.
constexpr std::size_t kKeyBodyLength = 43;

constexpr std::array<Scope, 6> kAllScopes = {Scope::kPaymentsRead, Scope::kPaymentsWrite,
                                             Scope::kEventsRead,   Scope::kWebhooksWrite,
                                             Scope::kRefundsWrite, Scope::kPayoutsWrite};

bool IsBase64UrlChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

std::string_view EnvironmentName(Environment env) {
  return env == Environment::kMainnet ? "mainnet" : "testnet";
}

std::optional<Environment> ParseEnvironment(std::string_view text) {
  if (text == "testnet") return Environment::kTestnet;
  if (text == "mainnet") return Environment::kMainnet;
  return std::nullopt;
}

std::string_view KeyKindName(KeyKind kind) {
  switch (kind) {
    case KeyKind::kPublic:
      return "public";
    case KeyKind::kAccount:
      return "account";
    case KeyKind::kIntegration:
      return "integration";
  }
  return "public";
}

std::optional<KeyKind> ParseKeyKind(std::string_view text) {
  if (text == "public") return KeyKind::kPublic;
  if (text == "account") return KeyKind::kAccount;
  if (text == "integration") return KeyKind::kIntegration;
  return std::nullopt;
}

std::string_view ScopeName(Scope scope) {
  switch (scope) {
    case Scope::kPaymentsRead:
      return "payments:read";
    case Scope::kPaymentsWrite:
      return "payments:write";
    case Scope::kEventsRead:
      return "events:read";
    case Scope::kWebhooksWrite:
      return "webhooks:write";
    case Scope::kRefundsWrite:
      return "refunds:write";
    case Scope::kPayoutsWrite:
      return "payouts:write";
  }
  return "";
}

ScopeSet ScopeSet::All() {
  std::uint8_t mask = 0;
  for (Scope s : kAllScopes) mask |= static_cast<std::uint8_t>(s);
  return ScopeSet(mask);
}

std::optional<ScopeSet> ScopeSet::Parse(const std::vector<std::string>& names) {
  std::uint8_t mask = 0;
  for (const auto& name : names) {
    auto it = std::find_if(kAllScopes.begin(), kAllScopes.end(),
                           [&](Scope s) { return ScopeName(s) == name; });
    if (it == kAllScopes.end()) return std::nullopt;
    mask |= static_cast<std::uint8_t>(*it);
  }
  return ScopeSet(mask);
}

std::vector<std::string> ScopeSet::Names() const {
  std::vector<std::string> out;
  for (Scope s : kAllScopes) {
    if (Has(s)) out.emplace_back(ScopeName(s));
  }
  return out;
}

std::string KeyPrefix(KeyKind kind, Environment env) {
  std::string suffix = env == Environment::kMainnet ? "live_" : "test_";
  switch (kind) {
    case KeyKind::kPublic:
      return "svc_pk_" + suffix;
    case KeyKind::kAccount:
      return "svc_ak_" + suffix;
    case KeyKind::kIntegration:
      return "svc_" + suffix;
  }
  return "";
}

GeneratedKey GenerateKey(KeyKind kind, Environment env) {
  GeneratedKey key;
  key.prefix = KeyPrefix(kind, env);
  key.plaintext = key.prefix + base::Base64UrlEncode(base::RandomBytes(kKeyRandomBytes));
  key.digest = base::Sha256(key.plaintext);
  key.last4 = key.plaintext.substr(key.plaintext.size() - 4);
  return key;
}

std::optional<PresentedKey> ParsePresentedKey(std::string_view text) {
  for (KeyKind kind : {KeyKind::kPublic, KeyKind::kAccount, KeyKind::kIntegration}) {
    for (Environment env : {Environment::kTestnet, Environment::kMainnet}) {
      std::string prefix = KeyPrefix(kind, env);
      if (!text.starts_with(prefix)) continue;
      std::string_view body = text.substr(prefix.size());
      if (body.size() != kKeyBodyLength ||
          !std::all_of(body.begin(), body.end(), IsBase64UrlChar)) {
        return std::nullopt;
      }
      return PresentedKey{kind, env, base::Sha256(text)};
    }
  }
  return std::nullopt;
}

std::string GenerateWebhookSecret() {
  return "whsec_" + base::Base64Encode(base::RandomBytes(32));
}

}  // namespace payd::domain
