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
    // The overview's 30-day chart summed every confirmed payment of the
    // window on each view (83,000 of them: 700 ms); these totals per tenant,
    // UTC day and token, kept by triggers, are read instead. SQLite's
    // integers are 64-bit and an amount has up to 78 digits, so a total is
    // kept in "limbs": limb k sums digits 9k+1 to 9k+9 of each amount,
    // counted from the right, and the reader (sql/dashboard_reads.cpp) adds
    // units * 10^(9k) exactly. No sum overflows before 9 * 10^9 payments.
    {20, "received totals per tenant, day and token", R"sql(
CREATE TABLE received_per_day (
  tenant_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  token_symbol TEXT NOT NULL,
  decimals INTEGER NOT NULL,
  limb INTEGER NOT NULL,
  shard INTEGER NOT NULL,
  units INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, day, token_symbol, decimals, limb, shard)
) WITHOUT ROWID;
INSERT INTO received_per_day
  SELECT p.tenant_id, (CASE WHEN p.block_time > 0 THEN p.block_time ELSE p.created_at END) / 86400000,
    p.token_symbol, p.decimals, l.column1, 0,
    sum(CAST(substr(p.amount, max(1, length(p.amount) - 9 * l.column1 - 8),
                    min(9, length(p.amount) - 9 * l.column1)) AS INTEGER))
  FROM payments p, (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8)) l
  WHERE p.status = 'CONFIRMED' AND length(p.amount) > 9 * l.column1
  GROUP BY 1, 2, 3, 4, 5;
CREATE TRIGGER received_inserted AFTER INSERT ON payments WHEN NEW.status = 'CONFIRMED'
BEGIN
  INSERT INTO received_per_day
    SELECT NEW.tenant_id,
      (CASE WHEN NEW.block_time > 0 THEN NEW.block_time ELSE NEW.created_at END) / 86400000,
      NEW.token_symbol, NEW.decimals, l.column1, 0,
      CAST(substr(NEW.amount, max(1, length(NEW.amount) - 9 * l.column1 - 8),
                  min(9, length(NEW.amount) - 9 * l.column1)) AS INTEGER)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8)) l
    WHERE length(NEW.amount) > 9 * l.column1
    ON CONFLICT DO UPDATE SET units = units + excluded.units;
END;
CREATE TRIGGER received_updated
  AFTER UPDATE OF status, amount, block_time, created_at, tenant_id, token_symbol, decimals
  ON payments
  WHEN (OLD.status = 'CONFIRMED' OR NEW.status = 'CONFIRMED')
    AND (OLD.status IS NOT NEW.status OR OLD.amount IS NOT NEW.amount
         OR OLD.block_time IS NOT NEW.block_time OR OLD.created_at IS NOT NEW.created_at
         OR OLD.tenant_id IS NOT NEW.tenant_id OR OLD.token_symbol IS NOT NEW.token_symbol
         OR OLD.decimals IS NOT NEW.decimals)
BEGIN
  INSERT INTO received_per_day
    SELECT OLD.tenant_id,
      (CASE WHEN OLD.block_time > 0 THEN OLD.block_time ELSE OLD.created_at END) / 86400000,
      OLD.token_symbol, OLD.decimals, l.column1, 0,
      -CAST(substr(OLD.amount, max(1, length(OLD.amount) - 9 * l.column1 - 8),
                   min(9, length(OLD.amount) - 9 * l.column1)) AS INTEGER)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8)) l
    WHERE OLD.status = 'CONFIRMED' AND length(OLD.amount) > 9 * l.column1
    ON CONFLICT DO UPDATE SET units = units + excluded.units;
  INSERT INTO received_per_day
    SELECT NEW.tenant_id,
      (CASE WHEN NEW.block_time > 0 THEN NEW.block_time ELSE NEW.created_at END) / 86400000,
      NEW.token_symbol, NEW.decimals, l.column1, 0,
      CAST(substr(NEW.amount, max(1, length(NEW.amount) - 9 * l.column1 - 8),
                  min(9, length(NEW.amount) - 9 * l.column1)) AS INTEGER)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8)) l
    WHERE NEW.status = 'CONFIRMED' AND length(NEW.amount) > 9 * l.column1
    ON CONFLICT DO UPDATE SET units = units + excluded.units;
END;
CREATE TRIGGER received_deleted AFTER DELETE ON payments WHEN OLD.status = 'CONFIRMED'
BEGIN
  INSERT INTO received_per_day
    SELECT OLD.tenant_id,
      (CASE WHEN OLD.block_time > 0 THEN OLD.block_time ELSE OLD.created_at END) / 86400000,
      OLD.token_symbol, OLD.decimals, l.column1, 0,
      -CAST(substr(OLD.amount, max(1, length(OLD.amount) - 9 * l.column1 - 8),
                   min(9, length(OLD.amount) - 9 * l.column1)) AS INTEGER)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8)) l
    WHERE length(OLD.amount) > 9 * l.column1
    ON CONFLICT DO UPDATE SET units = units + excluded.units;
END;
)sql"},
    // The overview counts a tenant's deliveries waiting and those failed in
    // the last week. Without these, SQLite walked every delivery of the
    // tenant (webhook_deliveries_by_tenant) to test its status: 700 ms at a
    // million deliveries.
    {21, "indexes of a tenant's waiting and failed deliveries", R"sql(
CREATE INDEX webhook_deliveries_open_by_tenant ON webhook_deliveries(tenant_id)
  WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX webhook_deliveries_failed_by_tenant ON webhook_deliveries(tenant_id, created_at)
  WHERE status = 'FAILED';
)sql"},
};

}  // namespace

std::span<const Migration> ScaleMigrations() {
  return kScaleMigrations;
}

}  // namespace payd::store::sqlite
