-- Browsers a person signed in from (issue 35): a lock by address does not
-- stop their password there. Only the SHA-256 of the cookie's token is kept.
CREATE TABLE known_browsers (
  digest TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  created_at BIGINT NOT NULL
);
CREATE INDEX known_browsers_by_user ON known_browsers(user_id);
