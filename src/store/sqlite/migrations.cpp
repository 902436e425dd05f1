#include "store/sqlite/migrations.h"

#include <algorithm>
#include <iterator>

#include "base/time.h"
#include "store/shared_migrations.h"

namespace payd::store::sqlite {

namespace {

// Timestamps are epoch milliseconds; JSON arrays are stored as text.
const Migration kMigrations[] = {
    {1, "accounts, keys and payment links", R"sql(
CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE webhook_secrets (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER
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
  auto_conversion INTEGER NOT NULL,
  preferred_token TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX integrations_by_tenant ON integrations(tenant_id, created_at);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  kind TEXT NOT NULL,
  integration_id TEXT REFERENCES integrations(id),
  name TEXT NOT NULL,
  digest BLOB NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  last4 TEXT NOT NULL,
  scopes TEXT NOT NULL,
  rate_limit INTEGER,
  expires_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
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
  allow_custom_amount INTEGER NOT NULL,
  min_amount TEXT,
  status TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  payments INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX payment_links_by_tenant ON payment_links(tenant_id, created_at);
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint BLOB NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);
)sql"},
    {2, "payment intents, payments, chain state and events", R"sql(
CREATE TABLE payment_intents (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  payment_link_id TEXT REFERENCES payment_links(id),
  status TEXT NOT NULL,
  exception TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  token_key TEXT NOT NULL,
  decimals INTEGER NOT NULL,
  recipient TEXT NOT NULL,
  requested_amount TEXT NOT NULL,
  amount TEXT NOT NULL,
  amount_usd TEXT,
  received TEXT NOT NULL,
  sender_hint TEXT,
  metadata TEXT NOT NULL,
  required_confirmations TEXT NOT NULL,
  confirmations INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  late_until INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  tx_hash TEXT,
  sender_address TEXT
);
CREATE INDEX payment_intents_by_tenant ON payment_intents(tenant_id, created_at);
CREATE INDEX payment_intents_by_tenant_status ON payment_intents(tenant_id, status, created_at);
CREATE INDEX payment_intents_due ON payment_intents(chain_id, status, expires_at);
CREATE INDEX payment_intents_by_hint ON payment_intents(chain_id, token_key, recipient, sender_hint)
  WHERE sender_hint IS NOT NULL;
-- An exact amount belongs to one intent per (chain, token, recipient) until
-- its late window ends: the primary key is what makes it unique.
-- `amount` is zero-padded to 78 digits so that text order is numeric order:
-- the first free amount is found with one ordered scan.
CREATE TABLE amount_reservations (
  chain_id INTEGER NOT NULL,
  token_key TEXT NOT NULL,
  recipient TEXT NOT NULL,
  amount TEXT NOT NULL,
  intent_id TEXT NOT NULL,
  reserved_until INTEGER NOT NULL,
  PRIMARY KEY (chain_id, token_key, recipient, amount)
) WITHOUT ROWID;
CREATE INDEX amount_reservations_by_end ON amount_reservations(chain_id, reserved_until);
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  intent_id TEXT REFERENCES payment_intents(id),
  chain_id INTEGER NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  decimals INTEGER NOT NULL,
  amount TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  position TEXT NOT NULL,
  log_index INTEGER,
  block_number INTEGER NOT NULL,
  block_hash TEXT NOT NULL,
  block_time INTEGER NOT NULL,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  status TEXT NOT NULL,
  confirmations INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  UNIQUE (tenant_id, chain_id, block_hash, tx_hash, position)
);
CREATE INDEX payments_by_tenant ON payments(tenant_id, created_at);
CREATE INDEX payments_by_tenant_status ON payments(tenant_id, status, created_at);
CREATE INDEX payments_by_chain_status ON payments(chain_id, status, block_number);
CREATE INDEX payments_by_intent ON payments(intent_id) WHERE intent_id IS NOT NULL;
CREATE TABLE chain_blocks (
  chain_id INTEGER NOT NULL,
  number INTEGER NOT NULL,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  time INTEGER NOT NULL,
  PRIMARY KEY (chain_id, number)
) WITHOUT ROWID;
CREATE TABLE chain_cursors (
  chain_id INTEGER PRIMARY KEY,
  number INTEGER NOT NULL,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  time INTEGER NOT NULL
);
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX events_by_tenant ON events(tenant_id, created_at);
)sql"},
    {3, "webhook endpoints and the delivery outbox", R"sql(
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  url TEXT NOT NULL,
  event_types TEXT,
  enabled INTEGER NOT NULL,
  disabled_reason TEXT,
  created_at INTEGER NOT NULL
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
  attempts INTEGER NOT NULL,
  last_response_status INTEGER,
  last_error TEXT,
  next_attempt_at INTEGER,
  locked_until INTEGER,
  delivered_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_by_tenant ON webhook_deliveries(tenant_id, created_at);
)sql"},
    {4, "trusted sender hints, exact amounts counted by block, open key-less intents", R"sql(
-- Where a sender hint came from: NULL (no hint), 'payer' (named on the
-- key-less endpoint, unproven: it never moves money), 'wallet' (proven by the
-- wallet's signature), 'merchant' (set by an authenticated call). No hint
-- stored before this migration was proven.
ALTER TABLE payment_intents ADD COLUMN sender_hint_source TEXT;
UPDATE payment_intents SET sender_hint_source = 'payer' WHERE sender_hint IS NOT NULL;
DROP INDEX payment_intents_by_hint;
CREATE INDEX payment_intents_by_trusted_hint
  ON payment_intents(chain_id, token_key, recipient, sender_hint, created_at)
  WHERE sender_hint_source IN ('wallet', 'merchant');
-- 1 for intents created through the key-less public endpoint (every intent
-- before this migration): their open ones are capped per integration.
ALTER TABLE payment_intents ADD COLUMN keyless INTEGER NOT NULL DEFAULT 1;
CREATE INDEX payment_intents_open_keyless ON payment_intents(integration_id, expires_at)
  WHERE status = 'CREATED' AND keyless = 1;
-- How many amounts of each block of 1,000 consecutive amounts are reserved
-- (`block` is the 78-digit amount key without its last 3 digits), so that the
-- search for a free exact amount skips full blocks.
CREATE TABLE amount_reservation_blocks (
  chain_id INTEGER NOT NULL,
  token_key TEXT NOT NULL,
  recipient TEXT NOT NULL,
  block TEXT NOT NULL,
  taken INTEGER NOT NULL,
  PRIMARY KEY (chain_id, token_key, recipient, block)
) WITHOUT ROWID;
INSERT INTO amount_reservation_blocks(chain_id, token_key, recipient, block, taken)
  SELECT chain_id, token_key, recipient, substr(amount, 1, 75), count(*)
  FROM amount_reservations GROUP BY chain_id, token_key, recipient, substr(amount, 1, 75);
)sql"},
    // At every claim the dispatcher counts the
    // leases in flight and reads open deliveries in due order; a disabled
    // endpoint's open deliveries are failed. All stay small lookups however
    // long the delivery history grows.
    {5, "webhook leases, open deliveries by due time and by endpoint", R"sql(
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries(locked_until)
  WHERE locked_until IS NOT NULL;
CREATE INDEX webhook_deliveries_open_due ON webhook_deliveries(next_attempt_at)
  WHERE status IN ('PENDING', 'RETRYING');
CREATE INDEX webhook_deliveries_open_by_endpoint ON webhook_deliveries(endpoint_id)
  WHERE status IN ('PENDING', 'RETRYING');
)sql"},
    {6, "ledger: reorged transfers recorded again, status at expiry", R"sql(
ALTER TABLE payment_intents ADD COLUMN status_at_expiry TEXT;
-- Whether a transfer is already recorded (any tenant), and the unmatched
-- payments an intent can take when a reorganisation took its own.
CREATE INDEX payments_by_transfer ON payments(chain_id, tx_hash, position);
CREATE INDEX payments_unmatched ON payments(chain_id, recipient, amount) WHERE intent_id IS NULL;
)sql"},
    // When payd first set out to watch each chain: a first start whose node
    // was unreachable scans back to it (see ChainWatcher::FirstStartBlock).
    {7, "when each chain was first watched", R"sql(
CREATE TABLE chain_watch_starts (
  chain_id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL
);
)sql"},
    // Facts about the database itself. 'environment': the one it belongs to
    // (DECISIONS §1), recorded by the first process that opens it and never
    // changed by payd (domain/access/environment_lock.h).
    {8, "what the database is for: its environment", R"sql(
CREATE TABLE database_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  recorded_at INTEGER NOT NULL
);
)sql"},
    // Intents created through /v1 (DECISIONS §12): what the merchant asked
    // for, as JSON; chain_id 0 until the payer chooses (PaymentIntent::asked).
};

// The usage database takes one small write per authenticated request. Keeping
// it out of the main file means those writes never invalidate the page caches
// of the connections reading payments. Losing it loses only counters and lastUsedAt.
const Migration kUsageMigrations[] = {
    {1, "per-key rate windows and last use", R"sql(
CREATE TABLE key_usage (
  key_id TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
) WITHOUT ROWID;
)sql"},
};

// Every migration of `schema`, in version order.
std::vector<Migration> MigrationsOf(Schema schema) {
  if (schema == Schema::kUsage) return {std::begin(kUsageMigrations), std::end(kUsageMigrations)};
  std::vector<Migration> all(std::begin(kMigrations), std::end(kMigrations));
  for (const Migration& m : DashboardMigrations()) all.push_back(m);
  for (const Migration& m : ScaleMigrations()) all.push_back(m);
  for (const Migration& m : MerchantMigrations()) all.push_back(m);
  // From 23 on, the migrations written once for both databases.
  for (const auto& m : SharedMigrations())
    all.push_back({m.sqlite_version, m.name.c_str(), m.sql.c_str()});
  std::sort(all.begin(), all.end(),
            [](const Migration& a, const Migration& b) { return a.version < b.version; });
  return all;
}

std::vector<AppliedMigration> Apply(Connection& conn, const std::vector<Migration>& migrations) {
  conn.Exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  std::vector<AppliedMigration> applied;
  for (const auto& m : migrations) {
    // The IMMEDIATE transaction serialises concurrent migrators; each re-checks
    // under the lock whether another already applied this version.
    Transaction tx(conn);
    auto q = conn.Prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
    q.Bind(1, m.version);
    if (q.Step()) continue;
    conn.Exec(m.sql);
    conn.Prepare("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)")
        .Bind(1, m.version)
        .Bind(2, m.name)
        .Bind(3, base::NowMs())
        .Run();
    tx.Commit();
    applied.push_back({m.version, m.name});
  }
  return applied;
}

}  // namespace

std::vector<AppliedMigration> Migrate(Connection& conn, Schema schema) {
  return Apply(conn, MigrationsOf(schema));
}

int LatestVersion(Schema schema) {
  return MigrationsOf(schema).back().version;
}

}  // namespace payd::store::sqlite
