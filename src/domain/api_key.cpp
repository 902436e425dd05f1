#include "domain/api_key.h"

#include "base/ids.h"
#include "domain/error.h"
#include "domain/store.h"

namespace payd::domain {

IssuedKey IssueApiKey(Store& store, const ApiKeyRequest& request, Environment env,
                      base::TimeMs now) {
  if (!store.FindTenant(request.tenant_id)) {
    throw Error(ErrorKind::kNotFound, "No such tenant: " + request.tenant_id, "tenant");
  }
  if (request.name.empty() || request.name.size() > 200) {
    ThrowInvalid("name", "name must be 1 to 200 characters");
  }
  ApiKey key;
  key.id = base::NewId("key_");
  key.tenant_id = request.tenant_id;
  key.kind = request.kind;
  key.name = request.name;
  key.created_at = now;

  auto scopes = ScopeSet::Parse(request.scopes);
  if (!scopes) {
    ThrowInvalid("scopes",
                 "scopes must be among payments:read, payments:write, events:read, webhooks:write");
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
        ThrowInvalid("integration", "an integration key needs an integration");
      break;
  }
  if (request.integration_id) {
    if (request.kind != KeyKind::kIntegration) {
      ThrowInvalid("integration", "only integration keys are tied to an integration");
    }
    auto integration = store.FindIntegration(request.tenant_id, *request.integration_id);
    if (!integration) {
      throw Error(ErrorKind::kNotFound, "No such integration: " + *request.integration_id,
                  "integration");
    }
    key.integration_id = integration->id;
  }
  if (request.expires) {
    auto at = base::ParseRfc3339(*request.expires);
    if (!at) ThrowInvalid("expires", "expires must be an RFC 3339 date-time");
    if (*at <= now) ThrowInvalid("expires", "expires must be in the future");
    key.expires_at = *at;
  }
  if (request.rate_limit_per_min) {
    if (*request.rate_limit_per_min < 1) {
      ThrowInvalid("rate-limit", "rate-limit must be a positive number of requests per minute");
    }
    key.rate_limit_per_min = request.rate_limit_per_min;
  }
  GeneratedKey generated = GenerateKey(request.kind, env);
  key.digest = generated.digest;
  key.prefix = generated.prefix;
  key.last4 = generated.last4;
  store.InsertApiKey(key);
  return IssuedKey{std::move(key), std::move(generated.plaintext)};
}

}  // namespace payd::domain
