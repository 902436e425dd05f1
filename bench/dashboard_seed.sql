-- 100,000 payment intents for one tenant, written straight into a SQLite
-- database that `payd` created (its schema, its tenant and integration), for
-- bench/dashboard.sh. Written once, in one transaction: through the API the
-- same rows would take minutes and measure the writes, not the pages.
--
-- The shell substitutes @TENANT@, @INTEGRATION@, @LINK@, @NOW@ (ms) and @ROWS@.
-- What a shop's three months look like (i = 1 is the newest, one every ~78 s):
--   the 300 newest are open (CREATED); of the rest, per hundred: 25 PAID,
--   1 OVERPAID and 1 PAID_LATE (PAID with an exception), 2 UNDERPAID (EXPIRED),
--   1 PENDING among the newest 2,000, the others EXPIRED. Every paid or
--   underpaid intent has its transfer in `payments`; every intent its
--   PAYMENT_CREATED event, every paid one a PAYMENT_CONFIRMED event and a
--   webhook delivery (1 in 50 failed). Half the underpaid ones are resolved;
--   the other irregular ones wait for a decision (~3,000). Every 10th intent
--   belongs to a payment link; every 1,000th has markup in its metadata.
BEGIN;
CREATE TEMP TABLE n(i INTEGER PRIMARY KEY);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < @ROWS@)
INSERT INTO n SELECT i FROM c;

CREATE TEMP TABLE seed AS
SELECT i,
       'pi_' || lower(hex(randomblob(13))) AS id,
       @NOW@ - i * 77760 AS created_at,
       (i * 7919) % 90000 + 100 AS cents,
       CASE WHEN i <= 300 THEN 'CREATED'
            WHEN i % 100 < 27 THEN 'PAID'
            WHEN i % 100 = 29 AND i <= 2000 THEN 'PENDING'
            ELSE 'EXPIRED' END AS status,
       CASE WHEN i <= 300 THEN ''
            WHEN i % 100 = 25 THEN 'OVERPAID'
            WHEN i % 100 = 26 THEN 'PAID_LATE'
            WHEN i % 100 IN (27, 28) THEN 'UNDERPAID'
            ELSE '' END AS exception,
       '0x' || lower(hex(randomblob(32))) AS tx_hash,
       '0x' || lower(hex(randomblob(20))) AS sender
FROM n;

INSERT INTO payment_intents (id, tenant_id, integration_id, payment_link_id, status, exception,
  chain_id, token_symbol, token_address, token_key, decimals, recipient, requested_amount, amount,
  amount_usd, received, sender_hint, metadata, required_confirmations, confirmations, expires_at,
  late_until, created_at, confirmed_at, tx_hash, sender_address, sender_hint_source, keyless,
  status_at_expiry, asked, chosen_at, resolution)
SELECT id, '@TENANT@', '@INTEGRATION@', CASE WHEN i % 10 = 0 THEN '@LINK@' END, status, exception,
  31337, 'USDC', '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  '0x5fbdb2315678afecb367f032d93f642f64180aa3', 6, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  cents * 10000, cents * 10000 + i % 97, (cents / 100) || '.' || substr('0' || (cents % 100), -2),
  CASE WHEN status = 'PAID' AND exception = 'OVERPAID' THEN cents * 10000 + i % 97 + 500000
       WHEN status = 'PAID' THEN cents * 10000 + i % 97
       WHEN exception = 'UNDERPAID' THEN cents * 5000
       ELSE 0 END,
  NULL,
  '{"orderId":"ord-' || i || '","customer":"cust-' || (i % 5000) || '","sku":"sku-' || (i % 37) ||
    '"' || CASE WHEN i % 1000 = 0 THEN ',"note":"<b>gift</b> & <script>x</script>"' ELSE '' END ||
    '}',
  '2', CASE WHEN status = 'PAID' THEN 2 ELSE 0 END, created_at + 1800000, created_at + 88200000,
  created_at,
  CASE WHEN status = 'PAID' THEN created_at + 90000 END,
  CASE WHEN status = 'PAID' OR exception = 'UNDERPAID' THEN tx_hash END,
  CASE WHEN status = 'PAID' OR exception = 'UNDERPAID' THEN sender END,
  NULL, 1, NULL, NULL, NULL,
  CASE WHEN exception = 'UNDERPAID' AND i % 2 = 0 THEN
    '{"outcome":"paid","note":"paid the rest by card","actor":"user_bench","at":' ||
    (created_at + 86400000) || '}' END
FROM seed;

-- Prices as asked (issue 36): a third in euros at a rate, the rest in dollars.
UPDATE payment_intents SET price = '{"amount":"' || amount_usd || '","currency":"USD"}'
  WHERE tenant_id = '@TENANT@';
