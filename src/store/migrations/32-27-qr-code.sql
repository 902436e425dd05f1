-- What an integration's payment page puts in its QR code (issue 38 item 3):
-- 'eip681' (the URI with the amount), 'address' (the payout address alone,
-- the exact amount shown beside it) or 'eip681_compatible' (the URI with the
-- amount also in the forms other wallets read). domain/intents/payment_uri.h.
ALTER TABLE integrations ADD COLUMN qr_code TEXT NOT NULL DEFAULT 'eip681';
