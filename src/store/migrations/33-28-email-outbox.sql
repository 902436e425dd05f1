-- The email outbox (issue 39, DECISIONS §18): every message payd sends,
-- queued in the transaction of what caused it and sent by email/outbox_sender
-- with retries, like webhook deliveries. A message is stored as the template
-- it is rendered from, its language and its model (domain/email/outbox.h),
-- not as finished text: the sender renders it when it goes. Once a message
-- is sent or has failed for good, its recipient and model are cleared (a
-- payer's address is kept only as long as the receipt needs it; a sign-in
-- link no longer sits in the database); `recipient_digest` stays, for the
-- per-recipient hourly limit.
CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  tenant_id TEXT,
  recipient TEXT,
  recipient_digest TEXT NOT NULL,
  template TEXT NOT NULL,
  language TEXT NOT NULL,
  model TEXT,
  security BIGINT NOT NULL,
  status TEXT NOT NULL,
  attempts BIGINT NOT NULL,
  next_attempt_at BIGINT NOT NULL,
  locked_until BIGINT,
  last_error TEXT,
  message_id TEXT,
  created_at BIGINT NOT NULL,
  sent_at BIGINT
);
CREATE INDEX email_outbox_open_due ON email_outbox(status, next_attempt_at);
CREATE INDEX email_outbox_sent_to ON email_outbox(recipient_digest, sent_at);
CREATE INDEX email_outbox_by_tenant ON email_outbox(tenant_id, created_at);
