#include "store/postgres/pg_migrations.h"

#include "base/time.h"

namespace payd::store::postgres {

namespace {

struct Migration {
  int version;
  const char* name;
  const char* sql;
};

// Any constant both payd and nobody else uses for pg_advisory_lock: "payd" in ASCII.
constexpr std::int64_t kMigrationLock = 0x70617964;

// Timestamps are epoch milliseconds (BIGINT), flags 0/1 and JSON arrays text,
// exactly as in the SQLite store, so that `payd db copy` moves rows as they are.
// Version 1 is the SQLite schema up to its migration 8, in one step.
const Migration kMigrations[] = {
    {1, "the schema of SQLite migrations 1 to 8", R"sql(
-- SQLite migration 1: accounts, keys and payment links
CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE webhook_secrets (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  secret TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT
);
CREATE INDEX webhook_secrets_by_tenant ON webhook_secrets(tenant_id, created_at);
CREATE TABLE integrations (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  allow_chains TEXT NOT NULL,
  allow_tokens TEXT NOT NULL,
  payout_address TEXT NOT NULL,
  allowed_origins TEXT NOT NULL,
  auto_conversion BIGINT NOT NULL,
  preferred_token TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX integrations_by_tenant ON integrations(tenant_id, created_at);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  kind TEXT NOT NULL,
  integration_id TEXT REFERENCES integrations(id),
  name TEXT NOT NULL,
  digest BYTEA NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  last4 TEXT NOT NULL,
  scopes TEXT NOT NULL,
  rate_limit BIGINT,
  expires_at BIGINT,
  revoked_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE INDEX api_keys_by_tenant ON api_keys(tenant_id, created_at);
CREATE TABLE payment_links (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  amount TEXT NOT NULL,
  denomination_type TEXT NOT NULL,
  currency TEXT NOT NULL,
  return_url TEXT,
  description TEXT,
  allow_custom_amount BIGINT NOT NULL,
  min_amount TEXT,
  status TEXT NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  payments BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE INDEX payment_links_by_tenant ON payment_links(tenant_id, created_at);
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint BYTEA NOT NULL,
  status BIGINT NOT NULL,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);

-- SQLite migration 2: payment intents, payments, chain state and events
CREATE TABLE payment_intents (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  payment_link_id TEXT REFERENCES payment_links(id),
  status TEXT NOT NULL,
  exception TEXT NOT NULL,
  chain_id BIGINT NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  token_key TEXT NOT NULL,
  decimals BIGINT NOT NULL,
  recipient TEXT NOT NULL,
  requested_amount TEXT NOT NULL,
  amount TEXT NOT NULL,
  amount_usd TEXT,
  received TEXT NOT NULL,
  sender_hint TEXT,
  metadata TEXT NOT NULL,
  required_confirmations TEXT NOT NULL,
  confirmations BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  late_until BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  confirmed_at BIGINT,
  tx_hash TEXT,
  sender_address TEXT,
  -- Where the sender hint came from: NULL (no hint), 'payer' (named on the
  -- key-less endpoint, unproven: it never moves money), 'wallet' (proven by
  -- the wallet's signature), 'merchant' (set by an authenticated call).
  sender_hint_source TEXT,
  -- 1 for intents created through the key-less public endpoint: their open
  -- ones are capped per integration.
  keyless BIGINT NOT NULL DEFAULT 1,
  status_at_expiry TEXT
);
CREATE INDEX payment_intents_by_tenant ON payment_intents(tenant_id, created_at);
CREATE INDEX payment_intents_by_tenant_status ON payment_intents(tenant_id, status, created_at);
CREATE INDEX payment_intents_due ON payment_intents(chain_id, status, expires_at);
-- An exact amount belongs to one intent per (chain, token, recipient) until
-- its late window ends: the primary key is what makes it unique.
-- `amount` is zero-padded to 78 digits so that text order is numeric order:
-- the first free amount is found with one ordered scan.
CREATE TABLE amount_reservations (
  chain_id BIGINT NOT NULL,
  token_key TEXT NOT NULL,
  recipient TEXT NOT NULL,
  amount TEXT COLLATE "C" NOT NULL,
  intent_id TEXT NOT NULL,
  reserved_until BIGINT NOT NULL,
  PRIMARY KEY (chain_id, token_key, recipient, amount)
);
CREATE INDEX amount_reservations_by_end ON amount_reservations(chain_id, reserved_until);
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  intent_id TEXT REFERENCES payment_intents(id),
  chain_id BIGINT NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  decimals BIGINT NOT NULL,
  amount TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  position TEXT NOT NULL,
  log_index BIGINT,
  block_number BIGINT NOT NULL,
  block_hash TEXT NOT NULL,
  block_time BIGINT NOT NULL,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  status TEXT NOT NULL,
  confirmations BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  confirmed_at BIGINT,
  UNIQUE (tenant_id, chain_id, block_hash, tx_hash, position)
);
CREATE INDEX payments_by_tenant ON payments(tenant_id, created_at);
CREATE INDEX payments_by_tenant_status ON payments(tenant_id, status, created_at);
CREATE INDEX payments_by_chain_status ON payments(chain_id, status, block_number);
CREATE INDEX payments_by_intent ON payments(intent_id) WHERE intent_id IS NOT NULL;
CREATE TABLE chain_blocks (
  chain_id BIGINT NOT NULL,
  number BIGINT NOT NULL,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  time BIGINT NOT NULL,
  PRIMARY KEY (chain_id, number)
);
CREATE TABLE chain_cursors (
  chain_id BIGINT PRIMARY KEY,
  number BIGINT NOT NULL,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  time BIGINT NOT NULL
);
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX events_by_tenant ON events(tenant_id, created_at);

-- SQLite migration 3: webhook endpoints and the delivery outbox
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  url TEXT NOT NULL,
  event_types TEXT,
  enabled BIGINT NOT NULL,
  disabled_reason TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX webhook_endpoints_by_tenant ON webhook_endpoints(tenant_id);
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  event_id TEXT NOT NULL REFERENCES events(id),
  endpoint_id TEXT NOT NULL,
  endpoint_url TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts BIGINT NOT NULL,
  last_response_status BIGINT,
  last_error TEXT,
  next_attempt_at BIGINT,
  locked_until BIGINT,
  delivered_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_by_tenant ON webhook_deliveries(tenant_id, created_at);

-- SQLite migration 4: trusted sender hints, exact amounts counted by block, open key-less intents
CREATE INDEX payment_intents_by_trusted_hint
  ON payment_intents(chain_id, token_key, recipient, sender_hint, created_at)
  WHERE sender_hint_source IN ('wallet', 'merchant');
CREATE INDEX payment_intents_open_keyless ON payment_intents(integration_id, expires_at)
  WHERE status = 'CREATED' AND keyless = 1;
-- How many amounts of each block of 1,000 consecutive amounts are reserved
-- (`block` is the 78-digit amount key without its last 3 digits), so that the
-- search for a free exact amount skips full blocks.
CREATE TABLE amount_reservation_blocks (
  chain_id BIGINT NOT NULL,
  token_key TEXT NOT NULL,
  recipient TEXT NOT NULL,
  block TEXT COLLATE "C" NOT NULL,
  taken BIGINT NOT NULL,
  PRIMARY KEY (chain_id, token_key, recipient, block)
);


-- SQLite migration 5: webhook leases, open deliveries by due time and by endpoint
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries(locked_until)
  WHERE locked_until IS NOT NULL;
CREATE INDEX webhook_deliveries_open_due ON webhook_deliveries(next_attempt_at)
  WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX webhook_deliveries_open_by_endpoint ON webhook_deliveries(endpoint_id)
  WHERE status IN ('PENDING', 'RETRYING');

-- SQLite migration 6: ledger: reorged transfers recorded again, status at expiry
-- Whether a transfer is already recorded (any tenant), and the unmatched
-- payments an intent can take when a reorganisation took its own.
CREATE INDEX payments_by_transfer ON payments(chain_id, tx_hash, position);
CREATE INDEX payments_unmatched ON payments(chain_id, recipient, amount) WHERE intent_id IS NULL;

-- SQLite migration 7: when each chain was first watched
CREATE TABLE chain_watch_starts (
  chain_id BIGINT PRIMARY KEY,
  started_at BIGINT NOT NULL
);

-- SQLite migration 8: what the database is for: its environment
CREATE TABLE database_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  recorded_at BIGINT NOT NULL
);

-- Per-key rate windows and last use: in the shared database, so that every
-- payd process counts the same requests (SQLite keeps them in a file of
-- their own; PostgreSQL has no page cache for them to upset).
CREATE TABLE key_usage (
  key_id TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  count BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL
);
)sql"},
};

}  // namespace

std::vector<AppliedMigration> Migrate(Connection& conn) {
  conn.Run("SELECT pg_advisory_lock($1)", Params(kMigrationLock));
  std::vector<AppliedMigration> applied;
  try {
    conn.Exec(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
    for (const auto& m : kMigrations) {
      if (conn.Run("SELECT 1 FROM schema_migrations WHERE version = $1", Params(m.version))
              .rows()) {
        continue;
      }
      conn.Exec("BEGIN");
      try {
        conn.Exec(m.sql);
        conn.Run("INSERT INTO schema_migrations(version, name, applied_at) VALUES ($1, $2, $3)",
                 Params(m.version, m.name, base::NowMs()));
        conn.Exec("COMMIT");
      } catch (...) {
        if (conn.healthy()) conn.Exec("ROLLBACK");
        throw;
      }
      applied.push_back({m.version, m.name});
    }
  } catch (...) {
    if (conn.healthy()) conn.Run("SELECT pg_advisory_unlock($1)", Params(kMigrationLock));
    throw;
  }
  conn.Run("SELECT pg_advisory_unlock($1)", Params(kMigrationLock));
  return applied;
}

}  // namespace payd::store::postgres
