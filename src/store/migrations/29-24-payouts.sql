-- Payouts (issue 37 item 5): a batch of transfers out of one payout address
-- to any recipients (suppliers, affiliates, sellers), prepared for the
-- merchant's wallet like refunds. Each line is a row of `refunds` with
-- `payout_id` set (and payment_id ''): a line and a refund are matched on chain
-- by the same ledger pass (domain/refunds/refund_ledger.h), oldest first, so
-- that one transfer never confirms two of them. `reference` is the merchant's
-- own text for a line (an invoice number), `line_number` its place from 1.
CREATE TABLE payouts (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  chain_id BIGINT NOT NULL,
  token_symbol TEXT NOT NULL,
  token_address TEXT,
  decimals BIGINT NOT NULL,
  from_address TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  completed_at BIGINT,
  canceled_at BIGINT
);
CREATE INDEX payouts_by_tenant ON payouts(tenant_id, created_at);
ALTER TABLE refunds ADD COLUMN payout_id TEXT;
ALTER TABLE refunds ADD COLUMN reference TEXT;
ALTER TABLE refunds ADD COLUMN line_number BIGINT;
CREATE INDEX refunds_by_payout ON refunds(payout_id);
