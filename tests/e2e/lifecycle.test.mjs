// Time and reorganisations: expiry by chain time, late payments inside the
// 24 h window, and reorgs that move or drop a transfer (DECISIONS §5).
// Intents here live 2 s and need 3 confirmations.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { createIntent, createMerchant, proveSender, sleep, startPayd } from './lib/payd.mjs';

describe('intent lifecycle on chain', () => {
  let chain, payd, shop;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await intent(id);
    return check(i) ? i : null;
  }, { what });
  const payments = async (id) => (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json.data
    .filter((p) => p.intentId === id);
  // Lets the expiry pass in wall time, then mines a block so the chain clock (whole
  // seconds) follows.
  const expire = async () => {
    await sleep(3200);
    // anvil's clock stays rewound after a reorg; pin the block to the wall clock.
    await chain.rpc('evm_setNextBlockTimestamp', [Math.floor(Date.now() / 1000)]);
    await chain.mine(1);
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: `[intents]\nlifetime_s = 2\n${chainConfig(chain, { confirmations: 3 })}` });
    shop = createMerchant(payd);
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
    await chain.stop();
  });

  const newIntent = async (extra = {}) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '20.00', currency: 'USDC', chainId: 31337, ...extra });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  test('an intent nobody pays expires by chain time', async () => {
    const pi = await newIntent();
    await sleep(500);
    assert.equal((await intent(pi.id)).status, 'CREATED');
    await expire();
    await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
  });

  test('a full payment after expiry, inside the late window, is PAID with PAID_LATE', async () => {
    const pi = await newIntent();
    await expire();
    await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(2);
    const paid = await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    assert.equal(paid.exception, 'PAID_LATE');
  });

  test('an underpayment still short at expiry FAILS with UNDERPAID', async () => {
    const pi = await newIntent();
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await chain.payUsdc(PAYOUT, '5', { from: PAYER2 });
    await waitFor(pi.id, (i) => i.status === 'PENDING' && i.exception === 'UNDERPAID', 'PENDING UNDERPAID');
    await expire();
    const failed = await waitFor(pi.id, (i) => i.status === 'FAILED', 'FAILED');
    assert.equal(failed.exception, 'UNDERPAID');
    assert.equal(failed.amountReceived, '5000000');
  });

  test('a proven hint takes no transfer once its intent has expired by block time', async () => {
    const pi = await newIntent({ amount_usd: '30.00' });
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await expire();
    await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    const receipt = await chain.payUsdc(PAYOUT, '12', { from: PAYER2 });
    const payment = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json.data;
      return list.find((p) => p.txHash === receipt.transactionHash);
    }, { what: 'the late, short transfer recorded' });
    assert.equal(payment.intentId, null);
    const after = await intent(pi.id);
    assert.equal(after.status, 'EXPIRED');
    assert.equal(after.amountReceived, '0');
  });

  test('a reorg that moves the transfer to another block keeps it matched; confirmations start again', async () => {
    const pi = await newIntent();
    const raw = await chain.signedUsdcTransfer(PAYOUT, BigInt(pi.amount));
    const first = await chain.sendRaw(raw);
    await chain.mine(1);
    await waitFor(pi.id, (i) => i.status === 'PENDING' && i.confirmations === 2, 'PENDING with 2 confirmations');
    // Replace the transfer's block and the next: the transfer lands one block later.
    await chain.reorg(2, [[raw, 1]]);
    const moved = await eventually(async () => {
      const list = await payments(pi.id);
      const live = list.find((p) => p.status !== 'REORGED');
      return list.length === 2 && live ? { list, live } : null;
    }, { what: 'the transfer recorded in its new block' });
    const old = moved.list.find((p) => p.status === 'REORGED');
    assert.equal(old.blockHash, first.blockHash);
    assert.notEqual(moved.live.blockHash, first.blockHash);
    assert.equal(moved.live.txHash, first.transactionHash);
    assert.equal(moved.live.blockNumber, Number(first.blockNumber) + 1);
    const again = await intent(pi.id);
    assert.equal(again.status, 'PENDING');
    assert.equal(again.confirmations, 1);
    await chain.mine(2);
    await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
  });

  test('a reorg that drops the transfer puts the intent back to CREATED', async () => {
    // No block is mined past the 2 s expiry here, so the chain clock stays before it.
    const pi = await newIntent();
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await waitFor(pi.id, (i) => i.status === 'PENDING', 'PENDING');
    await chain.reorg(1, []);
    const back = await waitFor(pi.id, (i) => i.status !== 'PENDING', 'leaving PENDING');
    assert.equal(back.status, 'CREATED');
    assert.equal(back.amountReceived, '0');
    const list = await payments(pi.id);
    assert.deepEqual(list.map((p) => p.status), ['REORGED']);
    // The merchant told PENDING is told it was undone (DECISIONS §5).
    const events = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    const mine = events.filter((e) => e.data.id === pi.id).map((e) => e.type).reverse();
    assert.deepEqual(mine, ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_REVERSED']);
    assert.equal(events.find((e) => e.type === 'PAYMENT_REVERSED' && e.data.id === pi.id).data.status, 'CREATED');
  });

  test('a reorg that drops the late payment of an expired intent makes it EXPIRED again', async () => {
    // DECISIONS §5: an intent that had expired unpaid before its late payment
    // arrived goes back to EXPIRED, not FAILED, when a reorg removes that payment.
    // (A reorg rewinds the chain's clock to the common ancestor, so for it to
    // happen "after expiry" the ancestor must already be past expiry.)
    const pi = await newIntent();
    await expire();
    await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await waitFor(pi.id, (i) => i.status === 'PENDING' && i.exception === 'PAID_LATE', 'PENDING, late');
    await chain.reorg(1, []);
    const expired = await waitFor(pi.id, (i) => i.status !== 'PENDING', 'leaving PENDING');
    assert.equal(expired.status, 'EXPIRED');
    assert.equal(expired.amountReceived, '0');
    assert.deepEqual((await payments(pi.id)).map((p) => p.status), ['REORGED']);
  });

});
