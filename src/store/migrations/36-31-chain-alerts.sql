-- A chain payd cannot watch (issue 39 item 2): its token check failed, or
-- payd has not read it for minutes. One row per chain while the problem
-- lasts (an episode): the first process to see it inserts the row and its
-- tenants' people are told once; the row goes when the chain recovers.
CREATE TABLE chain_alerts (
  chain_id BIGINT PRIMARY KEY,
  problem TEXT NOT NULL,
  started_at BIGINT NOT NULL
);
