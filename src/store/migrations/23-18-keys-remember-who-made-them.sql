-- Who made each key (issue 35: keys listed with their maker, and revoked with
-- a person who is disabled). NULL for keys made before.
ALTER TABLE api_keys ADD COLUMN created_by TEXT;
CREATE INDEX api_keys_by_maker ON api_keys(tenant_id, created_by);
