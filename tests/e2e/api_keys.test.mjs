// API keys managed through the API (issue 17 item 2, DECISIONS §2, §13): the account key
// creates keys (the text shown once, only its digest kept), lists them (prefix and last 4
// characters), revokes them (at once) and rotates them, itself included. A public key, whatever
// its scopes, may do none of it. Every change is in the audit log, never a key's text.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { assertApiError, createMerchant, paydForSuite } from './lib/payd.mjs';

describe('API keys through the API', () => {
  const suite = paydForSuite();
  let account;
  const call = (method, path, { key = account.key, body, headers } = {}) => suite.payd.request(method, path, { key, body, headers });
  const audit = async () => (await call('GET', '/api/v1/audit-log?limit=100')).json.data;

  before(() => {
    account = suite.payd.admin(['key', 'create', '--tenant', suite.shop.tenant.id, '--name', 'backend', '--kind', 'account']);
  });

  test('a key made through the API works at once, within its scopes; its text is shown once', async () => {
    const made = await call('POST', '/api/v1/api-keys', { body: { name: 'Order sync', scopes: ['payments:read'] } });
    assert.equal(made.status, 201, made.text);
    const k = made.json;
    assert.match(k.key, /^svc_pk_test_[A-Za-z0-9_-]{43}$/);
    assert.equal(k.prefix, 'svc_pk_test_');
    assert.equal(k.last4, k.key.slice(-4));
    assert.deepEqual(k.scopes, ['payments:read']);
    assert.equal(k.kind, 'public');
    assert.equal(k.status, 'active');
    assert.equal((await call('GET', '/api/v1/payment-links', { key: k.key })).status, 200);
    assertApiError(await call('POST', '/api/v1/payment-links', { key: k.key, body: {} }), 403, 'insufficient_scope');

    const listed = (await call('GET', '/api/v1/api-keys?limit=100')).json.data;
    const entry = listed.find((x) => x.id === k.id);
    assert.ok(entry && !('key' in entry), 'the list never shows the text');
    assert.ok(!JSON.stringify(listed).includes(k.key));
    const one = (await call('GET', `/api/v1/api-keys/${k.id}`)).json;
    assert.ok(one.lastUsedAt, 'lastUsedAt follows use');
    const { key, ...view } = k;
    assert.deepEqual({ ...one, lastUsedAt: null }, view);
    const [created] = (await audit()).filter((a) => a.objectId === k.id);
    assert.equal(created.action, 'api_key.create');
    assert.equal(created.actor, account.id);
    assert.ok(!JSON.stringify(await audit()).includes(k.key), 'the audit log never holds a key');
  });

  test('integration and account keys, and an Idempotency-Key replay without the text', async () => {
    const ik = (await call('POST', '/api/v1/api-keys', { body: { name: 'Widget', kind: 'integration', integrationId: suite.shop.integration.id } })).json;
    assert.match(ik.key, /^svc_test_/);
    assert.equal(ik.integrationId, suite.shop.integration.id);
    assertApiError(await call('GET', '/api/v1/payment-links', { key: ik.key }), 401, 'unauthorized');
    const ak = (await call('POST', '/api/v1/api-keys', { body: { name: 'Second backend', kind: 'account' } })).json;
    assert.match(ak.key, /^svc_ak_test_/);
    assert.equal((await call('GET', '/api/v1/audit-log', { key: ak.key })).status, 200);

    const headers = { 'Idempotency-Key': `key-${Date.now()}` };
    const first = await call('POST', '/api/v1/api-keys', { body: { name: 'Once', scopes: ['events:read'] }, headers });
    const again = await call('POST', '/api/v1/api-keys', { body: { name: 'Once', scopes: ['events:read'] }, headers });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.id, first.json.id);
    assert.equal(again.json.key, null, 'payd never kept the text');
    assertApiError(await call('POST', '/api/v1/api-keys', { body: { name: 'Twice', scopes: ['events:read'] }, headers }), 409, 'idempotency_conflict');
  });

  test('bad requests are a 400 naming the field, and no key is made', async () => {
    const count = async () => (await call('GET', '/api/v1/api-keys?limit=100')).json.data.length;
    const before = await count();
    for (const [body, param] of [
      [{}, 'name'], [{ name: '' }, 'name'], [{ name: 'x', scopes: [] }, 'scopes'], [{ name: 'x', scopes: ['payments:admin'] }, 'scopes'],
      [{ name: 'x', scopes: 'payments:read' }, 'scopes'], [{ name: 'x', kind: 'root' }, 'kind'], [{ name: 'x', kind: 'account', scopes: ['payments:read'] }, 'scopes'],
      [{ name: 'x', kind: 'integration' }, 'integrationId'], [{ name: 'x', kind: 'integration', integrationId: 'int_nosuch' }, 'integrationId'],
      [{ name: 'x', scopes: ['payments:read'], integrationId: suite.shop.integration.id }, 'integrationId'],
      [{ name: 'x', scopes: ['payments:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scopes: ['payments:read'], expiresAt: 'tomorrow' }, 'expiresAt'], [{ name: 'x', scopes: ['payments:read'], rateLimit: 1000 }, 'rateLimit'],
    ]) {
      assertApiError(await call('POST', '/api/v1/api-keys', { body }), 400, 'invalid_request', param);
    }
    assert.equal(await count(), before);
  });

  test('revocation ends a key on its very next request; the account key may revoke itself', async () => {
    const k = (await call('POST', '/api/v1/api-keys', { body: { name: 'Leaked', scopes: ['payments:read'] } })).json;
    const revoked = await call('POST', `/api/v1/api-keys/${k.id}/revoke`);
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.json.status, 'revoked');
    assertApiError(await call('GET', '/api/v1/payment-links', { key: k.key }), 401, 'key_revoked');
    assert.equal((await call('POST', `/api/v1/api-keys/${k.id}/revoke`)).json.revokedAt, revoked.json.revokedAt, 'revoked once, for good');
    assertApiError(await call('POST', `/api/v1/api-keys/${k.id}/revoke`, { body: { reason: 'x' } }), 400, 'invalid_request', 'reason');

    const spare = (await call('POST', '/api/v1/api-keys', { body: { name: 'Spare', kind: 'account' } })).json;
    assert.equal((await call('POST', `/api/v1/api-keys/${spare.id}/revoke`, { key: spare.key })).status, 200);
    assertApiError(await call('GET', '/api/v1/api-keys', { key: spare.key }), 401, 'key_revoked');
  });

  test('rotation: the same key with new text; the old text ends now or after the overlap asked', async () => {
    const k = (await call('POST', '/api/v1/api-keys', { body: { name: 'Rotating', scopes: ['payments:read', 'events:read'] } })).json;
    const rotated = await call('POST', `/api/v1/api-keys/${k.id}/rotate`);
    assert.equal(rotated.status, 201, rotated.text);
    assert.notEqual(rotated.json.id, k.id);
    assert.deepEqual(rotated.json.scopes, k.scopes);
    assert.equal(rotated.json.name, k.name);
    assertApiError(await call('GET', '/api/v1/events', { key: k.key }), 401, 'key_revoked');
    assert.equal((await call('GET', '/api/v1/events', { key: rotated.json.key })).status, 200);

    const overlap = await call('POST', `/api/v1/api-keys/${rotated.json.id}/rotate`, { body: { overlapSeconds: 3600 } });
    assert.equal(overlap.status, 201, overlap.text);
    assert.equal((await call('GET', '/api/v1/events', { key: rotated.json.key })).status, 200, 'the old text still works meanwhile');
    const old = (await call('GET', `/api/v1/api-keys/${rotated.json.id}`)).json;
    const left = Date.parse(old.expiresAt) - Date.now();
    assert.ok(left > 3500e3 && left <= 3600e3, `${left} ms`);
    for (const [body, param] of [[{ overlapSeconds: -1 }, 'overlapSeconds'], [{ overlapSeconds: 604801 }, 'overlapSeconds'], [{ overlapSeconds: '60' }, 'overlapSeconds'], [{ now: 1 }, 'now']]) {
      assertApiError(await call('POST', `/api/v1/api-keys/${overlap.json.id}/rotate`, { body }), 400, 'invalid_request', param);
    }
    assertApiError(await call('POST', `/api/v1/api-keys/${k.id}/rotate`), 400, 'invalid_request');

    // The account key rotates itself: the answer holds the only key that now works.
    const self = await call('POST', `/api/v1/api-keys/${account.id}/rotate`);
    assert.equal(self.status, 201, self.text);
    assert.equal(self.json.kind, 'account');
    assertApiError(await call('GET', '/api/v1/api-keys', { key: account.key }), 401, 'key_revoked');
    account = { id: self.json.id, key: self.json.key };
    assert.deepEqual((await audit()).filter((a) => a.objectId === k.id).map((a) => a.action), ['api_key.rotate', 'api_key.create']);
  });

  test('only the account key; another tenant\'s key is 404', async () => {
    const all = suite.shop.key('payments:read,payments:write,events:read,webhooks:write');
    for (const [method, path] of [['GET', '/api/v1/api-keys'], ['POST', '/api/v1/api-keys'], ['GET', `/api/v1/api-keys/${all.id}`],
      ['POST', `/api/v1/api-keys/${all.id}/revoke`], ['POST', `/api/v1/api-keys/${all.id}/rotate`]]) {
      assertApiError(await call(method, path, { key: all.key, body: method === 'POST' && path.endsWith('keys') ? { name: 'x', scopes: ['payments:read'] } : undefined }), 403, 'insufficient_scope');
    }
    const other = createMerchant(suite.payd, { name: 'Other' });
    const theirs = suite.payd.admin(['key', 'create', '--tenant', other.tenant.id, '--name', 'a', '--kind', 'account']);
    for (const [method, path] of [['GET', `/api/v1/api-keys/${all.id}`], ['POST', `/api/v1/api-keys/${all.id}/revoke`], ['POST', `/api/v1/api-keys/${all.id}/rotate`]]) {
      assertApiError(await call(method, path, { key: theirs.key }), 404, 'not_found');
    }
    assert.equal((await call('GET', '/api/v1/payment-links', { key: all.key })).status, 200, 'untouched by the other tenant');
  });

  test('the CLI: create, rotate and revoke on the same operations, as cli in the audit log', async () => {
    const made = suite.payd.admin(['key', 'create', '--tenant', suite.shop.tenant.id, '--name', 'ops', '--scopes', 'events:read']);
    const rotated = suite.payd.admin(['key', 'rotate', made.id, '--overlap', '60']);
    assert.match(rotated.key, /^svc_pk_test_/);
    suite.payd.admin(['key', 'revoke', rotated.id]);
    const bad = suite.payd.adminRaw(['key', 'rotate', rotated.id]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^error: --KEY_ID: .*revoked/);
    const entries = (await audit()).filter((a) => [made.id, rotated.id].includes(a.objectId));
    assert.deepEqual(entries.map((a) => [a.action, a.actor]),
      [['api_key.revoke', 'cli'], ['api_key.create', 'cli'], ['api_key.rotate', 'cli'], ['api_key.create', 'cli']]);
  });
});
