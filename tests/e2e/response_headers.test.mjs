// Headers the contract puts on responses, checked on every kind of answer:
// the public endpoints' X-RateLimit-* (DECISIONS §9: the numbers of the
// bucket the request counted in, per client and integration, reads and
// intent creations apart; a page on an allowed origin may read them), and
// X-Content-Type-Options: nosniff on everything payd sends (JSON and its
// errors, streams, pages, assets, health, preflights, redirects).
// hostile_input.test.mjs checks nosniff on its 12,000 bad requests too
// (lib/hostile_judge.mjs); the connection-limit 503 is connection_limits.test.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { openEvents } from './lib/sse.mjs';
import { checkedFetch } from './lib/openapi.mjs';

const SHOP = 'https://shop.example';
const READS = 7;
const CREATIONS = 3;
// Nothing listens on port 9: the ETH feed is never read, so an ETH price is missing.
const CONFIG = `trusted_proxies = ["127.0.0.1"]
[limits]
api_requests_per_min = 1000000
public_reads_per_min = ${READS}
public_intents_per_min = ${CREATIONS}

[[chains]]
id = 31337
name = "Localnet"
rpc_urls = ["http://127.0.0.1:9"]
confirmations = 2
poll_interval_ms = 1000
native = { symbol = "ETH", name = "Ether", decimals = 18, price_feed = "0x1111111111111111111111111111111111111111" }

[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
usd_pegged = true
`;

const rate = (r) => ({
  limit: r.headers.get('x-ratelimit-limit'),
  remaining: r.headers.get('x-ratelimit-remaining'),
  reset: r.headers.get('x-ratelimit-reset'),
});

