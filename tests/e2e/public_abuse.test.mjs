// Abuse of the key-less public endpoints: floods of made-up integration ids,
// spam that holds exact amounts, and amounts at the very top of the 256-bit
// range. Each must get a clear answer and leave honest callers unharmed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { createIntent, createMerchant, paydForSuite, startPayd } from './lib/payd.mjs';

const MAX_UINT256 = ((1n << 256n) - 1n).toString();
const origin = { Origin: 'https://shop.example' };

describe('floods of unknown integration ids', () => {
  let payd;
  before(async () => {
    payd = await startPayd({ config: '[limits]\napi_requests_per_min = 100000\npublic_reads_per_min = 50\npublic_intents_per_min = 5\n' });
  });
  after(() => payd?.close());

  test('random ids get 404s, then 429s per client address, and a real integration keeps its own limits', async () => {
    const shop = createMerchant(payd);
    const statuses = [];
    for (let i = 0; i < 80; i++) {
      const id = `int_${randomBytes(16).toString('hex')}`;
      const method = i % 2 ? 'GET' : 'POST';
      const path = method === 'GET' ? `/public/integrations/${id}` : `/public/integrations/${id}/intent`;
      const body = method === 'POST' ? { amount_usd: '1.00', currency: 'USDC', chainId: 31337 } : undefined;
      const r = await payd.request(method, path, { body, headers: origin });
      statuses.push(r.status);
      if (r.status === 429) {
        assert.equal(r.json.error.code, 'rate_limited');
        assert.equal(r.headers.get('retry-after'), '60');
      } else {
        assert.equal(r.json.error.code, 'not_found');
      }
    }
    // Unknown ids share one bucket per client address (the read limit), whatever the id.
    assert.deepEqual(statuses.slice(0, 50), Array(50).fill(404));
    assert.deepEqual(statuses.slice(50), Array(30).fill(429));

    // The real integration's buckets were never touched.
    const config = await payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers: origin });
    assert.equal(config.status, 200, config.text);
    const created = [];
    for (let i = 0; i < 6; i++) {
      created.push((await createIntent(payd, shop.integration.id, { amount_usd: '1.00', currency: 'USDC', chainId: 31337 })).status);
    }
    assert.deepEqual(created, [201, 201, 201, 201, 201, 429]);
  });
});

describe('amounts at the top of the 256-bit range', () => {
  const suite = paydForSuite();

  // An exact amount is at least one unit above the price (DECISIONS §5 rule 1):
  // 2^256-1 is the exact amount of the price just below it, and nothing is above it.
  test('2^256-1 is one exact amount: the price below it gets it once, then a 400 that stores nothing; 2^256-1 asked is a 400 too', async () => {
    const { payd, shop } = suite;
    const belowMax = (BigInt(MAX_UINT256) - 1n).toString();
    const body = { amount: belowMax, currency: 'USDC', chainId: 31337 };
    const first = await createIntent(payd, shop.integration.id, body);
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.amount, MAX_UINT256);
    const listed = async () => (await payd.request('GET', '/api/v1/payment-intents', { key: shop.read.key })).json.data;
    const events = async () => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    const [intentsBefore, eventsBefore] = [await listed(), await events()];

    for (const [amount, key] of [[belowMax, 'top-1'], [MAX_UINT256, 'top-2']]) {
      const refused = await createIntent(payd, shop.integration.id, { ...body, amount, idempotencyKey: key });
      assert.equal(refused.status, 400, `${amount}: ${refused.text}`);
      assert.equal(refused.json.error.code, 'invalid_request');
      assert.equal(refused.json.error.param, 'amount');
    }
    assert.deepEqual(await listed(), intentsBefore);
    assert.deepEqual(await events(), eventsBefore);
    // The refused request did not claim its idempotency key.
    const retry = await createIntent(payd, shop.integration.id, { ...body, amount: '1000', idempotencyKey: 'top-1' });
    assert.equal(retry.status, 201, retry.text);
    // Other amounts of the same token are unaffected.
    const lower = await createIntent(payd, shop.integration.id, { ...body, amount: (BigInt(MAX_UINT256) - 2n).toString() });
    assert.equal(lower.status, 201, lower.text);
    assert.equal(lower.json.amount, belowMax);
  });
});

describe('open key-less intents per integration', () => {
  let payd, shop, other;
  before(async () => {
    payd = await startPayd({ config: '[limits]\napi_requests_per_min = 100000\npublic_intents_per_min = 1000\n[public]\nmax_open_intents = 3\n[intents]\nlifetime_s = 2\n' });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other' });
  });
  after(() => payd?.close());

  test('beyond max_open_intents, creation is 429 until an open intent expires', async () => {
    const body = (n) => ({ amount_usd: '2.00', currency: 'USDC', chainId: 31337, idempotencyKey: `cart-${n}` });
    const first = [];
    for (let i = 0; i < 3; i++) {
      const r = await createIntent(payd, shop.integration.id, body(i));
      assert.equal(r.status, 201, r.text);
      first.push(r.json);
    }
    const refused = await createIntent(payd, shop.integration.id, body(3));
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.json.error.code, 'rate_limited');
    assert.match(refused.json.error.message, /open payment intents/);
    assert.equal(refused.headers.get('retry-after'), '60');
    const listed = (await payd.request('GET', '/api/v1/payment-intents', { key: shop.read.key })).json.data;
    assert.equal(listed.length, 3, 'the refused request stored nothing');

    // A retry of an intent that exists is a replay, not a new open intent.
    const replay = await createIntent(payd, shop.integration.id, body(0));
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.json.id, first[0].id);
    // The cap is per integration.
    assert.equal((await createIntent(payd, other.integration.id, body(9))).status, 201);

    // Once the open ones expire (2 s), there is room again.
    const later = await eventually(async () => {
      const r = await createIntent(payd, shop.integration.id, body(4));
      return r.status === 201 ? r : null;
    }, { what: 'room for a new intent after expiry', interval: 250 });
    assert.ok(Date.parse(later.json.createdAt) >= Math.min(...first.map((i) => Date.parse(i.expiresAt))));
  });
});
