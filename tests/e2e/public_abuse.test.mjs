// Abuse of the key-less public endpoints: floods of made-up integration ids.
// Each must get a clear answer and leave honest callers unharmed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const origin = { Origin: 'https://shop.example' };

describe('floods of unknown integration ids', () => {
  let payd;
  before(async () => {
    payd = await startPayd({ config: '[limits]\napi_requests_per_min = 100000\npublic_reads_per_min = 50\npublic_intents_per_min = 5\n' });
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
  });

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
