-- A payer's "email me a receipt" (issue 39 item 3, DECISIONS §18): the
-- address given on the payment page, kept only until the receipt is queued
-- (the intent paid), then deleted; one a week old whose intent was never
-- paid is forgotten (Store::PurgeExpired). One per intent: a second replaces it.
CREATE TABLE receipt_requests (
  intent_id TEXT PRIMARY KEY REFERENCES payment_intents(id),
  email TEXT NOT NULL,
  language TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX receipt_requests_by_age ON receipt_requests(created_at);
