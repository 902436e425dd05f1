-- What each person chooses to be emailed about (issue 39 item 2, DECISIONS
-- §18): a row where the person chose, for a topic of domain/email/topics.h
-- ('on' or 'off'); no row, their role's default. Security topics have no
-- rows: they cannot be turned off.
CREATE TABLE email_choices (
  user_id TEXT NOT NULL REFERENCES users(id),
  topic TEXT NOT NULL,
  choice TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, topic)
);
-- The one-click unsubscribe links of messages sent (RFC 8058): the SHA-256 of
-- the token in the message's List-Unsubscribe address, whose person and topic
-- it turns off. Forgotten after a year (Store::PurgeExpired).
CREATE TABLE email_unsubscribe_links (
  digest TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  topic TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX email_unsubscribe_links_by_age ON email_unsubscribe_links(created_at);
