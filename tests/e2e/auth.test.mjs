// Authentication, scopes, key lifecycle and the per-key rate limit of
// /api/v1 (spec "Authentication", DECISIONS §2 and §9).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { createMerchant, launch, linkBody, mainnetKey, preparePayd, sleep, startPayd, storeOf } from './lib/payd.mjs';

function assertError(r, status, code) {
  assert.equal(r.status, status, r.text);
  assert.equal(r.json.error.code, code, r.text);
  assert.ok(r.json.error.message);
  assert.equal(r.json.error.requestId, r.headers.get('x-request-id'));
}

describe('REST authentication', () => {
  let payd, shop;
  before(async () => {
    payd = await startPayd();
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('a key is accepted in X-API-Key or as a Bearer token', async () => {
    assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).status, 200);
    assert.equal((await payd.request('GET', '/api/v1/payment-links', { bearer: shop.read.key })).status, 200);
    const lower = await payd.request('GET', '/api/v1/payment-links', { headers: { authorization: `bearer ${shop.read.key}` } });
    assert.equal(lower.status, 200, 'the Bearer scheme is case-insensitive');
  });

  test("credentials of another Authorization scheme beside a valid X-API-Key are not payd's: ignored", async () => {
    // A proxy or a browser may add its own Basic credentials (DECISIONS §2, §3).
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Digest username="u", realm="r"', 'Basic']) {
      const r = await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key, headers: { Authorization: authorization } });
      assert.equal(r.status, 200, `${authorization}: ${r.text}`);
      const post = await payd.request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, headers: { Authorization: authorization }, body: linkBody(shop.integration.id),
      });
      assert.equal(post.status, 201, `${authorization}: ${post.text}`);
    }
    // A Bearer token is payd's: beside a different X-API-Key it is still two keys (the choice of docs/api-reference.md).
    const two = await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key, bearer: shop.rw.key });
    assertError(two, 401, 'unauthorized');
  });

  test('missing, malformed and unknown keys are 401 unauthorized', async () => {
    assertError(await payd.request('GET', '/api/v1/payment-links'), 401, 'unauthorized');
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: 'svc_pk_test_short' }), 401, 'unauthorized');
    const forged = `svc_pk_test_${'A'.repeat(43)}`;
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: forged }), 401, 'unauthorized');
    const basic = await payd.request('GET', '/api/v1/payment-links', { headers: { Authorization: 'Basic abc' } });
    assertError(basic, 401, 'unauthorized');
    const two = await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key, bearer: shop.rw.key });
    assertError(two, 401, 'unauthorized');
  });

  test('integration keys are refused on /api/v1', async () => {
    const ik = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'widget', '--kind', 'integration', '--integration', shop.integration.id]);
    assert.match(ik.key, /^svc_test_/);
    const r = await payd.request('GET', '/api/v1/payment-links', { key: ik.key });
    assertError(r, 401, 'unauthorized');
    assert.match(r.json.error.message, /widget/);
  });

  test('account keys have every scope', async () => {
    const ak = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    assert.match(ak.key, /^svc_ak_test_/);
    const r = await payd.request('POST', '/api/v1/payment-links', { key: ak.key, body: linkBody(shop.integration.id) });
    assert.equal(r.status, 201);
  });

  test('a mainnet key on this testnet server is 401 wrong_environment', async () => {
    const live = mainnetKey();
    assert.match(live, /^svc_pk_live_/);
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: live }), 401, 'wrong_environment');
  });

  test('a key without the scope gets 403 insufficient_scope naming it', async () => {
    const write = await payd.request('POST', '/api/v1/payment-links', { key: shop.read.key, body: linkBody(shop.integration.id) });
    assertError(write, 403, 'insufficient_scope');
    assert.match(write.json.error.message, /payments:write/);
    const read = await payd.request('GET', '/api/v1/payment-links', { key: shop.events.key });
    assertError(read, 403, 'insufficient_scope');
    assert.match(read.json.error.message, /payments:read/);
  });

  test('a key works until its expiresAt and is 401 key_expired from that moment on', async () => {
    // Seconds ahead: creating the key and one request fit well before it, even on a loaded machine.
    const expiresAt = Date.now() + 3000;
    const expires = new Date(expiresAt).toISOString();
    const k = shop.key('payments:read', ['--expires', expires]);
    assert.equal(k.expiresAt, expires);
    const before = await payd.request('GET', '/api/v1/payment-links', { key: k.key });
    const answeredAt = Date.now();
    assert.ok(answeredAt < expiresAt, `the request before the expiry was answered ${answeredAt - expiresAt} ms after it: the machine is too slow for this test`);
    assert.equal(before.status, 200, before.text);
    // The key's expiry has passed (api-reference "Errors") once the clock reaches expiresAt.
    while (Date.now() < expiresAt) await sleep(expiresAt - Date.now()); // sleep-ok: the moment under test, the key's expiresAt
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: k.key }), 401, 'key_expired');
  });

  test('a key revoked by the CLI while the server runs fails on the next request', async () => {
    const k = shop.key('payments:read');
    assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: k.key })).status, 200);
    const revoked = payd.admin(['key', 'revoke', k.id]);
    assert.equal(revoked.status, 'revoked');
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: k.key }), 401, 'key_revoked');
    // Revocation is permanent: revoking again changes nothing.
    assert.equal(payd.admin(['key', 'revoke', k.id]).revokedAt, revoked.revokedAt);
  });

  test('key list shows prefix, last 4 and lastUsedAt, never the key', async () => {
    const k = shop.key('payments:read');
    await payd.request('GET', '/api/v1/payment-links', { key: k.key });
    const listed = payd.admin(['key', 'list', '--tenant', shop.tenant.id]).find((x) => x.id === k.id);
    assert.equal(listed.prefix, 'svc_pk_test_');
    assert.equal(listed.last4, k.key.slice(-4));
    assert.ok(listed.lastUsedAt, 'lastUsedAt is recorded');
    assert.equal(listed.key, undefined);
    const raw = payd.adminRaw(['key', 'list', '--tenant', shop.tenant.id, '--json']);
    assert.ok(!raw.stdout.includes(k.key));
  });

  test('keys never appear in the logs, and each request logs its key id', async () => {
    const r = await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key });
    // The line reaches us through payd's stderr, which may come after the response.
    const line = await eventually(() => payd.requestLogs().find((l) => l.requestId === r.headers.get('x-request-id')),
      { what: "this request's log line" });
    const all = payd.logs.map((l) => l.raw).join('\n');
    for (const k of [shop.read, shop.rw, shop.events]) assert.ok(!all.includes(k.key));
    assert.equal(line.keyId, shop.read.id);
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/v1/payment-links');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
  });
});

