#include "domain/access/auth.h"

#include <algorithm>
#include <variant>

#include "base/crypto.h"
#include "domain/access/api_key.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

AuthResult Fail(AuthFailure failure, std::string message) {
  return AuthResult{std::nullopt, failure, std::move(message), {}};
}

std::string OtherEnvironment(const PresentedKey& presented, Environment env) {
  return "This is a " + std::string(EnvironmentName(presented.environment)) +
         " key; this server is " + std::string(EnvironmentName(env)) + ".";
}

// The stored key the presented one is (`key`, as the store found it by
// digest), if its state lets it in.
std::variant<ApiKey, AuthResult> StoredKey(std::optional<ApiKey> key, const PresentedKey& presented,
                                           base::TimeMs now) {
  // The lookup found the key by digest; compare again without early exit.
  if (!key || !base::ConstantTimeEquals(key->digest, presented.digest) ||
      key->kind != presented.kind) {
    return Fail(AuthFailure::kUnauthorized, "Invalid API key.");
  }
  if (key->revoked_at) return Fail(AuthFailure::kRevoked, "This API key has been revoked.");
  if (key->expires_at && *key->expires_at <= now) {
    return Fail(AuthFailure::kExpired,
                "This API key expired at " + base::FormatTimestamp(*key->expires_at) + ".");
  }
  return std::move(*key);
}

}  // namespace

AuthResult AuthenticateRestKey(Store& store, std::string_view key_text, Environment env,
                               base::TimeMs now, int default_rate_limit) {
  if (key_text.empty()) {
    return Fail(AuthFailure::kUnauthorized,
                "No API key. Send it as 'X-API-Key: <key>' or 'Authorization: Bearer <key>'.");
  }
  auto presented = ParsePresentedKey(key_text);
  if (!presented) return Fail(AuthFailure::kUnauthorized, "Invalid API key.");
  if (presented->environment != env)
    return Fail(AuthFailure::kWrongEnvironment, OtherEnvironment(*presented, env));
  if (presented->kind == KeyKind::kIntegration) {
    return Fail(AuthFailure::kUnauthorized,
                "Integration keys are for the widget and SDK only; use a public API key.");
  }
  auto use = store.UseApiKey(presented->digest, now, kRateWindowMs);
  auto stored = StoredKey(use ? std::optional(std::move(use->key)) : std::nullopt, *presented, now);
  if (auto* failure = std::get_if<AuthResult>(&stored)) return std::move(*failure);
  const ApiKey* key = &std::get<ApiKey>(stored);
  // The account key may do everything, scopes added after it was made too.
  bool account = key->kind == KeyKind::kAccount;
  Principal principal{key->tenant_id, key->id, account ? ScopeSet::All() : key->scopes,
                      key->rate_limit_per_min.value_or(default_rate_limit), account};
  // StoredKey let it in, so it was usable when the store counted it.
  RateDecision rate =
      DecideRate(use->window.value_or(RateWindow{now, 1}), principal.rate_limit_per_min);
  return AuthResult{std::move(principal), AuthFailure::kNone, {}, rate};
}

AuthResult AuthenticateIntegrationKey(Store& store, const PresentedKey& presented, Environment env,
                                      std::string_view integration_id, base::TimeMs now) {
  if (presented.environment != env)
    return Fail(AuthFailure::kWrongEnvironment, OtherEnvironment(presented, env));
  if (presented.kind != KeyKind::kIntegration)
    return Fail(AuthFailure::kUnauthorized, "Not an integration key.");
  auto stored = StoredKey(store.FindApiKeyByDigest(presented.digest), presented, now);
  if (auto* failure = std::get_if<AuthResult>(&stored)) return std::move(*failure);
  const ApiKey& key = std::get<ApiKey>(stored);
  if (key.integration_id != integration_id) {
    return Fail(AuthFailure::kUnauthorized, "This integration key belongs to another integration.");
  }
  Principal principal{key.tenant_id, key.id, {}, 0};
  return AuthResult{std::move(principal), AuthFailure::kNone, {}, {}};
}

RateDecision DecideRate(const RateWindow& window, int limit) {
  RateDecision decision;
  decision.limit = limit;
  decision.allowed = window.count <= limit;
  decision.remaining = static_cast<int>(std::max<long long>(0, limit - window.count));
  decision.reset_epoch_s = (window.window_start + kRateWindowMs + 999) / 1000;
  return decision;
}

}  // namespace payd::domain
