// SQLite migrations 9 to 12 and 22: asked intents, the audit log, integrations disabled and
// their old terms watched, resolutions, cancels. Never edit one that has shipped.
#include "store/sqlite/migrations.h"

namespace payd::store::sqlite {

namespace {

const Migration kMerchantMigrations[] = {
    {9, "asked intents: their terms, and the unchosen ones by expiry", R"sql(
ALTER TABLE payment_intents ADD COLUMN asked TEXT;
ALTER TABLE payment_intents ADD COLUMN chosen_at INTEGER;
CREATE INDEX payment_intents_unchosen_due ON payment_intents(expires_at)
  WHERE chain_id = 0 AND status = 'CREATED';
)sql"},
    // Management (DECISIONS §12, §13): endpoints made through /v1 get the /v1
    // data shape and a signing secret of their own; each event keeps its /v1
    // snapshot beside the §5 one (NULL where the two agree); the audit log.
    {10, "webhook endpoint shapes and secrets, /v1 event data, the audit log", R"sql(
ALTER TABLE webhook_endpoints ADD COLUMN description TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN payload_shape TEXT NOT NULL DEFAULT 'events';
ALTER TABLE webhook_endpoints ADD COLUMN secret TEXT;
ALTER TABLE events ADD COLUMN data_v1 TEXT;
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  object_id TEXT NOT NULL,
  before TEXT,
  after TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_by_tenant ON audit_log(tenant_id, created_at);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries(endpoint_id, created_at);
)sql"},
    // Integrations managed through the API: disabled ones take no new
    // payments; terms changed while intents were open stay watched until the
    // last of those is past its late window.
    {11, "integrations disabled, terms still watched after a change", R"sql(
ALTER TABLE integrations ADD COLUMN disabled_at INTEGER;
CREATE TABLE retired_watches (
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  payout_address TEXT NOT NULL,
  allow_chains TEXT NOT NULL,
  allow_tokens TEXT NOT NULL,
  watch_until INTEGER NOT NULL
);
CREATE INDEX retired_watches_until ON retired_watches(watch_until);
)sql"},
    // The merchant's decision on an irregular intent (DECISIONS §5): JSON
    // {outcome, note, actor, at}; the ledger leaves a resolved intent's status alone.
    {12, "intent resolutions", R"sql(
ALTER TABLE payment_intents ADD COLUMN resolution TEXT;
)sql"},
    // A merchant's cancel (DECISIONS §12) and where the hosted page sends the
    // payer back to, for intents asked on /v1 with a returnUrl.
    {22, "intent cancels and return URLs", R"sql(
ALTER TABLE payment_intents ADD COLUMN canceled_at INTEGER;
ALTER TABLE payment_intents ADD COLUMN return_url TEXT;
)sql"},
};

}  // namespace

std::span<const Migration> MerchantMigrations() {
  return kMerchantMigrations;
}

}  // namespace payd::store::sqlite