describe('REST rate limit', () => {
  let payd, shop;
  before(async () => {
    payd = await startPayd({ apiRateLimit: 60 });
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('the 61st request in a minute is 429 with Retry-After: 60', async () => {
    const k = shop.key('payments:read');
    let reset;
    for (let i = 1; i <= 60; i++) {
      const r = await payd.request('GET', '/api/v1/payment-links', { key: k.key });
      assert.equal(r.status, 200, `request ${i}`);
      assert.equal(r.headers.get('x-ratelimit-limit'), '60');
      assert.equal(r.headers.get('x-ratelimit-remaining'), String(60 - i));
      reset = Number(r.headers.get('x-ratelimit-reset'));
    }
    const r = await payd.request('GET', '/api/v1/payment-links', { key: k.key });
    assertError(r, 429, 'rate_limited');
    assert.equal(r.headers.get('retry-after'), '60');
    assert.equal(r.headers.get('x-ratelimit-remaining'), '0');
    const now = Date.now() / 1000;
    assert.ok(reset > now && reset <= now + 61, `reset ${reset} is within the next minute`);
    // Other keys of the same tenant have their own budget.
    assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).status, 200);
  });

  test('an operator can raise one key limit', async () => {
    const k = shop.key('payments:read', ['--rate-limit', '100']);
    for (let i = 1; i <= 70; i++) {
      const r = await payd.request('GET', '/api/v1/payment-links', { key: k.key });
      assert.equal(r.status, 200, `request ${i}`);
      assert.equal(r.headers.get('x-ratelimit-limit'), '100');
    }
  });

  test('the limit is shared by all servers on one database', async () => {
    const second = preparePayd({ apiRateLimit: 60, env: storeOf(payd) });
    try {
      await launch(second);
      const k = shop.key('payments:read');
      for (let i = 0; i < 60; i++) {
        const target = i % 2 ? payd : second;
        assert.equal((await target.request('GET', '/api/v1/payment-links', { key: k.key })).status, 200);
      }
      assertError(await second.request('GET', '/api/v1/payment-links', { key: k.key }), 429, 'rate_limited');
      assertError(await payd.request('GET', '/api/v1/payment-links', { key: k.key }), 429, 'rate_limited');
    } finally {
      await second.cleanup();
    }
  });
});
