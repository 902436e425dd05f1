-- The price an intent was asked in a currency, and the rate that converted it
-- (issue 36, DECISIONS §14), as JSON: {"amount":"25.00","currency":"EUR"} and
-- {"answer":"108250000","decimals":8,"sources":["chainlink:1","ecb"],"at":ms}.
-- Intents priced in USD before keep their price: amount_usd was it.
ALTER TABLE payment_intents ADD COLUMN price TEXT;
ALTER TABLE payment_intents ADD COLUMN rate TEXT;
UPDATE payment_intents SET price = '{"amount":"' || amount_usd || '","currency":"USD"}'
  WHERE amount_usd IS NOT NULL;
