// Schema for cost that stays flat as the data grows (issue 19).
#include "store/sqlite/migrations.h"

namespace payd::store::sqlite {

namespace {

const Migration kScaleMigrations[] = {
    // The key-less cap (sql/intents.cpp) counted up to `max_open_intents`
    // open intents on every creation; these counts, kept by triggers
    // whatever changes an intent, are summed instead: one row per
    // integration and minute in which intents expire.
    {18, "counts of open key-less intents", R"sql(
CREATE TABLE keyless_open_counts (
  integration_id TEXT NOT NULL,
  expires_minute INTEGER NOT NULL,
  shard INTEGER NOT NULL,
  open INTEGER NOT NULL,
  PRIMARY KEY (integration_id, expires_minute, shard)
) WITHOUT ROWID;
INSERT INTO keyless_open_counts(integration_id, expires_minute, shard, open)
  SELECT integration_id, expires_at / 60000, 0, count(*) FROM payment_intents
  WHERE status = 'CREATED' AND keyless = 1 GROUP BY integration_id, expires_at / 60000;
CREATE TRIGGER keyless_open_inserted AFTER INSERT ON payment_intents
  WHEN NEW.status = 'CREATED' AND NEW.keyless = 1
BEGIN
  INSERT INTO keyless_open_counts VALUES (NEW.integration_id, NEW.expires_at / 60000, 0, 1)
    ON CONFLICT DO UPDATE SET open = open + 1;
END;
CREATE TRIGGER keyless_open_updated
  AFTER UPDATE OF status, keyless, expires_at, integration_id ON payment_intents
  WHEN (OLD.status = 'CREATED' AND OLD.keyless = 1) OR (NEW.status = 'CREATED' AND NEW.keyless = 1)
BEGIN
  INSERT INTO keyless_open_counts
    SELECT OLD.integration_id, OLD.expires_at / 60000, 0, -1
    WHERE OLD.status = 'CREATED' AND OLD.keyless = 1
    ON CONFLICT DO UPDATE SET open = open - 1;
  INSERT INTO keyless_open_counts
    SELECT NEW.integration_id, NEW.expires_at / 60000, 0, 1
    WHERE NEW.status = 'CREATED' AND NEW.keyless = 1
    ON CONFLICT DO UPDATE SET open = open + 1;
END;
CREATE TRIGGER keyless_open_deleted AFTER DELETE ON payment_intents
  WHEN OLD.status = 'CREATED' AND OLD.keyless = 1
BEGIN
  INSERT INTO keyless_open_counts VALUES (OLD.integration_id, OLD.expires_at / 60000, 0, -1)
    ON CONFLICT DO UPDATE SET open = open - 1;
END;
)sql"},
    // The dashboard's overview and /metrics counted a tenant's intents by
    // status by reading every one (1.1 million: 300 ms); these counts, kept
    // by triggers, are summed instead. And the payments page's "transfers no
    // intent took" walked every payment of the tenant to find none.
    {19, "counts of intents by status; index of unmatched transfers", R"sql(
CREATE INDEX payments_unmatched_by_tenant ON payments(tenant_id, created_at)
  WHERE intent_id IS NULL;
CREATE TABLE intent_status_counts (
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL,
  shard INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, status, shard)
) WITHOUT ROWID;
INSERT INTO intent_status_counts(tenant_id, status, shard, n)
  SELECT tenant_id, status, 0, count(*) FROM payment_intents GROUP BY tenant_id, status;
CREATE TRIGGER intent_status_inserted AFTER INSERT ON payment_intents
BEGIN
  INSERT INTO intent_status_counts VALUES (NEW.tenant_id, NEW.status, 0, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER intent_status_updated AFTER UPDATE OF status, tenant_id ON payment_intents
  WHEN OLD.status IS NOT NEW.status OR OLD.tenant_id IS NOT NEW.tenant_id
BEGIN
  INSERT INTO intent_status_counts VALUES (OLD.tenant_id, OLD.status, 0, -1)
    ON CONFLICT DO UPDATE SET n = n - 1;
  INSERT INTO intent_status_counts VALUES (NEW.tenant_id, NEW.status, 0, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER intent_status_deleted AFTER DELETE ON payment_intents
BEGIN
  INSERT INTO intent_status_counts VALUES (OLD.tenant_id, OLD.status, 0, -1)
    ON CONFLICT DO UPDATE SET n = n - 1;
END;
)sql"},
};

}  // namespace

std::span<const Migration> ScaleMigrations() {
  return kScaleMigrations;
}

}  // namespace payd::store::sqlite
