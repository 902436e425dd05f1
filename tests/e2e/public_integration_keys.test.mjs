// Integration keys on the public endpoints (DECISIONS §11): a native app or a
// server-side shop sends `X-API-Key: svc_test_…` of its own integration
// instead of an Origin. Another integration's key, a revoked or an expired
// one is 401; on /api/v1 an integration key stays 401 (auth.test.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { createMerchant, startPayd } from './lib/payd.mjs';
import { openEvents } from './lib/sse.mjs';

describe('integration keys on the public endpoints', () => {
  let payd, shop, other, key;
  const integrationKey = (merchant, extra = []) =>
    payd.admin(['key', 'create', '--tenant', merchant.tenant.id, '--name', 'app', '--kind', 'integration',
      '--integration', merchant.integration.id, ...extra]);
  const base = () => `/public/integrations/${shop.integration.id}`;
  const create = (k) => payd.request('POST', `${base()}/intent`, { key: k, body: { amount_usd: '4.00', currency: 'USDC', chainId: 31337 } });
  const assertError = (r, status, code) => {
    assert.equal(r.status, status, r.text);
    assert.equal(r.json.error.code, code);
  };

  before(async () => {
    payd = await startPayd({ config: `
[[chains]]
id = 31337
name = "Localnet"
rpc_urls = ["http://127.0.0.1:9"]
confirmations = 2
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }
[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
usd_pegged = true
` });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other' });
    key = integrationKey(shop);
    assert.match(key.key, /^svc_test_/);
  });
  after(() => payd?.close());

  test("its own integration's key admits every public endpoint without an Origin", async () => {
    const config = await payd.request('GET', base(), { key: key.key });
    assert.equal(config.status, 200, config.text);
    assert.equal(config.json.publicId, shop.integration.id);
    const created = await create(key.key);
    assert.equal(created.status, 201, created.text);
    const read = await payd.request('GET', `${base()}/intents/${created.json.id}`, { key: key.key });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.json.id, created.json.id);
    const stream = await openEvents(`${payd.url}${base()}/intents/${created.json.id}/events`, { headers: { 'X-API-Key': key.key } });
    assert.equal(stream.status, 200);
    await eventually(() => stream.events.length === 1, { what: 'the first event' });
    stream.close();
    // The key is logged by its id, never its text.
    const line = await eventually(() => payd.requestLogs().find((l) => l.path === base() && l.keyId), { what: 'the access-log line' });
    assert.equal(line.keyId, key.id);
    assert.ok(!payd.logs.some((l) => l.raw.includes(key.key)));
  });

  test('without a key or an Origin it stays 403 origin_not_allowed', async () => {
    assertError(await payd.request('GET', base()), 403, 'origin_not_allowed');
    assertError(await payd.request('GET', base(), { key: 'garbage' }), 403, 'origin_not_allowed');
  });

  test("another integration's key is 401, also with an allowed Origin", async () => {
    const theirs = integrationKey(other);
    assertError(await payd.request('GET', base(), { key: theirs.key }), 401, 'unauthorized');
    assertError(await create(theirs.key), 401, 'unauthorized');
    const withOrigin = await payd.request('GET', base(), { key: theirs.key, headers: { Origin: 'https://shop.example' } });
    assertError(withOrigin, 401, 'unauthorized');
  });

  test('a revoked key is 401 key_revoked from the next request on', async () => {
    const k = integrationKey(shop);
    assert.equal((await payd.request('GET', base(), { key: k.key })).status, 200);
    payd.admin(['key', 'revoke', k.id]);
    assertError(await payd.request('GET', base(), { key: k.key }), 401, 'key_revoked');
  });

  test('an expired key is 401 key_expired', async () => {
    const expires = new Date(Date.now() + 1500).toISOString();
    const k = integrationKey(shop, ['--expires', expires]);
    assert.equal((await payd.request('GET', base(), { key: k.key })).status, 200);
    await eventually(async () => (await payd.request('GET', base(), { key: k.key })).status === 401, { what: 'the key to expire' });
    assertError(await payd.request('GET', base(), { key: k.key }), 401, 'key_expired');
  });

  test('an unknown or malformed integration key is 401 unauthorized, not an origin refusal', async () => {
    for (const k of [`svc_test_${'A'.repeat(43)}`, 'svc_test_abc', 'svc_test_']) {
      assertError(await payd.request('GET', base(), { key: k }), 401, 'unauthorized');
    }
  });

  test('on /api/v1 an integration key stays 401', async () => {
    assertError(await payd.request('GET', '/api/v1/payment-links', { key: key.key }), 401, 'unauthorized');
  });
});
