#include "domain/access/api_key.h"

#include "base/ids.h"
#include "domain/error.h"

namespace payd::domain {

bool KeyUsable(const ApiKey& key, base::TimeMs now) {
  return !key.revoked_at && (!key.expires_at || *key.expires_at > now);
}

IssuedKey PrepareApiKey(const ApiKeyRequest& request, Environment env, base::TimeMs now) {
  if (request.name.empty() || request.name.size() > 200) {
    ThrowInvalid("name", "name must be 1 to 200 characters");
  }
  ApiKey key;
  key.tenant_id = request.tenant_id;
  key.kind = request.kind;
  key.name = request.name;
  key.created_at = now;

  auto scopes = ScopeSet::Parse(request.scopes);
  if (!scopes) {
    ThrowInvalid("scopes",
                 "scopes must be among payments:read, payments:write, events:read, webhooks:write, "
                 "refunds:write, payouts:write");
  }
  switch (request.kind) {
    case KeyKind::kPublic:
      if (scopes->Empty()) ThrowInvalid("scopes", "a public API key needs at least one scope");
      key.scopes = *scopes;
      break;
    case KeyKind::kAccount:
      if (!scopes->Empty()) ThrowInvalid("scopes", "an account key has every scope; omit scopes");
      key.scopes = ScopeSet::All();
      break;
    case KeyKind::kIntegration:
      if (!scopes->Empty()) ThrowInvalid("scopes", "an integration key has no scopes");
      if (!request.integration_id)
        ThrowInvalid("integrationId", "an integration key needs an integration");
      break;
  }
  if (request.integration_id) {
    if (request.kind != KeyKind::kIntegration) {
      ThrowInvalid("integrationId", "only integration keys are tied to an integration");
    }
    key.integration_id = request.integration_id;
  }
  if (request.expires) {
    auto at = base::ParseRfc3339(*request.expires);
    if (!at) ThrowInvalid("expiresAt", "expires must be an RFC 3339 date-time");
    if (*at <= now) ThrowInvalid("expiresAt", "expires must be in the future");
    key.expires_at = *at;
  }
  if (request.rate_limit_per_min) {
    if (*request.rate_limit_per_min < 1) {
      ThrowInvalid("rateLimit", "rate-limit must be a positive number of requests per minute");
    }
    key.rate_limit_per_min = request.rate_limit_per_min;
  }
  return ReissueApiKey(key, env, now);
}

IssuedKey ReissueApiKey(const ApiKey& key, Environment env, base::TimeMs now) {
  ApiKey fresh = key;
  fresh.id = base::NewId("key_");
  fresh.created_at = now;
  fresh.revoked_at.reset();
  fresh.last_used_at.reset();
  GeneratedKey generated = GenerateKey(key.kind, env);
  fresh.digest = generated.digest;
  fresh.prefix = generated.prefix;
  fresh.last4 = generated.last4;
  return IssuedKey{std::move(fresh), std::move(generated.plaintext)};
}

}  // namespace payd::domain
