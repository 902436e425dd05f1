// Time and reorganisations: expiry by chain time, late payments inside the
// 24 h window, and reorgs that move or drop a transfer (DECISIONS §5).
// Intents here live 2 s and need 3 confirmations. The chain's clock stands
// still (each block has its parent's timestamp: anvil_setBlockTimestampInterval
// 0) and moves only when a test pins a block's time, so no intent expires
// because the machine is slow, and none outlives its expiry because it is fast.
// (Expiry by a chain clock ahead of the wall clock: late_window.test.mjs.)
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';

const LIFETIME_S = 2;

describe('intent lifecycle on chain', () => {
  let chain, payd, shop;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await intent(id);
    return check(i) ? i : null;
  }, { what });
  const allPayments = async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
  const payments = async (id) => (await allPayments()).filter((p) => p.intentId === id);
  const paymentOf = (txHash, what) => eventually(async () => (await allPayments()).find((p) => p.txHash === txHash), { what });
  // The intent's events, oldest first.
  const eventsOf = async (id) => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data
    .filter((e) => e.data.id === id).reverse();
  const chainSeconds = async () => Number((await chain.rpc('eth_getBlockByNumber', ['latest', false])).timestamp);
  const mineAt = async (seconds) => {
    await chain.rpc('evm_setNextBlockTimestamp', [seconds]);
    await chain.mine(1);
  };
  // A block after expiresAt (strictly after: a transfer in it, or in the blocks
  // that follow at the same time, is late).
  const expire = (pi) => mineAt(Math.floor(Date.parse(pi.expiresAt) / 1000) + 1);

  before(async () => {
    chain = await startChain();
    await chain.rpc('anvil_setBlockTimestampInterval', [0]);
    payd = await startPayd({ config: `[intents]\nlifetime_s = ${LIFETIME_S}\n${chainConfig(chain, { confirmations: 3 })}` });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));
  // Each test starts with the chain's clock caught up with the wall clock (an
  // exact amount takes no transfer made over 5 min before its intent) and, after
  // a test that pinned it ahead, waits until an intent made now would expire at
  // least a second after the chain's time.
  beforeEach(async () => {
    const wall = Math.floor(Date.now() / 1000);
    if (await chainSeconds() < wall) await mineAt(wall);
    const now = await chainSeconds();
    await eventually(async () => Date.now() + LIFETIME_S * 1000 >= (now + 1) * 1000, { what: 'an intent made now to outlive the chain clock by a second', timeout: 5000 });
  });

  const newIntent = async (extra = {}) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '20.00', currency: 'USDC', chainId: 31337, ...extra });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  test('an intent nobody pays expires by chain time, not by the wall clock, with PAYMENT_EXPIRED', async () => {
    const pi = await newIntent();
    const expiresAt = Date.parse(pi.expiresAt);
    assert.equal(expiresAt - Date.parse(pi.createdAt), LIFETIME_S * 1000);
    await eventually(async () => Date.now() > expiresAt, { what: 'the wall clock past expiresAt' });
    // A block before expiresAt, read after the wall clock passed it: once the
    // transfer it holds is recorded, payd has judged the intent at that block.
    const marker = await chain.payUsdc(PAYOUT, 1111111n);
    const markerBlock = await chain.rpc('eth_getBlockByHash', [marker.blockHash, false]);
    assert.ok(Number(markerBlock.timestamp) * 1000 < expiresAt, 'the chain clock is still before expiresAt');
    await paymentOf(marker.transactionHash, 'the transfer of the block before expiresAt');
    assert.equal((await intent(pi.id)).status, 'CREATED');
    assert.deepEqual((await eventsOf(pi.id)).map((e) => e.type), ['PAYMENT_CREATED']);

    await expire(pi);
    const expired = await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    assert.equal(expired.exception, null);
    const events = await eventsOf(pi.id);
    assert.deepEqual(events.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_EXPIRED']);
    assert.equal(events[1].data.status, 'EXPIRED');
    assert.equal(events[1].data.amountReceived, '0');
  });

  test('a full payment after expiry, inside the late window, is PAID with PAID_LATE', async () => {
    const pi = await newIntent();
    await expire(pi);
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
    await expire(pi);
    const failed = await waitFor(pi.id, (i) => i.status === 'FAILED', 'FAILED');
    assert.equal(failed.exception, 'UNDERPAID');
    assert.equal(failed.amountReceived, '5000000');
    const events = await eventsOf(pi.id);
    assert.deepEqual(events.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_FAILED']);
    assert.equal(events[2].data.status, 'FAILED');
    assert.equal(events[2].data.exception, 'UNDERPAID');
  });

  test('a proven hint takes no transfer once its intent has expired by block time', async () => {
    const pi = await newIntent({ amount_usd: '30.00' });
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await expire(pi);
    await waitFor(pi.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    const receipt = await chain.payUsdc(PAYOUT, '12', { from: PAYER2 });
    const payment = await paymentOf(receipt.transactionHash, 'the late, short transfer recorded');
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
    // The chain's clock stands still before expiresAt: the intent was never late.
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
    const events = await eventsOf(pi.id);
    assert.deepEqual(events.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_REVERSED']);
    assert.equal(events[2].data.status, 'CREATED');
  });

  test('a reorg that drops the late payment of an expired intent makes it EXPIRED again', async () => {
    // DECISIONS §5: an intent that had expired unpaid before its late payment
    // arrived goes back to EXPIRED, not FAILED, when a reorg removes that payment.
    // (A reorg rewinds the chain's clock to the common ancestor, so for it to
    // happen "after expiry" the ancestor must already be past expiry.)
    const pi = await newIntent();
    await expire(pi);
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
