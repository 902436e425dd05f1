// The 24 h late window's end (DECISIONS §5 rule 1: "An amount stays reserved
// until the intent's 24 h late window ends"; docs/api-reference.md: the window
// is the 24 h after expiresAt, time means chain time, and the amount is free
// once the window's end has passed on the chain or on payd's clock, whichever
// comes first: the chain's side is tested here, payd's would take 24 h). The
// chain's clock stands still (anvil_setBlockTimestampInterval 0) and jumps only
// where the test pins a block, 30 min and then 24 h ahead of the wall clock,
// which stays before expiresAt throughout: what happens here happens by chain
// time alone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const LATE_WINDOW_MS = 24 * 60 * 60 * 1000;

describe('the end of the late window', () => {
  let chain, payd, shop;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const events = async () => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
  const paymentOf = (txHash, what) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    return list.find((p) => p.txHash === txHash);
  }, { what });
  // The same requested amount every time: the same (chain, token, recipient).
  const newIntent = async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '20.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const pinNextBlock = (ms) => chain.rpc('evm_setNextBlockTimestamp', [Math.floor(ms / 1000)]);

  before(async () => {
    chain = await startChain();
    await chain.rpc('anvil_setBlockTimestampInterval', [0]);
    // The default lifetime: 30 min.
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('an exact amount stays reserved after expiry until the late window ends by chain time, then is free again', async () => {
    const first = await newIntent();
    assert.equal(first.amount, '20000001', 'nothing else holds an amount above the price');
    const expiresAt = Date.parse(first.expiresAt);
    const lateUntil = expiresAt + LATE_WINDOW_MS;

    // A block after expiresAt, with the wall clock 30 min before it: EXPIRED by chain time.
    await pinNextBlock(expiresAt + 1000);
    await chain.mine(1);
    await eventually(async () => (await intent(first.id)).status === 'EXPIRED', { what: 'EXPIRED by chain time' });
    assert.ok(Date.now() < expiresAt, 'the wall clock is still before expiresAt');
    const expired = (await events()).find((e) => e.type === 'PAYMENT_EXPIRED' && e.data.id === first.id);
    assert.equal(expired?.data.status, 'EXPIRED');

    // Expired, inside its late window: its amount is not given to another intent.
    const second = await newIntent();
    assert.equal(second.amount, '20000002');

    // The last second of the window (a block payd has read, since it recorded
    // the transfer in it): still reserved.
    await pinNextBlock(lateUntil - 1000);
    const marker = await chain.payUsdc(PAYOUT, 1111n);
    await paymentOf(marker.transactionHash, 'the transfer of the window\'s last second');
    const third = await newIntent();
    assert.equal(third.amount, '20000003');

    // A block after the window's end, holding a transfer of the first intent's
    // exact amount: too late for it, so unmatched; and the amount is free again.
    await pinNextBlock(lateUntil + 1000);
    const late = await chain.payUsdc(PAYOUT, BigInt(first.amount));
    assert.ok(Date.now() < expiresAt, 'the wall clock is still before expiresAt');
    const payment = await paymentOf(late.transactionHash, 'the transfer after the late window');
    assert.equal(payment.intentId, null);
    const unmatched = (await events()).find((e) => e.type === 'PAYMENT_UNMATCHED' && e.data.txHash === late.transactionHash);
    assert.equal(unmatched?.data.intentId, null);
    const old = await intent(first.id);
    assert.equal(old.status, 'EXPIRED');
    assert.equal(old.amountReceived, '0');
    assert.equal(old.exception, null);
    const fourth = await newIntent();
    assert.equal(fourth.amount, '20000001', "the fewest units above the price: the first intent's amount, released");
  });
});
