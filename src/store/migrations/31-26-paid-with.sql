-- Paying with another token (DECISIONS §16, issue 38 item 1): a payment of an
-- intent whose integration takes other tokens waits for its receipt to be
-- read (swap_check = 1); when a swap in the payer's transaction paid it,
-- paid_with holds what the payer spent as JSON {token, tokenAddress,
-- decimals, amount, payer}, and sender becomes the payer's wallet.
ALTER TABLE payments ADD COLUMN swap_check BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN paid_with TEXT;
CREATE INDEX payments_swap_check ON payments(chain_id, created_at) WHERE swap_check = 1;
