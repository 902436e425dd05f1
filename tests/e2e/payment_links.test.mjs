// /api/v1/payment-links as a merchant uses it: create, read, list, tenant
// isolation, every validation rule (cases/payment-links-create.json) and
// Idempotency-Key (DECISIONS §8).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { sql } from './lib/database.mjs';
import { createMerchant, linkBody, startPayd } from './lib/payd.mjs';

const cases = JSON.parse(readFileSync(new URL('./cases/payment-links-create.json', import.meta.url)));

describe('payment links', () => {
  let payd, shop, other;
  before(async () => {
    payd = await startPayd();
    shop = createMerchant(payd, { name: 'Shop' });
    other = createMerchant(payd, { name: 'Other' });
  });
  after(() => payd?.close());

  test('create returns the full link with the spec defaults', async () => {
    const r = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: linkBody(shop.integration.id),
    });
    assert.equal(r.status, 201);
    const link = r.json;
    assert.match(link.id, /^plink_[a-z2-7]{26}$/);
    assert.deepEqual(
      { ...link, id: undefined, createdAt: undefined, url: undefined },
      {
        id: undefined, createdAt: undefined, url: undefined,
        type: 'LINK', name: 'T-shirt', amount: '25.00', denominationType: 'CURRENCY', currency: 'USD',
        status: 'active', views: 0, payments: 0, integrationId: shop.integration.id,
        returnUrl: null, description: null, allowCustomAmount: true, minAmount: null,
      },
    );
    assert.equal(link.url, `${payd.url}/pay/${link.id}`);
    assert.match(link.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(link.createdAt) - Date.now()) < 60000);
  });

  test('create echoes the optional inputs and accepts token amounts', async () => {
    const body = linkBody(shop.integration.id, {
      type: 'BUTTON', denominationType: 'TOKEN', currency: 'usdc', amount: '10.123456',
      returnUrl: 'https://shop.example/thanks?order=1', description: 'Donation',
      allowCustomAmount: true, minAmount: '1.5',
    });
    const r = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.currency, 'USDC', 'currency is normalised to the configured symbol');
    assert.equal(r.json.amount, '10.123456');
    assert.equal(r.json.returnUrl, body.returnUrl);
    assert.equal(r.json.description, 'Donation');
    assert.equal(r.json.minAmount, '1.5');
    assert.equal(r.json.type, 'BUTTON');
    const eth = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: linkBody(shop.integration.id, { denominationType: 'TOKEN', currency: 'ETH', amount: '0.000000000000000001', type: 'WIDGET' }),
    });
    assert.equal(eth.status, 201, eth.text);
  });

  test('get and list read back what was created, newest first, as a bare array', async () => {
    const created = [];
    for (const name of ['first', 'second', 'third']) {
      const r = await payd.request('POST', '/api/v1/payment-links', {
        key: other.rw.key,
        body: linkBody(other.integration.id, { name }),
      });
      created.push(r.json);
    }
    const one = await payd.request('GET', `/api/v1/payment-links/${created[1].id}`, { key: other.read.key });
    assert.equal(one.status, 200);
    assert.deepEqual(one.json, created[1]);
    const list = await payd.request('GET', '/api/v1/payment-links', { bearer: other.read.key });
    assert.equal(list.status, 200);
    assert.ok(Array.isArray(list.json));
    assert.deepEqual(list.json.map((l) => l.name), ['third', 'second', 'first']);
  });

  test("another tenant's link is 404 and never listed", async () => {
    const mine = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: linkBody(shop.integration.id, { name: 'private' }),
    });
    const r = await payd.request('GET', `/api/v1/payment-links/${mine.json.id}`, { key: other.read.key });
    assert.equal(r.status, 404);
    assert.equal(r.json.error.code, 'not_found');
    const list = await payd.request('GET', '/api/v1/payment-links', { key: other.read.key });
    assert.ok(!list.json.some((l) => l.id === mine.json.id));
    const missing = await payd.request('GET', '/api/v1/payment-links/plink_nope', { key: shop.read.key });
    assert.equal(missing.status, 404);
  });

  for (const c of cases.cases) {
    test(`refused: ${c.name}`, async () => {
      const body = linkBody(shop.integration.id);
      for (const [field, value] of Object.entries(c.set)) {
        if (value === null) delete body[field];
        else if (value === '$other') body[field] = other.integration.id;
        else if (value === '$201chars') body[field] = 'x'.repeat(201);
        else body[field] = value;
      }
      const before = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json.length;
      const r = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body });
      assert.equal(r.status, c.status, r.text);
      assert.equal(r.json.error.code, c.code);
      assert.equal(r.json.error.param, c.param);
      assert.ok(r.json.error.message.length > 0);
      assert.equal(r.json.error.requestId, r.headers.get('x-request-id'));
      const after = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json.length;
      assert.equal(after, before, 'a refused request stores nothing');
    });
  }

  test('unknown query parameters are refused, naming them', async () => {
    const r = await payd.request('GET', '/api/v1/payment-links?limit=5', { key: shop.read.key });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.param, 'limit');
  });

  describe('Idempotency-Key', () => {
    test('a retry replays the original response and creates nothing', async () => {
      const body = linkBody(shop.integration.id, { name: 'idem', description: 'd' });
      const headers = { 'Idempotency-Key': 'order-1001' };
      const first = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body, headers });
      assert.equal(first.status, 201);
      assert.equal(first.headers.get('idempotent-replayed'), null);
      // Same parameters in another key order are the same request.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: reordered, headers });
      assert.equal(again.status, 201);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.json, first.json);
      const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
      assert.equal(list.filter((l) => l.name === 'idem').length, 1);
    });

    test('the same key with other parameters is 409 idempotency_conflict', async () => {
      const headers = { 'Idempotency-Key': 'order-1002' };
      const first = await payd.request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, headers, body: linkBody(shop.integration.id, { name: 'conflict' }),
      });
      assert.equal(first.status, 201);
      const r = await payd.request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, headers, body: linkBody(shop.integration.id, { name: 'conflict', amount: '26.00' }),
      });
      assert.equal(r.status, 409);
      assert.equal(r.json.error.code, 'idempotency_conflict');
      const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
      assert.equal(list.filter((l) => l.name === 'conflict').length, 1);
    });

    test('a replay returns the stored response before anything else runs: no validation against today', async () => {
      const headers = { 'Idempotency-Key': 'order-1003' };
      const body = linkBody(shop.integration.id, { name: 'replayed', denominationType: 'TOKEN', currency: 'USDC', amount: '7' });
      const post = (h) => payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body, headers: h });
      const first = await post(headers);
      assert.equal(first.status, 201, first.text);
      // The operator takes USDC off the integration: the same request, new, is refused now.
      const setTokens = (json) => sql(payd, `UPDATE integrations SET allow_tokens = '${json}' WHERE id = '${shop.integration.id}'`);
      const tokens = sql(payd, `SELECT allow_tokens FROM integrations WHERE id = '${shop.integration.id}'`);
      setTokens('["ETH"]');
      try {
        const fresh = await post({});
        assert.equal(fresh.status, 400, fresh.text);
        assert.equal(fresh.json.error.param, 'currency');
        const again = await post(headers);
        assert.equal(again.status, 201, again.text);
        assert.equal(again.headers.get('idempotent-replayed'), 'true');
        assert.deepEqual(again.json, first.json);
      } finally {
        setTokens(tokens);
      }
      const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
      assert.equal(list.filter((l) => l.name === 'replayed').length, 1);
    });

    test('20 concurrent POSTs with one key create exactly one link', async () => {
      const headers = { 'Idempotency-Key': 'burst-7' };
      const body = linkBody(shop.integration.id, { name: 'burst' });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body, headers })),
      );
      assert.ok(results.every((r) => r.status === 201), results.map((r) => r.status).join(','));
      assert.equal(new Set(results.map((r) => r.json.id)).size, 1);
      assert.equal(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 19);
      const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
      assert.equal(list.filter((l) => l.name === 'burst').length, 1);
    });

    test('keys are scoped to the tenant', async () => {
      const headers = { 'Idempotency-Key': 'shared-key' };
      const a = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, headers, body: linkBody(shop.integration.id) });
      const b = await payd.request('POST', '/api/v1/payment-links', { key: other.rw.key, headers, body: linkBody(other.integration.id) });
      assert.equal(a.status, 201);
      assert.equal(b.status, 201);
      assert.notEqual(a.json.id, b.json.id);
      assert.equal(b.headers.get('idempotent-replayed'), null);
    });

    test('a malformed key is refused', async () => {
      for (const key of ['', 'x'.repeat(256), 'has space']) {
        const r = await payd.request('POST', '/api/v1/payment-links', {
          key: shop.rw.key, headers: { 'Idempotency-Key': key }, body: linkBody(shop.integration.id),
        });
        assert.equal(r.status, 400, `key ${JSON.stringify(key)}`);
        assert.equal(r.json.error.param, 'Idempotency-Key');
      }
    });
  });
});
