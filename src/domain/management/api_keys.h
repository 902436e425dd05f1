// Managing a tenant's API keys (DECISIONS §2, §13): create (the text shown
// once), revoke, and rotate (the same credential with new text; the old text
// ends now or after an overlap). Used by /api/v1/api-keys (the account key)
// and `payd key`; each change runs in one transaction with its audit row,
// which records the key's prefix and last 4 characters, never its text.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "domain/access/api_key.h"
#include "domain/management/change.h"

namespace payd::domain {

// What a person's role needs to make, rotate or revoke `key` (DECISIONS §13): an
// account key or payments:write needs admin; other keys developer. The dashboard
// offers a person only the scopes their role may give.
Permission PermissionToManage(const ApiKey& key);

// The key as the API lists it (never its text); `now` decides the shown status.
boost::json::object ApiKeyView(const ApiKey& key, base::TimeMs now);

// An integration key's integration must be the tenant's (400 integrationId).
// A replay of the creation's Idempotency-Key answers the view without the text.
Creation<IssuedKey> CreateApiKey(const Change& change, Environment env,
                                 const ApiKeyRequest& request);

// The key as revoked (at once, for every process sharing the database; a
// key already revoked stays as it was); none when the tenant has no such key.
std::optional<ApiKey> RevokeApiKey(const Change& change, const std::string& id);

// Inside `tx`: revokes every key of the change's tenant that `maker` made and
// that still works, each with its own audit row; the keys it revoked.
std::vector<ApiKey> RevokeKeysMadeBy(ManagementTx& tx, const Change& change,
                                     const std::string& maker);

// The longest a rotated key's old text may keep working beside the new one.
inline constexpr base::TimeMs kMaxRotationOverlapMs = 7LL * 24 * 60 * 60 * 1000;

// A new key with the same kind, name, scopes, integration, rate limit and
// expiry; the old one is revoked now (overlap 0) or expires after `overlap_ms`
// (at most kMaxRotationOverlapMs, never later than it would have). None when
// the tenant has no such key; 400 when it is revoked or expired.
std::optional<IssuedKey> RotateApiKey(const Change& change, Environment env, const std::string& id,
                                      base::TimeMs overlap_ms);

}  // namespace payd::domain
