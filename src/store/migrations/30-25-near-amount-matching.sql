-- Matching beyond the exact amount (DECISIONS §17, issue 38 item 2). An
-- integration says whether a transfer that exactly one waiting intent nearly
-- fits pays it at once (match_near_amounts) and how far short of the price
-- it may be (underpayment_tolerance: '' none, 'percent:1.5', 'amount:0.50').
-- A payment kept unmatched names the one intent it fits (candidate_intent_id);
-- one matched that way keeps what it fell short by (near_amount_shortfall,
-- smallest units, '0' for the price itself), and so does its intent, from its
-- live payments (NULL: not matched by a near amount).
ALTER TABLE integrations ADD COLUMN match_near_amounts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE integrations ADD COLUMN underpayment_tolerance TEXT NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN candidate_intent_id TEXT;
ALTER TABLE payments ADD COLUMN near_amount_shortfall TEXT;
ALTER TABLE payment_intents ADD COLUMN near_amount_shortfall TEXT;
