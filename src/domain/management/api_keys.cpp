#include "domain/management/api_keys.h"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "domain/error.h"
#include "domain/store.h"
#include "domain/views/json_or_null.h"

namespace payd::domain {

namespace {

std::string Json(const ApiKey& key, base::TimeMs now) {
  return boost::json::serialize(ApiKeyView(key, now));
}

// A person makes, rotates or revokes only keys their own role could use
// (DECISIONS §13): otherwise a developer would mint payments:write, or be shown
// an admin's key's new text. A key or the operator making the change has no role
// to exceed (the API lets only the account key manage keys).
void CheckWithinRole(const Change& change, const ApiKey& key, std::string_view verb) {
  Permission needed = PermissionToManage(key);
  std::string what = needed == Permission::kAccount ? "an account key"
                     : needed == Permission::kCommerce
                         ? "a key with payments:write, refunds:write or payouts:write"
                         : "API keys";
  RequirePermission(change, needed, std::string(verb) + " " + what);
}

// Ends `key` now, with its audit row.
void Revoke(ManagementTx& tx, const Change& change, ApiKey& key) {
  std::string before = Json(key, change.now);
  key.revoked_at = change.now;
  tx.EndApiKey(key);
  RecordChange(tx, change, "api_key.revoke", key.id, before, Json(key, change.now));
}

}  // namespace

Permission PermissionToManage(const ApiKey& key) {
  if (key.kind == KeyKind::kAccount) return Permission::kAccount;
  if (key.scopes.Has(Scope::kPaymentsWrite) || key.scopes.Has(Scope::kRefundsWrite) ||
      key.scopes.Has(Scope::kPayoutsWrite))
    return Permission::kCommerce;
  return Permission::kDeveloperTools;
}

boost::json::object ApiKeyView(const ApiKey& k, base::TimeMs now) {
  const char* status = k.revoked_at                             ? "revoked"
                       : (k.expires_at && *k.expires_at <= now) ? "expired"
                                                                : "active";
  boost::json::array scopes;
  for (const auto& name : k.scopes.Names()) scopes.emplace_back(name);
  return {
      {"id", k.id},
      {"tenantId", k.tenant_id},
      {"name", k.name},
      {"kind", KeyKindName(k.kind)},
      {"prefix", k.prefix},
      {"last4", k.last4},
      {"scopes", std::move(scopes)},
      {"integrationId", k.integration_id ? boost::json::value(*k.integration_id) : nullptr},
      {"rateLimit", k.rate_limit_per_min ? boost::json::value(*k.rate_limit_per_min) : nullptr},
      {"status", status},
      {"expiresAt", JsonTimeOrNull(k.expires_at)},
      {"revokedAt", JsonTimeOrNull(k.revoked_at)},
      {"lastUsedAt", JsonTimeOrNull(k.last_used_at)},
      {"createdAt", base::FormatTimestamp(k.created_at)},
      {"createdBy", k.created_by ? boost::json::value(*k.created_by) : nullptr},
  };
}

Creation<IssuedKey> CreateApiKey(const Change& change, Environment env,
                                 const ApiKeyRequest& request) {
  Require(change, Operation::kManageApiKeys);
  ApiKeyRequest mine = request;
  mine.tenant_id = change.tenant_id;
  IssuedKey issued = PrepareApiKey(mine, env, change.now);
  issued.record.created_by = change.actor.id;
  boost::json::object replay = ApiKeyView(issued.record, change.now);
  replay["key"] = nullptr;  // the text is never kept (DECISIONS §2)
  CheckWithinRole(change, issued.record, "Making");
  return CreateOnce(change, {201, boost::json::serialize(replay)}, issued, [&](ManagementTx& tx) {
    if (issued.record.integration_id &&
        !tx.FindIntegration(change.tenant_id, *issued.record.integration_id)) {
      ThrowInvalid("integrationId", "No such integration: {1}", *issued.record.integration_id);
    }
    tx.InsertApiKey(issued.record);
    RecordChange(tx, change, "api_key.create", issued.record.id, std::nullopt,
                 Json(issued.record, change.now));
  });
}

std::optional<ApiKey> RevokeApiKey(const Change& change, const std::string& id) {
  Require(change, Operation::kManageApiKeys);
  std::optional<ApiKey> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindApiKey(change.tenant_id, id);
    if (!out || out->revoked_at) return;
    CheckWithinRole(change, *out, "Revoking");
    Revoke(tx, change, *out);
  });
  return out;
}

std::vector<ApiKey> RevokeKeysMadeBy(ManagementTx& tx, const Change& change,
                                     const std::string& maker) {
  std::vector<ApiKey> revoked;
  for (ApiKey& key : tx.ListApiKeysMadeBy(change.tenant_id, maker)) {
    if (!KeyUsable(key, change.now)) continue;
    Revoke(tx, change, key);
    revoked.push_back(std::move(key));
  }
  return revoked;
}

std::optional<IssuedKey> RotateApiKey(const Change& change, Environment env, const std::string& id,
                                      base::TimeMs overlap_ms) {
  Require(change, Operation::kManageApiKeys);
  if (overlap_ms < 0 || overlap_ms > kMaxRotationOverlapMs) {
    ThrowInvalid("overlapSeconds", "overlapSeconds must be 0 to 604800 (7 days).");
  }
  std::optional<IssuedKey> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out.reset();
    auto old = tx.FindApiKey(change.tenant_id, id);
    if (!old) return;
    CheckWithinRole(change, *old, "Rotating");
    if (old->revoked_at || (old->expires_at && *old->expires_at <= change.now))
      ThrowInvalid("id", "Key {1} is revoked or expired: create a new one instead.", id);
    std::string before = Json(*old, change.now);
    out = ReissueApiKey(*old, env, change.now);
    out->record.created_by = change.actor.id;
    if (overlap_ms == 0) {
      old->revoked_at = change.now;
    } else {
      old->expires_at =
          std::min(old->expires_at.value_or(change.now + overlap_ms), change.now + overlap_ms);
    }
    tx.EndApiKey(*old);
    tx.InsertApiKey(out->record);
    RecordChange(tx, change, "api_key.rotate", id, before, Json(*old, change.now));
    RecordChange(tx, change, "api_key.create", out->record.id, std::nullopt,
                 Json(out->record, change.now));
  });
  return out;
}

}  // namespace payd::domain
