-- A payout address change made by a person waits a day before new payments
-- go there (issue 35; docs/operator-guide.md "Payout address changes"):
-- meanwhile every owner is told, an admin may cancel it and a second owner may
-- confirm it at once. At most one waits per integration.
CREATE TABLE payout_changes (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  payout_address TEXT NOT NULL,
  previous_address TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  requested_at BIGINT NOT NULL,
  effective_at BIGINT NOT NULL,
  closed_at BIGINT,
  closed_by TEXT,
  outcome TEXT
);
CREATE INDEX payout_changes_waiting ON payout_changes(effective_at) WHERE closed_at IS NULL;
CREATE UNIQUE INDEX payout_changes_one_waiting ON payout_changes(integration_id)
  WHERE closed_at IS NULL;
