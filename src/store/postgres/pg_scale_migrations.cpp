// Schema for cost that stays flat as the data grows (issue 19): SQLite's 18 on.
#include "store/postgres/pg_migrations.h"

namespace payd::store::postgres {

namespace {

const Migration kScaleMigrations[] = {
    // SQLite's 18: counts of open key-less intents per integration and minute
    // of expiry, kept by a trigger, summed by the key-less cap. Each change
    // goes to one of 8 rows of its minute at random, so that concurrent
    // creations do not queue on one row lock.
    {11, "counts of open key-less intents", R"sql(
CREATE TABLE keyless_open_counts (
  integration_id TEXT NOT NULL,
  expires_minute BIGINT NOT NULL,
  shard BIGINT NOT NULL,
  open BIGINT NOT NULL,
  PRIMARY KEY (integration_id, expires_minute, shard)
);
INSERT INTO keyless_open_counts(integration_id, expires_minute, shard, open)
  SELECT integration_id, expires_at / 60000, 0, count(*) FROM payment_intents
  WHERE status = 'CREATED' AND keyless = 1 GROUP BY integration_id, expires_at / 60000;
CREATE FUNCTION keyless_open_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one BIGINT := floor(random() * 8);
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'CREATED' AND OLD.keyless = 1 THEN
    INSERT INTO keyless_open_counts VALUES (OLD.integration_id, OLD.expires_at / 60000, one, -1)
      ON CONFLICT (integration_id, expires_minute, shard)
      DO UPDATE SET open = keyless_open_counts.open - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'CREATED' AND NEW.keyless = 1 THEN
    INSERT INTO keyless_open_counts VALUES (NEW.integration_id, NEW.expires_at / 60000, one, 1)
      ON CONFLICT (integration_id, expires_minute, shard)
      DO UPDATE SET open = keyless_open_counts.open + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER keyless_open_counted
  AFTER INSERT OR DELETE OR UPDATE OF status, keyless, expires_at, integration_id
  ON payment_intents FOR EACH ROW EXECUTE FUNCTION keyless_open_count();
)sql"},
    // SQLite's 19: counts of intents by tenant and status, kept by a trigger
    // (8 rows each, as above); an index of the transfers no intent took.
    {12, "counts of intents by status; index of unmatched transfers", R"sql(
CREATE INDEX payments_unmatched_by_tenant ON payments(tenant_id, created_at)
  WHERE intent_id IS NULL;
CREATE TABLE intent_status_counts (
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL,
  shard BIGINT NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, status, shard)
);
INSERT INTO intent_status_counts(tenant_id, status, shard, n)
  SELECT tenant_id, status, 0, count(*) FROM payment_intents GROUP BY tenant_id, status;
CREATE FUNCTION intent_status_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one BIGINT := floor(random() * 8);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.tenant_id IS NOT DISTINCT FROM NEW.tenant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO intent_status_counts VALUES (OLD.tenant_id, OLD.status, one, -1)
      ON CONFLICT (tenant_id, status, shard) DO UPDATE SET n = intent_status_counts.n - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO intent_status_counts VALUES (NEW.tenant_id, NEW.status, one, 1)
      ON CONFLICT (tenant_id, status, shard) DO UPDATE SET n = intent_status_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER intent_status_counted
  AFTER INSERT OR DELETE OR UPDATE OF status, tenant_id
  ON payment_intents FOR EACH ROW EXECUTE FUNCTION intent_status_count();
)sql"},
    // SQLite's 20: received totals per tenant, UTC day and token, kept by a
    // trigger (8 rows each, as above). numeric holds a whole 256-bit amount,
    // so every row is limb 0 (SQLite splits amounts into 9-digit limbs).
    {13, "received totals per tenant, day and token", R"sql(
CREATE TABLE received_per_day (
  tenant_id TEXT NOT NULL,
  day BIGINT NOT NULL,
  token_symbol TEXT NOT NULL,
  decimals BIGINT NOT NULL,
  limb BIGINT NOT NULL,
  shard BIGINT NOT NULL,
  units NUMERIC NOT NULL,
  PRIMARY KEY (tenant_id, day, token_symbol, decimals, limb, shard)
);
INSERT INTO received_per_day
  SELECT tenant_id, (CASE WHEN block_time > 0 THEN block_time ELSE created_at END) / 86400000,
    token_symbol, decimals, 0, 0, sum(amount::numeric)
  FROM payments WHERE status = 'CONFIRMED' GROUP BY 1, 2, 3, 4;
CREATE FUNCTION received_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one BIGINT := floor(random() * 8);
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.status = 'CONFIRMED' OR NEW.status = 'CONFIRMED') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.amount, OLD.block_time, OLD.created_at, OLD.tenant_id,
      OLD.token_symbol, OLD.decimals) IS NOT DISTINCT FROM (NEW.status, NEW.amount,
      NEW.block_time, NEW.created_at, NEW.tenant_id, NEW.token_symbol, NEW.decimals) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'CONFIRMED' THEN
    INSERT INTO received_per_day VALUES (OLD.tenant_id,
        (CASE WHEN OLD.block_time > 0 THEN OLD.block_time ELSE OLD.created_at END) / 86400000,
        OLD.token_symbol, OLD.decimals, 0, one, -OLD.amount::numeric)
      ON CONFLICT (tenant_id, day, token_symbol, decimals, limb, shard)
      DO UPDATE SET units = received_per_day.units + excluded.units;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'CONFIRMED' THEN
    INSERT INTO received_per_day VALUES (NEW.tenant_id,
        (CASE WHEN NEW.block_time > 0 THEN NEW.block_time ELSE NEW.created_at END) / 86400000,
        NEW.token_symbol, NEW.decimals, 0, one, NEW.amount::numeric)
      ON CONFLICT (tenant_id, day, token_symbol, decimals, limb, shard)
      DO UPDATE SET units = received_per_day.units + excluded.units;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER received_totalled
  AFTER INSERT OR DELETE OR UPDATE OF status, amount, block_time, created_at, tenant_id,
    token_symbol, decimals
  ON payments FOR EACH ROW EXECUTE FUNCTION received_total();
)sql"},
    // Every change to an intent, whichever code path made it, tells every
    // process's change feed (change_feed.h) at its commit: PostgreSQL
    // delivers a NOTIFY only when its transaction commits, and folds the
    // same one sent many times in one transaction into one. Per row, so that
    // a sweep that changed nothing (expiry, every few seconds) wakes no page.
    // Creations are inserts and notify nothing: no page follows an intent
    // yet to be made.
    {14, "intent changes notified to every process", R"sql(
CREATE FUNCTION intent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payd_intents', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER intent_change_notified AFTER UPDATE ON payment_intents
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION intent_changed();
)sql"},
    // SQLite's 21: indexes of a tenant's waiting and failed deliveries.
    {15, "indexes of a tenant's waiting and failed deliveries", R"sql(
CREATE INDEX webhook_deliveries_open_by_tenant ON webhook_deliveries(tenant_id)
  WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX webhook_deliveries_failed_by_tenant ON webhook_deliveries(tenant_id, created_at)
  WHERE status = 'FAILED';
)sql"},
    // The intents' two counters above took one of 8 rows at random per
    // change (received totals are written by the chain's leader alone and
    // keep doing so). A row stays locked until its transaction's commit is
    // on disk, so with 16 creations in flight most waited for another's
    // fsync: bench/postgres.sh (pg_stat_statements) showed 0.4 ms per
    // creation in the two counters' upserts on a quiet machine (2.7 ms on a
    // loaded one), more than all its other statements together (now 21 us).
    // Now each session keeps to one of 64 rows, chosen by its backend's
    // process id: a pooled connection meets another only when both ids fall
    // on the same row, and readers sum at most 64 rows where they summed 8.
    // The functions are written out again whole: migrations 11 and 12 stay
    // as they ran; a later change of the rule replaces payd_counter_shard().
    {16, "counters kept per session", R"sql(
CREATE FUNCTION payd_counter_shard() RETURNS BIGINT LANGUAGE sql STABLE
  AS 'SELECT CAST(pg_backend_pid() % 64 AS BIGINT)';
CREATE OR REPLACE FUNCTION keyless_open_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one BIGINT := payd_counter_shard();
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'CREATED' AND OLD.keyless = 1 THEN
    INSERT INTO keyless_open_counts VALUES (OLD.integration_id, OLD.expires_at / 60000, one, -1)
      ON CONFLICT (integration_id, expires_minute, shard)
      DO UPDATE SET open = keyless_open_counts.open - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'CREATED' AND NEW.keyless = 1 THEN
    INSERT INTO keyless_open_counts VALUES (NEW.integration_id, NEW.expires_at / 60000, one, 1)
      ON CONFLICT (integration_id, expires_minute, shard)
      DO UPDATE SET open = keyless_open_counts.open + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION intent_status_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one BIGINT := payd_counter_shard();
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.tenant_id IS NOT DISTINCT FROM NEW.tenant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO intent_status_counts VALUES (OLD.tenant_id, OLD.status, one, -1)
      ON CONFLICT (tenant_id, status, shard) DO UPDATE SET n = intent_status_counts.n - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO intent_status_counts VALUES (NEW.tenant_id, NEW.status, one, 1)
      ON CONFLICT (tenant_id, status, shard) DO UPDATE SET n = intent_status_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
)sql"},
};

}  // namespace

std::span<const Migration> ScaleMigrations() {
  return kScaleMigrations;
}

}  // namespace payd::store::postgres
