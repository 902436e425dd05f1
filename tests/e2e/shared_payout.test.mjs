// One payout address shared by two tenants, and by two integrations of one of
// them (issue 16). DECISIONS §5 rule 1: "Each intent on the same (chain,
// token, recipient) gets a unique exact amount: the requested amount plus the
// fewest smallest units (at least one) that make it unique", whoever created it; a transfer
// of one exact amount pays that intent in its own tenant only. A transfer
// that matches nothing is "a payment with intentId: null for each tenant
// paying out to that address, and a PAYMENT_UNMATCHED event"
// (docs/api-reference.md, Matching). The reservation is store code: this
// file runs on SQLite and, in the PostgreSQL pass, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

describe('two tenants and two integrations on one payout address', () => {
  let chain, payd, shop, shopApp, other;

  const get = (path, key) => payd.request('GET', path, { key }).then((r) => r.json);
  const paymentsOf = async (merchant) => (await get('/api/v1/payments?limit=100', merchant.read.key)).data;
  const unmatchedEventsOf = async (merchant) =>
    (await get('/api/v1/events', merchant.events.key)).data.filter((e) => e.type === 'PAYMENT_UNMATCHED');
  const intentOf = (merchant, id) => get(`/api/v1/payment-intents/${id}`, merchant.read.key);

  before(async () => {
    chain = await startChain();
    payd = await startPayd({
      config: `[limits]\napi_requests_per_min = 1000000\npublic_intents_per_min = 1000\n${chainConfig(chain, { confirmations: 2 })}`,
    });
    shop = createMerchant(payd, { name: 'Shop', tokens: 'USDC' });
    // The same wallet, as another merchant typed it: payd stores it checksummed.
    other = createMerchant(payd, { name: 'Other', tokens: 'USDC', payout: PAYOUT.toLowerCase() });
    assert.equal(other.integration.payoutAddress, PAYOUT);
    shopApp = payd.admin([
      'integration', 'create', '--tenant', shop.tenant.id, '--name', 'Shop app', '--chains', '31337',
      '--tokens', 'USDC', '--payout', PAYOUT, '--origins', 'https://shop.example',
    ]);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('intents of one price created at once across tenants and integrations never share an exact amount', async () => {
    const where = [shop.integration.id, shopApp.id, other.integration.id];
    const made = await Promise.all(Array.from({ length: 36 }, (_, i) =>
      createIntent(payd, where[i % 3], { amount_usd: '8.00', currency: 'USDC', chainId: 31337 })));
    for (const r of made) {
      assert.equal(r.status, 201, r.text);
      assert.equal(r.json.recipient, PAYOUT);
    }
    const amounts = made.map((r) => BigInt(r.json.amount)).sort((a, b) => (a < b ? -1 : 1));
    assert.equal(new Set(amounts.map(String)).size, 36, 'every exact amount differs');
    // The fewest extra units (at least one) over all 36: 8.000001 up to 8.000036, each once.
    assert.deepEqual(amounts, Array.from({ length: 36 }, (_, i) => 8_000_001n + BigInt(i)));
  });

  test('a transfer of one exact amount pays only that intent, in its own tenant; the other tenant sees no payment of it', async () => {
    const create = async (integrationId) => {
      const r = await createIntent(payd, integrationId, { amount_usd: '9.00', currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 201, r.text);
      return r.json;
    };
    const paidByOther = await create(other.integration.id);
    const paidByApp = await create(shopApp.id);
    const open = await create(shop.integration.id);
    assert.deepEqual([paidByOther.amount, paidByApp.amount, open.amount], ['9000001', '9000002', '9000003']);
    const payOther = await chain.payUsdc(PAYOUT, BigInt(paidByOther.amount));
    const payApp = await chain.payUsdc(PAYOUT, BigInt(paidByApp.amount));
    // Then one that matches no intent (9.000004 is the next free amount).
    const stray = await chain.payUsdc(PAYOUT, 9_000_004n);

    // The stray transfer came last: once both tenants have it, every earlier
    // block has been read, and what each tenant sees of the others is final.
    const strayOf = (list) => list.filter((p) => p.txHash === stray.transactionHash);
    const [shopPayments, otherPayments] = await eventually(async () => {
      const both = await Promise.all([paymentsOf(shop), paymentsOf(other)]);
      return both.every((list) => strayOf(list).length > 0) ? both : null;
    }, { what: 'the stray transfer seen by both tenants' });
    // Two blocks deep by then: paid, each in its own tenant and integration.
    const paidOther = await intentOf(other, paidByOther.id);
    assert.deepEqual([paidOther.status, paidOther.txHash], ['PAID', payOther.transactionHash]);
    const paidApp = await intentOf(shop, paidByApp.id);
    assert.deepEqual([paidApp.status, paidApp.txHash, paidApp.integrationId], ['PAID', payApp.transactionHash, shopApp.id]);

    for (const [name, list] of [['shop', shopPayments], ['other', otherPayments]]) {
      const strays = strayOf(list);
      assert.equal(strays.length, 1, `${name} has one unmatched payment of the stray transfer, with two integrations or one`);
      assert.equal(strays[0].intentId, null);
      assert.equal(strays[0].amount, '9000004');
      assert.equal(strays[0].recipient, PAYOUT);
    }
    const ofTx = (list, receipt) => list.filter((p) => p.txHash === receipt.transactionHash);
    assert.deepEqual(ofTx(otherPayments, payOther).map((p) => p.intentId), [paidByOther.id]);
    assert.deepEqual(ofTx(shopPayments, payOther), [], "the shop sees nothing of the other tenant's paid intent");
    assert.deepEqual(ofTx(shopPayments, payApp).map((p) => p.intentId), [paidByApp.id]);
    assert.deepEqual(ofTx(otherPayments, payApp), [], "the other tenant sees nothing of the shop's paid intent");

    // Each tenant is told of the stray transfer once, and of nothing else.
    for (const [name, merchant] of [['shop', shop], ['other', other]]) {
      const told = (await unmatchedEventsOf(merchant)).map((e) => e.data.txHash);
      assert.deepEqual(told, [stray.transactionHash], `${name}'s PAYMENT_UNMATCHED events`);
    }
    // An exact amount is one intent's: the shop's own intent at the same price is untouched.
    assert.equal((await intentOf(shop, open.id)).status, 'CREATED');
  });
});