UPDATE payment_intents SET
  price = '{"amount":"' || amount_usd || '","currency":"EUR"}',
  rate = '{"answer":"108275","decimals":5,"sources":["chainlink:1","ecb"],"at":0}',
  amount_usd = NULL
  WHERE tenant_id = '@TENANT@' AND rowid % 3 = 0;

INSERT INTO payments (id, tenant_id, intent_id, chain_id, token_symbol, token_address, decimals,
  amount, tx_hash, position, log_index, block_number, block_hash, block_time, sender, recipient,
  status, confirmations, created_at, confirmed_at)
SELECT 'pay_' || lower(hex(randomblob(13))), '@TENANT@', s.id, 31337, 'USDC',
  '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6, p.received, s.tx_hash, 'log:0', 0,
  2000000 - s.i, '0x' || lower(hex(randomblob(32))), s.created_at + 60000, s.sender,
  p.recipient, 'CONFIRMED', 2, s.created_at + 60000, s.created_at + 90000
FROM seed s JOIN payment_intents p ON p.id = s.id
WHERE s.status = 'PAID' OR s.exception = 'UNDERPAID';

-- Transfers no intent took (the "unmatched" list).
INSERT INTO payments (id, tenant_id, intent_id, chain_id, token_symbol, token_address, decimals,
  amount, tx_hash, position, log_index, block_number, block_hash, block_time, sender, recipient,
  status, confirmations, created_at, confirmed_at)
SELECT 'pay_' || lower(hex(randomblob(13))), '@TENANT@', NULL, 31337, 'USDC',
  '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6, 1234567 + i, '0x' || lower(hex(randomblob(32))),
  'log:1', 1, 3000000 - i, '0x' || lower(hex(randomblob(32))), @NOW@ - i * 3600000,
  '0x' || lower(hex(randomblob(20))), '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 'CONFIRMED',
  2, @NOW@ - i * 3600000, @NOW@ - i * 3600000
FROM n WHERE i <= 25;

-- object_id: what payd writes beside each event (EventObjectId, the data's id).
INSERT INTO events (id, tenant_id, type, data, created_at, data_v1, object_id)
SELECT 'evt_c' || substr(id, 4), '@TENANT@', 'PAYMENT_CREATED',
  '{"id":"' || id || '","status":"CREATED","exception":null,"amount":"' || (cents * 10000) ||
  '","amountUsd":"' || (cents / 100) || '.' || substr('0' || (cents % 100), -2) ||
  '","currency":"USDC","chainId":31337,"integrationId":"@INTEGRATION@","metadata":{"orderId":"ord-' ||
  i || '"}}', created_at, NULL, id
FROM seed;
INSERT INTO events (id, tenant_id, type, data, created_at, data_v1, object_id)
SELECT 'evt_p' || substr(id, 4), '@TENANT@', 'PAYMENT_CONFIRMED',
  '{"id":"' || id || '","status":"PAID","txHash":"' || tx_hash || '","amount":"' ||
  (cents * 10000) || '","currency":"USDC","chainId":31337,"metadata":{"orderId":"ord-' || i ||
  '"}}', created_at + 90000, NULL, id
FROM seed WHERE status = 'PAID';

INSERT INTO webhook_endpoints (id, tenant_id, url, event_types, enabled, disabled_reason,
  created_at, description, payload_shape, secret)
VALUES ('we_bench', '@TENANT@', 'https://shop.example/hooks/payd', NULL, 1, NULL,
  @NOW@ - 100 * 86400000, 'the shop', 'events', NULL);
INSERT INTO webhook_deliveries (id, tenant_id, event_id, endpoint_id, endpoint_url, type, status,
  attempts, last_response_status, last_error, next_attempt_at, locked_until, delivered_at,
  created_at)
SELECT 'whd_' || substr(id, 4), '@TENANT@', 'evt_p' || substr(id, 4), 'we_bench',
  'https://shop.example/hooks/payd', 'PAYMENT_CONFIRMED',
  CASE WHEN i % 50 = 0 THEN 'FAILED' ELSE 'DELIVERED' END,
  CASE WHEN i % 50 = 0 THEN 12 ELSE 1 END, CASE WHEN i % 50 = 0 THEN 503 ELSE 200 END,
  CASE WHEN i % 50 = 0 THEN 'HTTP 503' END, NULL, NULL,
  CASE WHEN i % 50 = 0 THEN NULL ELSE created_at + 91000 END, created_at + 90000
FROM seed WHERE status = 'PAID';

INSERT INTO audit_log (id, tenant_id, actor, action, object_id, before, after, created_at)
SELECT 'aud_' || lower(hex(randomblob(13))), '@TENANT@', 'user_bench', 'intent.resolve', id,
  '{"resolution":null}', '{"resolution":{"outcome":"paid"}}', created_at + 86400000
FROM seed WHERE exception = 'UNDERPAID' AND i % 2 = 0;
COMMIT;
