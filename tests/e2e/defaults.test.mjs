// The contract's defaults, on a payd configured with a chain and nothing else:
// an intent lives 30 min (DECISIONS §5); the public endpoints take 30 intent
// creations and 600 reads a minute per client and integration, and a key 60
// REST requests a minute (§9). Other files set these limits on purpose; this
// one is the only place their defaults are held to the contract.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const origin = { Origin: 'https://shop.example' };
const body = { amount_usd: '3.00', currency: 'USDC', chainId: 31337 };

function assertRateLimited(r, what) {
  assert.equal(r.status, 429, `${what}: ${r.text}`);
  assert.equal(r.json.error.code, 'rate_limited');
  assert.equal(r.headers.get('retry-after'), '60');
}

describe('defaults of the contract', () => {
  let chain, payd;
  // Each test has an integration of its own: the public limits count per
  // client and integration.
  const merchant = (name) => createMerchant(payd, { name });

  before(async () => {
    chain = await startChain();
    // lib/payd.mjs adds a high per-key limit unless the config names [limits]:
    // this comment does, so the file has no [limits] (and no [intents]) at all.
    payd = await startPayd({ config: `# No [limits], no [intents]: the defaults.\n${chainConfig(chain)}` });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('an intent expires 30 min after it was created', async () => {
    const shop = merchant('Lifetime');
    const r = await createIntent(payd, shop.integration.id, body);
    assert.equal(r.status, 201, r.text);
    assert.equal(Date.parse(r.json.expiresAt) - Date.parse(r.json.createdAt), 30 * 60 * 1000);
    const merchantView = (await payd.request('GET', `/api/v1/payment-intents/${r.json.id}`, { key: shop.read.key })).json;
    assert.equal(merchantView.expiresAt, r.json.expiresAt);
  });

  test('one client may create 30 intents a minute on an integration; the 31st is 429', async () => {
    const shop = merchant('Creations');
    for (let i = 1; i <= 30; i++) {
      const r = await createIntent(payd, shop.integration.id, body);
      assert.equal(r.status, 201, `creation ${i}: ${r.text}`);
    }
    assertRateLimited(await createIntent(payd, shop.integration.id, body), 'creation 31');
    const listed = (await payd.request('GET', '/api/v1/payment-intents?limit=100', { key: shop.read.key })).json.data;
    assert.equal(listed.length, 30, 'the refused creation stored nothing');
  });

  test('one client may read an integration 600 times a minute; the 601st is 429', async () => {
    const shop = merchant('Reads');
    const read = () => payd.request('GET', `/public/integrations/${shop.integration.id}`, { headers: origin });
    // In rounds of 50 at once: the count must be exact under concurrency too.
    const statuses = [];
    for (let round = 0; round < 12; round++) {
      const replies = await Promise.all(Array.from({ length: 50 }, read));
      statuses.push(...replies.map((r) => r.status));
    }
    assert.deepEqual(statuses, Array(600).fill(200));
    assertRateLimited(await read(), 'read 601');
  });

  test('a key may make 60 REST requests a minute; the 61st is 429', async () => {
    const shop = merchant('Rest');
    const key = shop.key('payments:read').key;
    for (let i = 1; i <= 60; i++) {
      const r = await payd.request('GET', '/api/v1/payment-links', { key });
      assert.equal(r.status, 200, `request ${i}: ${r.text}`);
      assert.equal(r.headers.get('x-ratelimit-limit'), '60');
      assert.equal(r.headers.get('x-ratelimit-remaining'), String(60 - i));
    }
    assertRateLimited(await payd.request('GET', '/api/v1/payment-links', { key }), 'request 61');
  });
});
