// Idempotency-Key on POST /v1/payment_intents (issue 34 item 4), held to DECISIONS §8 and
// docs/api-reference.md "Idempotency": keys are scoped to the tenant; the same key with the same
// parameters answers the original status and body with `Idempotent-Replayed: true` and creates
// nothing; with different parameters ("the same method, path and JSON body") it is
// 409 idempotency_conflict; concurrent requests with one key create exactly one object and the
// others replay it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseUnits } from 'viem';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { assertApiError, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { stopAll } from './lib/cleanup.mjs';

describe('/v1 payment intents and Idempotency-Key', () => {
  let chain, payd, shop, other;
  // A key no other test of this file uses.
  const newKey = (what) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const ask = (merchant, idempotencyKey, body = { amount: '19.99', currency: 'USD', metadata: { orderId: 'A-1' } }) =>
    payd.request('POST', '/v1/payment_intents', { key: merchant.rw.key, body, headers: { 'Idempotency-Key': idempotencyKey } });
  const intentsOf = async (merchant) => {
    const r = await payd.request('GET', '/api/v1/payment-intents?limit=100', { key: merchant.read.key });
    assert.equal(r.status, 200, r.text);
    return r.json.data;
  };
  const intent = async (merchant, id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: merchant.read.key })).json;
  const replayed = (r) => r.headers.get('idempotent-replayed') === 'true';

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other', payout: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('20 requests at once with one key: one intent, and every answer is that intent', async () => {
    const before = (await intentsOf(shop)).length;
    const key = newKey('burst');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(shop, key)));
    assert.deepEqual(answers.map((r) => r.status), Array(20).fill(201), answers.map((r) => r.text).join('\n'));
    const first = answers.find((r) => !replayed(r));
    assert.ok(first, 'one answer created it');
    for (const r of answers) assert.deepEqual(r.json, first.json, 'the same intent, the same body');
    assert.equal(answers.filter(replayed).length, 19, 'the others replay it');
    const after = await intentsOf(shop);
    assert.equal(after.length, before + 1, 'exactly one intent was created');
    assert.equal(after[0].id, first.json.id);
  });

  test("the same key from another tenant creates that tenant's own intent", async () => {
    const key = newKey('shared');
    const mine = await ask(shop, key);
    assert.equal(mine.status, 201, mine.text);
    const [shopCount, otherCount] = [(await intentsOf(shop)).length, (await intentsOf(other)).length];
    const theirs = await ask(other, key);
    assert.equal(theirs.status, 201, theirs.text);
    assert.ok(!replayed(theirs), 'not a replay of the first tenant\'s answer');
    assert.notEqual(theirs.json.id, mine.json.id);
    assert.equal(theirs.json.recipient, '0x90F79bf6EB2c4f870365E785982E1f101E93b906', "on the other tenant's integration");
    assert.equal((await intentsOf(other)).length, otherCount + 1);
    assert.equal((await intentsOf(shop)).length, shopCount);
    assert.equal((await payd.request('GET', `/api/v1/payment-intents/${theirs.json.id}`, { key: shop.read.key })).status, 404);
    // And each tenant's replay is its own.
    const again = await ask(other, key);
    assert.ok(replayed(again));
    assert.equal(again.json.id, theirs.json.id);
  });

  test('a replay after the payer chose (and paid) answers the original and leaves the choice alone', async () => {
    const key = newKey('chosen');
    const body = { amount: '4.25', currency: 'USD', tokens: ['USDC'] };
    const original = await ask(shop, key, body);
    assert.equal(original.status, 201, original.text);
    const chose = await checkedFetch(original.json.checkoutUrl, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(chose.status, 303);
    const chosen = await intent(shop, original.json.id);
    assert.deepEqual([chosen.chainId, chosen.currency], [31337, 'USDC']);
    assert.ok(BigInt(chosen.amount) >= parseUnits('4.25', 6), chosen.amount);

    const afterChoice = await ask(shop, key, body);
    assert.equal(afterChoice.status, 201);
    assert.ok(replayed(afterChoice));
    assert.deepEqual(afterChoice.json, original.json, 'the original body');
    assert.deepEqual(await intent(shop, original.json.id), chosen, 'the choice stands, its exact amount too');

    await chain.payUsdc(PAYOUT, BigInt(chosen.amount));
    const paid = await eventually(async () => {
      const i = await intent(shop, original.json.id);
      return i.status === 'PAID' ? i : null;
    }, { what: 'PAID', timeout: 20000 });
    const afterPayment = await ask(shop, key, body);
    assert.equal(afterPayment.status, 201);
    assert.ok(replayed(afterPayment));
    assert.deepEqual(afterPayment.json, original.json, 'still the original answer (status created), not the intent as it is now');
    assert.deepEqual(await intent(shop, original.json.id), paid, 'nothing about the paid intent changed');
  });

  test('a key used on another route is a conflict here, never a replay of that answer', async () => {
    const linksOf = async () => (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
    const linkKey = newKey('link-first');
    const link = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, body: linkBody(shop.integration.id), headers: { 'Idempotency-Key': linkKey },
    });
    assert.equal(link.status, 201, link.text);
    const count = (await intentsOf(shop)).length;
    const here = await ask(shop, linkKey);
    assertApiError(here, 409, 'idempotency_conflict', 'Idempotency-Key');
    assert.ok(!replayed(here));
    assert.equal((await intentsOf(shop)).length, count, 'no intent created');
    // The same key is still the link's: its own replay works there.
    const linkAgain = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, body: linkBody(shop.integration.id), headers: { 'Idempotency-Key': linkKey },
    });
    assert.ok(replayed(linkAgain));
    assert.equal(linkAgain.json.id, link.json.id);

    // The other way round: a key of an intent is a conflict on the links route.
    const intentKey = newKey('intent-first');
    assert.equal((await ask(shop, intentKey)).status, 201);
    const links = (await linksOf()).length;
    const there = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, body: linkBody(shop.integration.id), headers: { 'Idempotency-Key': intentKey },
    });
    assertApiError(there, 409, 'idempotency_conflict', 'Idempotency-Key');
    assert.equal((await linksOf()).length, links, 'no link created');
  });
});
