// Payment intents as merchants and payers call them: creation rules
// (cases/intent-create.json), payment-link terms, idempotency, the payer's public view, the
// merchant's paged lists, and USD amounts priced by an on-chain feed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { formatUnits } from 'viem';

import { chainConfig, eventually, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd, storeOf } from './lib/payd.mjs';

const cases = JSON.parse(readFileSync(new URL('./cases/intent-create.json', import.meta.url)));
const base = { amount_usd: '25.00', currency: 'USDC', chainId: 31337 };
// The ETH feed's answer: 2000.00000000 USD.
const ETH_FEED_ANSWER = 200000000000n;
const ETH_FEED_DECIMALS = 8;

// A USD amount (2 decimals at most) in a token's smallest units at `price`
// (`answer` / 10^`priceDecimals` USD a token), rounded up (docs/api-reference.md).
function usdToUnits(usd, decimals, answer, priceDecimals) {
  const [whole, fraction = ''] = usd.split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0'));
  const numerator = cents * 10n ** BigInt(decimals) * 10n ** BigInt(priceDecimals);
  const denominator = 100n * answer;
  return ((numerator + denominator - 1n) / denominator).toString();
}

describe('payment intents API', () => {
  let chain, payd, paydConfig, shop, other, feed, staleFeed;
  // Payment links of `shop` named by the cases as "$link:NAME".
  const links = {};
  const newLink = async (integrationId, extra) => {
    const r = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: { integrationId, type: 'LINK', name: 'Terms', amount: '25.00', currency: 'USD', ...extra },
    });
    assert.equal(r.status, 201, r.text);
    return r.json.id;
  };

  before(async () => {
    chain = await startChain();
    // ETH priced by a feed at 2000.00000000 USD; TKN by one last updated 2 hours ago.
    feed = await chain.deploy('PriceFeed', { args: [ETH_FEED_DECIMALS, ETH_FEED_ANSWER] });
    staleFeed = await chain.deploy('PriceFeed', { args: [8, 100000000n] });
    const block = await chain.client.getBlock();
    await chain.call(staleFeed, 'set', [100000000n, block.timestamp - 7200n]);
    const tkn = await chain.deploy('TestUSDC');
    const config = chainConfig(chain, { confirmations: 2 })
      .replace('price_usd = "3000"', `price_feed = "${feed.address}"`) +
      `\n[[chains.tokens]]\nsymbol = "TKN"\nname = "Token"\naddress = "${tkn.address}"\ndecimals = 6\nprice_feed = "${staleFeed.address}"\n`;
    paydConfig = `[limits]\napi_requests_per_min = 100000\npublic_intents_per_min = 1000\n${config}`;
    payd = await startPayd({ config: paydConfig });
    shop = createMerchant(payd, { tokens: 'USDC,ETH,TKN' });
    other = createMerchant(payd, { name: 'Other', payout: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' });
    const second = payd.admin([
      'integration', 'create', '--tenant', shop.tenant.id, '--name', 'Second', '--chains', '31337',
      '--tokens', 'USDC', '--payout', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', '--origins', 'https://shop.example',
    ]);
    links.fixedUsd = await newLink(shop.integration.id, { allowCustomAmount: false });
    links.customUsd = await newLink(shop.integration.id, { amount: '50.00', minAmount: '10.00' });
    links.fixedToken = await newLink(shop.integration.id, { denominationType: 'TOKEN', currency: 'USDC', amount: '5', allowCustomAmount: false });
    links.customToken = await newLink(shop.integration.id, { denominationType: 'TOKEN', currency: 'USDC', amount: '20', minAmount: '2.5' });
    links.elsewhere = await newLink(second.id, {});
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  for (const c of cases.cases) {
    test(`refused: ${c.name}`, async () => {
      const body = { ...base };
      for (const [field, value] of Object.entries(c.set)) {
        if (value === null) delete body[field];
        else if (value === '$51keys') body[field] = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
        else if (value && typeof value === 'object' && value.note === '$501chars') body[field] = { note: 'x'.repeat(501) };
        else if (typeof value === 'string' && value.startsWith('$link:')) body[field] = links[value.slice(6)];
        else body[field] = value;
      }
      const r = await createIntent(payd, shop.integration.id, body);
      assert.equal(r.status, c.status, r.text);
      assert.equal(r.json.error.code, c.code);
      assert.equal(r.json.error.param, c.param);
    });
  }

  test("an intent from a payment link keeps to the link's terms", async () => {
    const create = async (body) => {
      // Until payd has read the ETH feed once, an ETH intent is 503 (never a guess).
      const r = await eventually(async () => {
        const res = await createIntent(payd, shop.integration.id, { currency: 'USDC', chainId: 31337, ...body });
        return res.status === 503 && body.currency === 'ETH' ? null : res;
      }, { what: 'a fresh ETH price' });
      assert.equal(r.status, 201, `${JSON.stringify(body)}: ${r.text}`);
      return r.json;
    };
    // What the merchant relies on: the exact amount in smallest units, the USD
    // amount asked (null for a token-denominated one), the token, and the link
    // it came from. No intent of this payout address existed before this test
    // (the refusals above store nothing) and each amount here is asked once,
    // so every exact amount is the requested amount `price` plus one unit: the
    // fewest that make it unique, at least one (DECISIONS §5 rule 1).
    const expectIntent = async (intent, { link, price, amountUsd, currency }) => {
      const token = currency === 'ETH' ? { tokenAddress: null, decimals: 18 } : { tokenAddress: USDC_ADDRESS, decimals: 6 };
      const amount = String(BigInt(price) + 1n);
      const terms = { amount, amountFormatted: formatUnits(BigInt(amount), token.decimals), amountUsd, currency, chainId: 31337, ...token };
      const pick = (view) => Object.fromEntries(Object.keys(terms).map((k) => [k, view[k]]));
      assert.deepEqual(pick(intent), terms, `${link}: the payer's view`);
      const merchant = (await payd.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: shop.read.key })).json;
      assert.deepEqual({ ...pick(merchant), paymentLinkId: merchant.paymentLinkId }, { ...terms, paymentLinkId: links[link] }, `${link}: the merchant's view`);
    };
    // A fixed USD price, written another way, is the same price.
    await expectIntent(await create({ amount_usd: '25', paymentLinkId: links.fixedUsd }),
      { link: 'fixedUsd', price: usdToUnits('25', 6, 1n, 0), amountUsd: '25', currency: 'USDC' });
    // A payer-chosen USD amount: at least minAmount, and may exceed the link's suggested amount.
    await expectIntent(await create({ amount_usd: '10.00', paymentLinkId: links.customUsd }),
      { link: 'customUsd', price: usdToUnits('10.00', 6, 1n, 0), amountUsd: '10.00', currency: 'USDC' });
    await expectIntent(await create({ amount_usd: '75.50', paymentLinkId: links.customUsd }),
      { link: 'customUsd', price: usdToUnits('75.50', 6, 1n, 0), amountUsd: '75.50', currency: 'USDC' });
    // In ETH, at the feed's price.
    await expectIntent(await create({ amount_usd: '10.00', currency: 'ETH', paymentLinkId: links.customUsd }),
      { link: 'customUsd', price: usdToUnits('10.00', 18, ETH_FEED_ANSWER, ETH_FEED_DECIMALS), amountUsd: '10.00', currency: 'ETH' });
    // Token-denominated: that token, in its smallest unit; no USD amount was asked.
    await expectIntent(await create({ amount: '5000000', paymentLinkId: links.fixedToken }),
      { link: 'fixedToken', price: '5000000', amountUsd: null, currency: 'USDC' });
    await expectIntent(await create({ amount: '2500000', paymentLinkId: links.customToken }),
      { link: 'customToken', price: '2500000', amountUsd: null, currency: 'USDC' });
    await expectIntent(await create({ amount: '99000000', paymentLinkId: links.customToken }),
      { link: 'customToken', price: '99000000', amountUsd: null, currency: 'USDC' });
  });

  test('public endpoints check the origin and answer preflights', async () => {
    const denied = await createIntent(payd, shop.integration.id, base, { origin: 'https://evil.example' });
    assert.equal(denied.status, 403);
    assert.equal(denied.json.error.code, 'origin_not_allowed');
    const missing = await payd.request('POST', `/public/integrations/${shop.integration.id}/intent`, { body: base });
    assert.equal(missing.status, 403);
    const preflight = await payd.request('OPTIONS', `/public/integrations/${shop.integration.id}/intent`, {
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers'), /Idempotency-Key/);
    const unknown = await createIntent(payd, 'int_nope', base);
    assert.equal(unknown.status, 404);
  });

  test("the payer's view shows how to pay, not the merchant's data", async () => {
    const created = await createIntent(payd, shop.integration.id, { ...base, metadata: { secret: 'x' } });
    const pi = created.json;
    const r = await payd.request('GET', `/public/integrations/${shop.integration.id}/intents/${pi.id}`, { headers: { Origin: 'https://shop.example' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), 'https://shop.example');
    for (const field of ['id', 'status', 'amount', 'amountFormatted', 'currency', 'chainId', 'tokenAddress', 'recipient', 'paymentUri', 'expiresAt', 'requiredConfirmations', 'confirmations']) {
      assert.ok(field in r.json, field);
    }
    assert.equal(r.json.metadata, undefined);
    assert.equal(r.json.integrationId, undefined);
    // The create answers with the same view; the merchant's event keeps the merchant's data.
    assert.deepEqual(Object.keys(pi).sort(), Object.keys(r.json).sort());
    const [event] = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data
      .filter((e) => e.type === 'PAYMENT_CREATED' && e.data.id === pi.id);
    assert.deepEqual(event.data.metadata, { secret: 'x' });
    // A page's script may read the request id and the replay and rate-limit headers.
    for (const reply of [created, r]) {
      const exposed = reply.headers.get('access-control-expose-headers') ?? '';
      for (const name of ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After']) assert.match(exposed, new RegExp(name));
    }
    const elsewhere = await payd.request('GET', `/public/integrations/${other.integration.id}/intents/${pi.id}`, { headers: { Origin: 'https://shop.example' } });
    assert.equal(elsewhere.status, 404, "another integration's intent is not found");
  });

  test('the same idempotencyKey creates one intent, 20 concurrent requests included', async () => {
    const body = { ...base, amount_usd: '31.00', idempotencyKey: 'cart-77' };
    const results = await Promise.all(Array.from({ length: 20 }, () => createIntent(payd, shop.integration.id, body)));
    assert.ok(results.every((r) => r.status === 201), results.map((r) => r.status).join());
    assert.equal(new Set(results.map((r) => r.json.id)).size, 1);
    assert.equal(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 19);
    // The key is no parameter (DECISIONS §8): sent in the header, the body or both, it is one
    // key, and the same parameters are one request.
    const sameKey = [{ header: 'cart-77' }, { header: 'cart-77', body: 'cart-77' }];
    for (const sent of sameKey) {
      const r = await createIntent(payd, shop.integration.id, { ...base, amount_usd: '31.00', idempotencyKey: sent.body },
        { headers: { 'Idempotency-Key': sent.header } });
      assert.equal(r.status, 201, `${JSON.stringify(sent)}: ${r.text}`);
      assert.equal(r.headers.get('idempotent-replayed'), 'true', JSON.stringify(sent));
      assert.equal(r.json.id, results[0].json.id, JSON.stringify(sent));
    }
    const headerFirst = await createIntent(payd, shop.integration.id, { ...base, amount_usd: '33.00' }, { headers: { 'Idempotency-Key': 'cart-78' } });
    assert.equal(headerFirst.status, 201, headerFirst.text);
    const bodyAfter = await createIntent(payd, shop.integration.id, { ...base, amount_usd: '33.00', idempotencyKey: 'cart-78' });
    assert.equal(bodyAfter.headers.get('idempotent-replayed'), 'true', bodyAfter.text);
    assert.equal(bodyAfter.json.id, headerFirst.json.id);
    const conflict = await createIntent(payd, shop.integration.id, { ...body, amount_usd: '32.00' });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.json.error.code, 'idempotency_conflict');
    const mismatch = await createIntent(payd, shop.integration.id, body, { headers: { 'Idempotency-Key': 'other' } });
    assert.equal(mismatch.status, 400);
  });

  test('USD amounts for priced tokens come from the feed, rounded up', async () => {
    const r = await eventually(async () => {
      const res = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'ETH', chainId: 31337 });
      return res.status === 201 ? res : null;
    }, { what: 'a fresh ETH price' });
    // 25 USD at 2000 USD/ETH = 0.0125 ETH, and the exact amount one wei above it
    // (DECISIONS §5 rule 1: no other intent asks for 0.0125 ETH here).
    assert.equal(r.json.amount, '12500000000000001');
    assert.equal(r.json.amountFormatted, '0.012500000000000001');
    assert.equal(r.json.amountUsd, '25.00');
  });

  test('a stale price is 503 unavailable, never a guess', async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'TKN', chainId: 31337 });
    assert.equal(r.status, 503, r.text);
    assert.equal(r.json.error.code, 'unavailable');
    const units = await createIntent(payd, shop.integration.id, { amount: '5000000', currency: 'TKN', chainId: 31337 });
    assert.equal(units.status, 201, 'amounts in token units need no price');
  });

  test('a replay returns the stored response before anything else runs: no price needed (DECISIONS §8)', async () => {
    const body = { amount_usd: '12.00', currency: 'ETH', chainId: 31337, idempotencyKey: 'cart-outage' };
    // Until payd has read the ETH feed once, an ETH intent is 503, which claims no key.
    const first = await eventually(async () => {
      const res = await createIntent(payd, shop.integration.id, body);
      return res.status === 503 ? null : res;
    }, { what: 'a fresh ETH price' });
    assert.equal(first.status, 201, first.text);
    // A second payd on the same store, whose ETH feed was last updated two hours ago: it has no
    // ETH price, so the same request, new, is refused there.
    const stale = await startPayd({ config: paydConfig.replace(feed.address, staleFeed.address), env: storeOf(payd) });
    try {
      const fresh = await createIntent(stale, shop.integration.id, { ...body, idempotencyKey: 'cart-outage-2' });
      assert.equal(fresh.status, 503, fresh.text);
      const again = await createIntent(stale, shop.integration.id, body);
      assert.equal(again.status, 201, again.text);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.json, first.json);
      const other = await createIntent(stale, shop.integration.id, { ...body, amount_usd: '13.00' });
      assert.equal(other.status, 409, other.text);
      assert.equal(other.json.error.code, 'idempotency_conflict');
    } finally {
      await stale.close();
    }
  });

  test('merchants list intents newest first, filtered and paged', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push((await createIntent(payd, other.integration.id, { ...base, amount_usd: `${40 + i}.00` })).json);
    const page = async (q) => (await payd.request('GET', `/api/v1/payment-intents${q}`, { key: other.read.key }));
    const first = (await page('?limit=2')).json;
    assert.deepEqual(Object.keys(first).sort(), ['data', 'hasMore', 'limit', 'offset']);
    assert.deepEqual(first.data.map((i) => i.id), [mine[4].id, mine[3].id]);
    assert.equal(first.hasMore, true);
    assert.equal(first.limit, 2);
    const last = (await page('?limit=2&offset=4')).json;
    assert.deepEqual(last.data.map((i) => i.id), [mine[0].id]);
    assert.equal(last.hasMore, false);
    assert.equal((await page('')).json.limit, 50);
    assert.equal((await page('?status=CREATED')).json.data.length, 5);
    assert.equal((await page('?status=PAID')).json.data.length, 0);
    for (const [q, param] of [['?status=paid', 'status'], ['?status=DONE', 'status'], ['?limit=101', 'limit'], ['?limit=0', 'limit'], ['?limit=x', 'limit'], ['?offset=-1', 'offset'], ['?sort=asc', 'sort']]) {
      const r = await page(q);
      assert.equal(r.status, 400, q);
      assert.equal(r.json.error.param, param, q);
    }
    const theirs = await payd.request('GET', `/api/v1/payment-intents/${mine[0].id}`, { key: shop.read.key });
    assert.equal(theirs.status, 404);
    const scope = await payd.request('GET', '/api/v1/payment-intents', { key: other.events.key });
    assert.equal(scope.status, 403);
    const payments = await payd.request('GET', '/api/v1/payments?status=SETTLED', { key: other.read.key });
    assert.equal(payments.status, 400);
    assert.equal((await payd.request('GET', '/api/v1/payments/pay_nope', { key: other.read.key })).status, 404);
  });
});
