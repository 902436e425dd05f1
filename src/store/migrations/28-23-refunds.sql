-- Refunds (issue 37, DECISIONS §15): money given back for a confirmed
-- payment, sent by the merchant's wallet and matched on chain by
-- (chain_id, token, from_address, to_address, amount). `amount` is smallest
-- units as decimal text; `price` and `rate` JSON as on payment_intents. The
-- payer's refund page is found by the SHA-256 of its token (page_digest).
-- No foreign key to payments: an unmatched payment another tenant's intent
-- takes is deleted from this tenant's, and its refund stays as a record.
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  payment_id TEXT NOT NULL,
  intent_id TEXT,
  chain_id BIGINT NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  decimals BIGINT NOT NULL,
  from_address TEXT NOT NULL,
  to_address TEXT,
  address_source TEXT,
  amount TEXT NOT NULL,
  price TEXT,
  rate TEXT,
  reason TEXT NOT NULL,
  metadata TEXT NOT NULL,
  status TEXT NOT NULL,
  tx_hash TEXT,
  position TEXT,
  block_number BIGINT,
  block_hash TEXT,
  block_time BIGINT,
  confirmations BIGINT NOT NULL,
  page_digest TEXT UNIQUE,
  page_expires_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  sent_at BIGINT,
  confirmed_at BIGINT,
  canceled_at BIGINT
);
CREATE INDEX refunds_by_tenant ON refunds(tenant_id, created_at);
CREATE INDEX refunds_by_payment ON refunds(payment_id);
CREATE INDEX refunds_by_chain_status ON refunds(chain_id, status);
-- What the payment's confirmed refunds came to, smallest units.
ALTER TABLE payments ADD COLUMN refunded TEXT NOT NULL DEFAULT '0';