describe('response headers', () => {
  let payd, shop;
  // Each test its own client address (payd trusts the loopback proxy's X-Forwarded-For), so buckets start fresh.
  let clients = 0;
  const newClient = () => `198.51.100.${++clients}`;

  before(async () => {
    payd = await startPayd({ config: CONFIG });
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  // The window is a fixed minute from the bucket's first request: it ends, in
  // Unix seconds rounded up, a minute after a moment between `from` and `to`.
  const assertReset = (reset, from, to, what) => {
    const n = Number(reset);
    assert.ok(Number.isInteger(n), `${what}: X-RateLimit-Reset ${reset}`);
    assert.ok(n >= Math.ceil((from + 60000) / 1000) && n <= Math.ceil((to + 60000) / 1000),
      `${what}: X-RateLimit-Reset ${n} is not a minute after the first request (${from}..${to} ms)`);
  };

  test('a public read from another origin carries its bucket\'s X-RateLimit-*, exposed to the page', async () => {
    const client = newClient();
    const headers = { Origin: SHOP, 'X-Forwarded-For': client };
    const from = Date.now();
    const first = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers });
    const to = Date.now();
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('access-control-allow-origin'), SHOP);
    const exposed = first.headers.get('access-control-expose-headers').split(/,\s*/).map((h) => h.toLowerCase());
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      assert.ok(exposed.includes(name), `${name} is exposed: ${exposed}`);
    }
    assert.equal(rate(first).limit, String(READS));
    assert.equal(rate(first).remaining, String(READS - 1));
    assertReset(rate(first).reset, from, to, 'first read');

    // Every read of this client and integration counts in the same bucket: the
    // intent read and the preflight too; the window's end stays where it was.
    const pi = await createIntent(payd, shop.integration.id, { amount_usd: '1.00', currency: 'USDC', chainId: 31337 },
      { headers: { 'X-Forwarded-For': client } });
    assert.equal(pi.status, 201, pi.text);
    const second = await payd.request('GET', `/public/integrations/${shop.integration.id}/intents/${pi.json.id}`, { headers });
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(rate(second), { ...rate(first), remaining: String(READS - 2) }, 'reads, not the creation');
    const preflight = await payd.request('OPTIONS', `/public/integrations/${shop.integration.id}/intent`, {
      headers: { ...headers, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204, preflight.text);
    assert.deepEqual(rate(preflight), { ...rate(first), remaining: String(READS - 3) });
    const stream = await openEvents(`${payd.url}/public/integrations/${shop.integration.id}/intents/${pi.json.id}/events`, { headers });
    stream.close();
    assert.equal(stream.status, 200);
    assert.deepEqual(rate(stream), { ...rate(first), remaining: String(READS - 4) }, 'the event stream');

    // Another client, and another integration, count apart.
    const other = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers: { Origin: SHOP, 'X-Forwarded-For': newClient() } });
    assert.equal(rate(other).remaining, String(READS - 1), 'another client address');
    const second_shop = createMerchant(payd, { name: 'Other' });
    const theirs = await payd.request('GET', `/public/integrations/${second_shop.integration.id}`, { headers });
    assert.equal(rate(theirs).remaining, String(READS - 1), 'another integration');

    // To the end of the limit and past it: the 429 says so too.
    for (let left = READS - 5; left >= 0; left--) {
      const r = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(rate(r), { ...rate(first), remaining: String(left) });
    }
    const refused = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers });
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.deepEqual(rate(refused), { ...rate(first), remaining: '0' });
  });

  test('public intent creations carry the numbers of the creation bucket, to the 429', async () => {
    const headers = { 'X-Forwarded-For': newClient() };
    const body = { amount_usd: '2.00', currency: 'USDC', chainId: 31337 };
    const from = Date.now();
    const first = await createIntent(payd, shop.integration.id, body, { headers });
    const to = Date.now();
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get('access-control-allow-origin'), SHOP);
    assert.deepEqual(rate(first), { limit: String(CREATIONS), remaining: String(CREATIONS - 1), reset: rate(first).reset });
    assertReset(rate(first).reset, from, to, 'first creation');
    for (let left = CREATIONS - 2; left >= 0; left--) {
      const r = await createIntent(payd, shop.integration.id, body, { headers });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(rate(r), { ...rate(first), remaining: String(left) });
    }
    const refused = await createIntent(payd, shop.integration.id, body, { headers });
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.deepEqual(rate(refused), { ...rate(first), remaining: '0' });
    // The reads of that client were never charged by the creations.
    const read = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers: { Origin: SHOP, ...headers } });
    assert.deepEqual([rate(read).limit, rate(read).remaining], [String(READS), String(READS - 1)]);
  });

  test('a request naming an unknown integration carries the numbers of the one bucket such requests share', async () => {
    const headers = { Origin: SHOP, 'X-Forwarded-For': newClient() };
    const a = await payd.request('GET', '/public/integrations/int_aaaaaaaaaaaaaaaaaaaaaaaaaa', { headers });
    const b = await payd.request('POST', '/public/integrations/int_bbbbbbbbbbbbbbbbbbbbbbbbbb/intent', {
      headers, body: { amount_usd: '1.00', currency: 'USDC', chainId: 31337 },
    });
    assert.deepEqual([a.status, b.status], [404, 404]);
    assert.deepEqual([rate(a).limit, rate(a).remaining], [String(READS), String(READS - 1)]);
    assert.deepEqual(rate(b), { ...rate(a), remaining: String(READS - 2) });
  });

  test('a USD amount in a token whose price was never read is 503 with Retry-After: a minute, when feeds are read again', async () => {
    // docs/operator-guide.md: feeds are read every minute; DECISIONS §9: a 503 says when to retry.
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'ETH', chainId: 31337 },
      { headers: { 'X-Forwarded-For': newClient() } });
    assert.equal(r.status, 503, r.text);
    assert.equal(r.json.error.code, 'unavailable');
    assert.equal(r.headers.get('retry-after'), '60');
  });

  test('X-Content-Type-Options: nosniff on every kind of answer', async () => {
    const limited = shop.key('payments:read', ['--rate-limit', '1']);
    const link = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
    assert.equal(link.status, 201, link.text);
    const client = () => ({ Origin: SHOP, 'X-Forwarded-For': newClient() });
    const pi = await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 }, { headers: client() });
    const asset = await checkedFetch(`${payd.url}/assets/css/checkout.css`);
    await asset.arrayBuffer();
    const html = { Accept: 'text/html' };
    const json = { 'Content-Type': 'application/json' };
    const cases = [
      ['health', 'GET', '/healthz', {}, null, 200],
      ['readiness', 'GET', '/readyz', {}, null, 200],
      ['HEAD', 'HEAD', '/healthz', {}, null, 200],
      ['unknown route', 'GET', '/nope', {}, null, 404],
      ['unknown route under /api', 'POST', '/api/v1/payment-links/x/y', json, '{}', 404],
      ['405', 'DELETE', '/api/v1/payment-links', { 'X-API-Key': shop.rw.key }, null, 405],
      ['400 malformed JSON', 'POST', '/api/v1/payment-links', { ...json, 'X-API-Key': shop.rw.key }, '{', 400],
      ['401', 'GET', '/api/v1/payment-links', {}, null, 401],
      ['413', 'POST', '/api/v1/payment-links', { ...json, 'X-API-Key': shop.rw.key }, 'x'.repeat(70 * 1024), 413],
      ['415', 'POST', '/api/v1/payment-links', { 'Content-Type': 'text/plain', 'X-API-Key': shop.rw.key }, '{}', 415],
      ['REST read', 'GET', '/api/v1/payment-links', { 'X-API-Key': limited.key }, null, 200],
      ['429', 'GET', '/api/v1/payment-links', { 'X-API-Key': limited.key }, null, 429],
      ['503 (no price)', 'POST', `/public/integrations/${shop.integration.id}/intent`, { ...client(), ...json },
        JSON.stringify({ amount_usd: '5.00', currency: 'ETH', chainId: 31337 }), 503],
      ['public read', 'GET', `/public/integrations/${shop.integration.id}`, client(), null, 200],
      ['public creation', 'POST', `/public/integrations/${shop.integration.id}/intent`, { ...client(), ...json },
        JSON.stringify({ amount_usd: '4.00', currency: 'USDC', chainId: 31337 }), 201],
      ['403 origin', 'GET', `/public/integrations/${shop.integration.id}`, { Origin: 'https://evil.example' }, null, 403],
      ['preflight', 'OPTIONS', `/public/integrations/${shop.integration.id}/intent`,
        { ...client(), 'Access-Control-Request-Method': 'POST' }, null, 204],
      ['intent page', 'GET', `/pay/${pi.json.id}`, html, null, 200],
      ['link page', 'GET', `/pay/${link.json.id}`, html, null, 200],
      ['404 page', 'GET', '/pay/pi_unknown', html, null, 404],
      ['form redirect', 'POST', `/pay/${link.json.id}`, { 'Content-Type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ amount: '25.00', option: '31337:USDC' }).toString(), 303],
      ['widget', 'GET', '/widget.js', {}, null, 200],
      ['SDK', 'GET', '/sdk/payd.js', {}, null, 200],
      ['SDK types', 'GET', '/sdk/payd.d.ts', {}, null, 200],
      ['stylesheet', 'GET', '/assets/css/checkout.css', {}, null, 200],
      ['asset 304', 'GET', '/assets/css/checkout.css', { 'If-None-Match': asset.headers.get('etag') }, null, 304],
      ['unknown asset', 'GET', '/assets/css/nope.css', {}, null, 404],
    ];
    const missing = [];
    for (const [what, method, path, headers, body, status] of cases) {
      const r = await checkedFetch(payd.url + path, { method, headers, body, redirect: 'manual' });
      await r.arrayBuffer();
      assert.equal(r.status, status, `${what}: ${method} ${path}`);
      if (r.headers.get('x-content-type-options') !== 'nosniff') missing.push(`${what} (${method} ${path} ${r.status})`);
    }
    const stream = await openEvents(`${payd.url}/public/integrations/${shop.integration.id}/intents/${pi.json.id}/events`, { headers: client() });
    stream.close();
    assert.equal(stream.status, 200);
    if (stream.headers.get('x-content-type-options') !== 'nosniff') missing.push('the event stream');
    assert.deepEqual(missing, [], 'answers without X-Content-Type-Options: nosniff');
  });
});
