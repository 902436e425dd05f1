// Tenants, webhook secrets, integrations and API keys.
#include "store/sql/sql_store.h"

#include "domain/people/sign_in_throttle.h"
#include "store/sql/email_rows.h"
#include "store/sql/rows.h"
#include "store/sql/user_rows.h"
#include "store/sql/webhook_rows.h"

namespace payd::store::sql {

void SqlStore::Ping() {
  Read([](Connection& c) { c.Prepare("SELECT 1").Run(); });
}

void SqlStore::InsertTenant(const domain::Tenant& tenant, const domain::WebhookSecret& secret) {
  Write([&](Connection& c) {
    c.Prepare("INSERT INTO tenants(id, name, created_at) VALUES (?, ?, ?)")
        .Bind(1, tenant.id)
        .Bind(2, tenant.name)
        .Bind(3, tenant.created_at)
        .Run();
    c.Prepare("INSERT INTO webhook_secrets(tenant_id, secret, created_at) VALUES (?, ?, ?)")
        .Bind(1, tenant.id)
        .Bind(2, secret.secret)
        .Bind(3, secret.created_at)
        .Run();
  });
}

std::optional<domain::Tenant> SqlStore::FindTenant(const std::string& id) {
  return Read([&](Connection& c) { return TenantById(c, id); });
}

std::vector<domain::WebhookSecret> SqlStore::WebhookSecrets(const std::string& tenant_id,
                                                            base::TimeMs now) {
  return Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT secret, created_at, expires_at FROM webhook_secrets WHERE tenant_id = ? AND "
        "(expires_at IS NULL OR expires_at > ?) ORDER BY expires_at IS NOT NULL, created_at DESC");
    q.Bind(1, tenant_id).Bind(2, now);
    std::vector<domain::WebhookSecret> out;
    while (q.Step()) out.push_back({tenant_id, q.Text(0), q.Int(1), q.OptInt(2)});
    return out;
  });
}

void SqlStore::InsertIntegration(const domain::Integration& i) {
  Write([&](Connection& c) { InsertIntegrationRow(c, i); });
}

std::optional<domain::Integration> SqlStore::FindIntegration(const std::string& tenant_id,
                                                             const std::string& id) {
  auto found = FindIntegrationById(id);
  if (found && found->tenant_id != tenant_id) return std::nullopt;
  return found;
}

std::optional<domain::Integration> SqlStore::FindIntegrationById(const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::Integration> {
    static const std::string sql = Select(kIntegrationColumns, "FROM integrations WHERE id = ?");
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadIntegration(q);
  });
}

void SqlStore::OnDeliveriesQueued(std::function<void()> fn) {
  std::lock_guard lock(on_queued_mu_);
  on_queued_ = std::move(fn);
}

void SqlStore::DeliveriesQueued() {
  std::function<void()> fn;
  {
    std::lock_guard lock(on_queued_mu_);
    fn = on_queued_;
  }
  if (fn) fn();
}

std::vector<domain::Integration> SqlStore::ListIntegrations(const std::string& tenant_id) {
  return Read([&](Connection& c) {
    static const std::string sql =
        Select(kIntegrationColumns,
               "FROM integrations WHERE tenant_id = ? ORDER BY created_at DESC, rowid DESC");
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id);
    std::vector<domain::Integration> out;
    while (q.Step()) out.push_back(ReadIntegration(q));
    return out;
  });
}

std::optional<domain::ApiKey> SqlStore::FindApiKeyByDigest(const std::string& digest) {
  return Read([&](Connection& c) -> std::optional<domain::ApiKey> {
    static const std::string sql = Select(kApiKeyColumns, "FROM api_keys WHERE digest = ?");
    auto q = c.Prepare(sql);
    q.BindBlob(1, digest);
    if (!q.Step()) return std::nullopt;
    return ReadApiKey(q);
  });
}

std::optional<domain::KeyUse> SqlStore::UseApiKey(const std::string& digest, base::TimeMs now,
                                                  base::TimeMs window_ms) {
  auto key = FindApiKeyByDigest(digest);
  if (!key) return std::nullopt;
  domain::KeyUse use{std::move(*key), std::nullopt};
  if (domain::KeyUsable(use.key, now)) use.window = CountRequest(use.key.id, now, window_ms);
  return use;
}

std::optional<domain::ApiKey> SqlStore::FindApiKey(const std::string& id) {
  auto key = Read([&](Connection& c) -> std::optional<domain::ApiKey> {
    static const std::string sql = Select(kApiKeyColumns, "FROM api_keys WHERE id = ?");
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadApiKey(q);
  });
  if (key) key->last_used_at = LastUsedAt(key->id);
  return key;
}

std::vector<domain::ApiKey> SqlStore::ListApiKeys(const std::string& tenant_id) {
  auto keys = Read([&](Connection& c) {
    static const std::string sql = Select(
        kApiKeyColumns, "FROM api_keys WHERE tenant_id = ? ORDER BY created_at DESC, rowid DESC");
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id);
    std::vector<domain::ApiKey> out;
    while (q.Step()) out.push_back(ReadApiKey(q));
    return out;
  });
  for (auto& key : keys) key.last_used_at = LastUsedAt(key.id);
  return keys;
}

void SqlStore::PurgeExpired(base::TimeMs now) {
  Write([&](Connection& c) {
    c.Prepare("DELETE FROM idempotency_keys WHERE created_at <= ?")
        .Bind(1, now - domain::kIdempotencyRetentionMs)
        .Run();
    c.Prepare("DELETE FROM retired_watches WHERE watch_until <= ?").Bind(1, now).Run();
    // Minutes over: their intents are expired, counted or not.
    c.Prepare("DELETE FROM keyless_open_counts WHERE expires_minute < ?")
        .Bind(1, now / 60'000)
        .Run();
    c.Prepare("DELETE FROM sessions WHERE expires_at <= ?").Bind(1, now).Run();
    c.Prepare("DELETE FROM sign_in_links WHERE expires_at <= ?").Bind(1, now).Run();
    PurgeEmailRows(c, now);
    c.Prepare("DELETE FROM sign_in_throttle WHERE last_failure_at <= ? AND locked_until <= ?")
        .Bind(1, now - domain::kAccountThrottle.forget_after_ms)
        .Bind(2, now)
        .Run();
  });
}

}  // namespace payd::store::sql
