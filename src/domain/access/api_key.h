// A stored credential: public API keys, account keys and integration keys
// share one record. Only the digest of the key text is kept.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/access/credentials.h"

namespace payd::domain {

struct ApiKey {
  std::string id;  // "key_..."
  std::string tenant_id;
  KeyKind kind = KeyKind::kPublic;
  std::optional<std::string> integration_id;  // integration keys only
  std::string name;
  std::string digest;  // SHA-256 of the key text
  std::string prefix;
  std::string last4;
  ScopeSet scopes;
  std::optional<int> rate_limit_per_min;  // operator override of the default
  std::optional<base::TimeMs> expires_at;
  std::optional<base::TimeMs> revoked_at;
  std::optional<base::TimeMs> last_used_at;
  base::TimeMs created_at = 0;
  // Who made it (an Actor id: "user_…", "key_…" or "cli"); none for keys made
  // before payd recorded it. A rotation's new key is made by whoever rotated.
  std::optional<std::string> created_by;
};

struct ApiKeyRequest {
  std::string tenant_id;
  std::string name;
  KeyKind kind = KeyKind::kPublic;
  std::vector<std::string> scopes;
  std::optional<std::string> expires;  // RFC 3339
  std::optional<std::string> integration_id;
  std::optional<int> rate_limit_per_min;
};

struct IssuedKey {
  ApiKey record;
  std::string plaintext;  // the only copy; show it once
};

// Neither revoked nor expired at `now`: the key lets requests in (the
// PostgreSQL store repeats this rule in SQL, pg_store.cpp UseApiKey).
bool KeyUsable(const ApiKey& key, base::TimeMs now);

// Checks the request (its name, kind, scopes, expiry and rate limit; not
// whether its integration exists) and makes the key with its text, not
// stored yet. Throws domain::Error naming the field as the API spells it:
// name, kind, scopes, integrationId, expiresAt, rateLimit.
IssuedKey PrepareApiKey(const ApiKeyRequest& request, Environment env, base::TimeMs now);

// The same credential again with new text: its kind, name, scopes,
// integration, rate limit and expiry. Not stored yet.
IssuedKey ReissueApiKey(const ApiKey& key, Environment env, base::TimeMs now);

}  // namespace payd::domain
