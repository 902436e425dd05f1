// GET /public/integrations/:publicId: the spec's exact shape, the origin
// allowlist, CORS preflight, and the per-IP limit (DECISIONS §9).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createMerchant, startPayd } from './lib/payd.mjs';

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('public integration configuration', () => {
  let payd, shop;
  const path = () => `/public/integrations/${shop.integration.id}`;
  const get = (headers) => payd.request('GET', path(), { headers });

  before(async () => {
    payd = await startPayd({ config: '[limits]\napi_requests_per_min = 1000\npublic_reads_per_min = 40\n' });
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('has exactly the spec shape, chains keyed by id string', async () => {
    const r = await get({ Origin: 'https://shop.example' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json, {
      publicId: shop.integration.id,
      name: 'Shop web',
      allowChains: [31337],
      allowTokens: ['USDC', 'ETH'],
      autoConversion: false,
      preferredToken: 'USDC',
      chains: {
        31337: {
          name: 'Localnet',
          tokens: [
            { symbol: 'USDC', name: 'USD Coin', address: USDC, decimals: 6, isNative: false },
            { symbol: 'ETH', name: 'Ether', address: null, decimals: 18, isNative: true },
          ],
        },
      },
    });
    assert.ok(Object.keys(r.json.chains).every((k) => typeof k === 'string'));
  });

  test('an allowed origin gets CORS headers naming it', async () => {
    const r = await get({ Origin: 'https://shop.example' });
    assert.equal(r.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(r.headers.get('vary'), /Origin/);
  });

  test('wildcard entries allow subdomains only', async () => {
    assert.equal((await get({ Origin: 'https://a.example.org' })).status, 200);
    assert.equal((await get({ Origin: 'https://deep.a.example.org' })).status, 200);
    const bare = await get({ Origin: 'https://example.org' });
    assert.equal(bare.status, 403);
    assert.equal(bare.json.error.code, 'origin_not_allowed');
  });

  test('disallowed, malformed and missing origins are 403 origin_not_allowed', async () => {
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Origin: 'http://shop.example' },
      { Origin: 'https://shop.example.evil.com' },
      { Origin: 'null' },
      { Referer: 'https://evil.example/page' },
      {},
    ]) {
      const r = await get(headers);
      assert.equal(r.status, 403, JSON.stringify(headers));
      assert.equal(r.json.error.code, 'origin_not_allowed');
      assert.equal(r.headers.get('access-control-allow-origin'), null);
    }
  });

  test('without Origin, the Referer origin decides; Origin wins when both are sent', async () => {
    assert.equal((await get({ Referer: 'https://shop.example/checkout?cart=1' })).status, 200);
    assert.equal((await get({ Origin: 'https://evil.example', Referer: 'https://shop.example/' })).status, 403);
  });

  test("the service's own hosted pages are always allowed", async () => {
    assert.equal((await get({ Origin: payd.url })).status, 200);
    assert.equal((await get({ Referer: `${payd.url}/pay/plink_x` })).status, 200);
  });

  test('CORS preflight is answered for allowed origins only', async () => {
    const ok = await payd.request('OPTIONS', path(), {
      headers: { Origin: 'https://a.example.org', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), 'https://a.example.org');
    assert.match(ok.headers.get('access-control-allow-methods'), /GET/);
    assert.match(ok.headers.get('access-control-allow-headers'), /Content-Type/);
    const refused = await payd.request('OPTIONS', path(), {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  });

  test('an unknown integration is 404 not_found', async () => {
    const r = await payd.request('GET', '/public/integrations/int_unknown', { headers: { Origin: 'https://shop.example' } });
    assert.equal(r.status, 404);
    assert.equal(r.json.error.code, 'not_found');
  });

  test('REST keys are not needed and not looked at', async () => {
    const r = await payd.request('GET', path(), { key: 'garbage', headers: { Origin: 'https://shop.example' } });
    assert.equal(r.status, 200);
  });

  test('per client IP, reads are limited; the excess is 429 with Retry-After', async () => {
    const other = createMerchant(payd, { name: 'Limited' });
    const statuses = [];
    for (let i = 0; i < 41; i++) {
      const r = await payd.request('GET', `/public/integrations/${other.integration.id}`, { headers: { Origin: 'https://shop.example' } });
      statuses.push(r.status);
      if (r.status === 429) {
        assert.equal(r.headers.get('retry-after'), '60');
        assert.equal(r.json.error.code, 'rate_limited');
      }
    }
    assert.deepEqual(statuses.slice(0, 40), Array(40).fill(200));
    assert.equal(statuses[40], 429);
  });
});
