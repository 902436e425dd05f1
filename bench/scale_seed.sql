-- @PAID@ paid payment intents for one tenant, each with its transfer in
-- `payments`, its PAYMENT_CONFIRMED event and that event's webhook delivery
-- (what GET /api/v1/webhooks pages through; the endpoint is disabled, so that the
-- intents the bench creates queue nothing, as on the fresh database), written straight into a SQLite
-- database that `payd` created, for bench/scale.sh: a shop's history, one
-- intent every ~30 s going back about a year, created with an API key (not
-- key-less) and long past its late window, so that none holds an exact amount.
--
-- The shell substitutes @TENANT@, @INTEGRATION@, @NOW@ (ms) and @PAID@.
BEGIN;
CREATE TEMP TABLE n(i INTEGER PRIMARY KEY);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < @PAID@)
INSERT INTO n SELECT i FROM c;

CREATE TEMP TABLE seed AS
SELECT i, 'pi_' || lower(hex(randomblob(13))) AS id,
       @NOW@ - 86400000 - i * 30000 AS created_at,
       (i * 7919) % 90000 + 100 AS cents,
       '0x' || lower(hex(randomblob(32))) AS tx_hash,
       '0x' || lower(hex(randomblob(20))) AS sender
FROM n;

INSERT INTO payment_intents (id, tenant_id, integration_id, payment_link_id, status, exception,
  chain_id, token_symbol, token_address, token_key, decimals, recipient, requested_amount, amount,
  amount_usd, received, sender_hint, metadata, required_confirmations, confirmations, expires_at,
  late_until, created_at, confirmed_at, tx_hash, sender_address, sender_hint_source, keyless,
  status_at_expiry, asked, chosen_at, resolution)
SELECT id, '@TENANT@', '@INTEGRATION@', NULL, 'PAID', '', 31337, 'USDC',
  '0x5FbDB2315678afecb367f032d93F642f64180aa3', '0x5fbdb2315678afecb367f032d93f642f64180aa3', 6,
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', cents * 10000, cents * 10000 + i % 97,
  (cents / 100) || '.' || substr('0' || (cents % 100), -2), cents * 10000 + i % 97, NULL,
  '{"orderId":"ord-' || i || '"}', '2', 2, created_at + 1800000, created_at + 88200000, created_at,
  created_at + 90000, tx_hash, sender, NULL, 0, NULL, NULL, NULL, NULL
FROM seed;

INSERT INTO payments (id, tenant_id, intent_id, chain_id, token_symbol, token_address, decimals,
  amount, tx_hash, position, log_index, block_number, block_hash, block_time, sender, recipient,
  status, confirmations, created_at, confirmed_at)
SELECT 'pay_' || lower(hex(randomblob(13))), '@TENANT@', id, 31337, 'USDC',
  '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6, cents * 10000 + i % 97, tx_hash, 'log:0', 0,
  5000000 - i, '0x' || lower(hex(randomblob(32))), created_at + 60000, sender,
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 'CONFIRMED', 2, created_at + 60000,
  created_at + 90000
FROM seed;

INSERT INTO events (id, tenant_id, type, data, created_at, data_v1, object_id)
SELECT 'evt_p' || substr(id, 4), '@TENANT@', 'PAYMENT_CONFIRMED',
  '{"id":"' || id || '","status":"PAID","txHash":"' || tx_hash || '","amount":"' ||
  (cents * 10000) || '","currency":"USDC","chainId":31337,"metadata":{"orderId":"ord-' || i ||
  '"}}', created_at + 90000, NULL, id
FROM seed;
INSERT INTO webhook_endpoints (id, tenant_id, url, event_types, enabled, disabled_reason,
  created_at, description, payload_shape, secret)
VALUES ('we_scale', '@TENANT@', 'https://shop.example/hooks/payd', NULL, 0, 'the bench''s',
  @NOW@ - 400 * 86400000, 'the shop', 'events', NULL);
INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, endpoint_url, type, status,
  attempts, last_response_status, last_error, next_attempt_at, locked_until, delivered_at,
  created_at)
SELECT 'whd_' || substr(id, 4), '@TENANT@', 'evt_p' || substr(id, 4), 'we_scale',
  'https://shop.example/hooks/payd', 'PAYMENT_CONFIRMED', 'DELIVERED', 1, 200, NULL, NULL, NULL,
  created_at + 91000, created_at + 90000
FROM seed;
COMMIT;
