// The delivery contract of DECISIONS §7 as a merchant's backend meets it: "A
// 2xx within 15 s is DELIVERED; 3xx is a failure. Otherwise retry ... after
// 5 s, 5 min, ... 24 h, then FAILED", and the payment events PAYMENT_EXPIRED,
// PAYMENT_FAILED and PAYMENT_PENDING-before-PAYMENT_CONFIRMED delivered as
// webhooks that the reference `standardwebhooks` verifier accepts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, launch, proveSender, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

// As many retries as the default schedule has (nine), each 1 s instead of
// hours; the 15 s time-out is left at its default.
const NINE_RETRIES = '[webhooks]\nallow_private_targets = true\nconcurrency = 8\nretry_schedule_s = [1, 1, 1, 1, 1, 1, 1, 1, 1]\n';

const deliveriesOf = async (payd, shop) =>
  (await payd.request('GET', '/api/v1/webhooks?limit=100', { key: shop.events.key })).json.data;

// A merchant with its webhook secret and `count` receivers, each an endpoint
// of it; each receiver also goes in `all` as it starts (closed by after()
// whatever fails next).
async function merchantWith(payd, name, count, all) {
  const shop = createMerchant(payd, { name });
  shop.secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
  shop.receivers = [];
  for (let i = 0; i < count; i++) {
    const receiver = await startReceiver({ secrets: [shop.secret] });
    all.push(receiver);
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
    shop.receivers.push(receiver);
  }
  return shop;
}

// Each test has a merchant of its own; they run at once, since two of them wait
// on the clock. The merchants are made first, and commands run meanwhile do not
// block the event loop: the receivers' clocks must see requests as they come.
describe('webhook delivery outcomes', { concurrency: true }, () => {
  let payd, moved, slow, down;
  const receivers = [];
  before(async () => {
    payd = await startPayd({ config: NINE_RETRIES });
    moved = await merchantWith(payd, 'Moved', 4, receivers);
    slow = await merchantWith(payd, 'Slow', 2, receivers);
    down = await merchantWith(payd, 'Down', 1, receivers);
  });
  after(() => stopAll(() => payd?.close(), () => Promise.all(receivers.map((r) => r.close()))));

  test('a 3xx is a failed attempt, retried, and its Location is never followed', async () => {
    // Following a redirect would also reach an address the SSRF guard never checked.
    const codes = [301, 302, 307, 308];
    const shop = moved;
    const elsewhere = await startReceiver({ secrets: [shop.secret] });
    receivers.push(elsewhere);
    shop.receivers.forEach((r, i) => (r.answer = { status: codes[i], headers: { Location: elsewhere.url } }));
    const sent = await payd.adminAsync(['webhook', 'test', '--tenant', shop.tenant.id]);
    const records = await eventually(async () => {
      const mine = (await deliveriesOf(payd, shop)).filter((d) => d.eventId === sent.eventId);
      const settled = (d) => d.attempts >= 2 || ['DELIVERED', 'FAILED'].includes(d.status);
      return mine.length === codes.length && mine.every(settled) ? mine : null;
    }, { timeout: 20000, what: 'a second attempt of each redirected delivery' });
    assert.deepEqual(elsewhere.requests, [], 'nothing followed a Location');
    shop.receivers.forEach((r, i) => {
      const record = records.find((d) => d.endpointUrl === r.url);
      assert.equal(record.status, 'RETRYING', `after a ${codes[i]}`);
      assert.equal(record.lastResponseStatus, codes[i]);
      assert.equal(record.deliveredAt, null);
      const got = r.deliveries.filter((d) => d.id === sent.eventId);
      assert.ok(got.length >= 2 && got.every((d) => d.ok), `the ${codes[i]} endpoint got its retries, verified`);
    });
    for (const e of await payd.adminAsync(['webhook-endpoint', 'list', '--tenant', shop.tenant.id])) {
      await payd.adminAsync(['webhook-endpoint', 'remove', e.id]);
    }
  });

  test('with the default time-out, a 2xx after 13 s is DELIVERED; one after 16 s is a failed attempt, retried', async () => {
    const shop = slow;
    const [in13, in16] = shop.receivers;
    in13.script = [{ status: 200, delayMs: 13000 }];
    // Its retry is answered late too, so that the failed first attempt's record can be read meanwhile.
    in16.script = [{ status: 200, delayMs: 16000 }, { status: 200, delayMs: 2000 }];
    const sent = await payd.adminAsync(['webhook', 'test', '--tenant', shop.tenant.id]);
    const recordOf = async (r) => (await deliveriesOf(payd, shop)).find((d) => d.eventId === sent.eventId && d.endpointUrl === r.url);

    const failed = await eventually(async () => {
      const d = await recordOf(in16);
      return d?.attempts >= 1 ? d : null;
    }, { timeout: 30000, what: 'the first attempt at the 16 s receiver recorded' });
    assert.equal(failed.attempts, 1);
    assert.equal(failed.status, 'RETRYING');
    assert.equal(failed.lastResponseStatus, null, 'no answer within the time-out');
    assert.match(failed.lastError, /time/i);
    assert.ok(failed.nextAttemptAt);
    const first = in16.deliveries[0];
    assert.ok(first.abandonedAt, 'payd closed the connection before the answer');
    const waited = first.abandonedAt - first.at;
    assert.ok(waited > 14000 && waited < 16000, `payd gave up after ${Math.round(waited)} ms, the 15 s time-out`);

    const delivered = await recordOf(in13);
    assert.equal(delivered.status, 'DELIVERED', 'answered in 13 s');
    assert.equal(delivered.attempts, 1);
    assert.equal(delivered.lastResponseStatus, 200);
    assert.equal(in13.deliveries.length, 1);
    assert.ok(in13.deliveries[0].ok);
    assert.equal(in13.deliveries[0].abandonedAt, undefined);

    const retried = await eventually(async () => {
      const d = await recordOf(in16);
      return d?.status === 'DELIVERED' ? d : null;
    }, { timeout: 15000, what: 'the retry at the 16 s receiver DELIVERED' });
    assert.equal(retried.attempts, 2);
    assert.deepEqual(in16.deliveries.map((d) => d.id), [sent.eventId, sent.eventId]);
  });

  test('a delivery that always fails is attempted 1 + 9 times, then FAILED with nothing more scheduled', async () => {
    const shop = down;
    const [receiver] = shop.receivers;
    receiver.answer = 500;
    const sent = await payd.adminAsync(['webhook', 'test', '--tenant', shop.tenant.id]);
    const record = await eventually(async () => {
      const d = (await deliveriesOf(payd, shop)).find((x) => x.eventId === sent.eventId);
      return d?.status === 'FAILED' ? d : null;
    }, { timeout: 40000, what: 'the delivery FAILED' });
    assert.equal(record.attempts, 10);
    assert.equal(record.nextAttemptAt, null, 'no eleventh attempt scheduled');
    assert.equal(record.lastResponseStatus, 500);
    assert.equal(record.deliveredAt, null);
    // The last attempt was recorded after the receiver answered it.
    const got = receiver.deliveries.filter((d) => d.id === sent.eventId);
    assert.equal(got.length, 10);
    assert.ok(got.every((d) => d.ok));
  });
});

// Intents live the default 30 min here and expire by chain time: a block at or
// after expiresAt (docs/api-reference.md "Lifecycle"). Confirmations 1: a
// payment is confirmed in the very pass that first sees it.
describe('payment events as webhooks', () => {
  let chain, payd, shop, receiver;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await intent(id);
    return check(i) ? i : null;
  }, { what });
  const newIntent = async (amount) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amount, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // An intent's events, oldest first.
  const eventsOf = async (id) => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data
    .filter((e) => e.type.startsWith('PAYMENT_') && e.data.id === id).reverse();
  // Each event delivered once, verified, with the event's id as webhook-id.
  const delivered = (events) => eventually(() => {
    const got = events.map((e) => receiver.deliveries.find((d) => d.id === e.id && d.ok));
    return got.every(Boolean) ? got : null;
  }, { what: `webhooks of ${events.map((e) => e.type)}` });

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 1 })}` });
    shop = createMerchant(payd);
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test('a payment already confirmed when payd first sees it announces PAYMENT_PENDING, then PAYMENT_CONFIRMED', async () => {
    const pi = await newIntent('7.00');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    // DECISIONS §5: CREATED → PENDING (a transfer seen) → PAID (confirmations reached).
    const events = await eventsOf(pi.id);
    assert.deepEqual(events.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED']);
    assert.deepEqual(events.map((e) => e.data.status), ['CREATED', 'PENDING', 'PAID']);
    const hooks = await delivered(events);
    assert.deepEqual(hooks.map((d) => d.payload.type), events.map((e) => e.type));
    assert.deepEqual(hooks.map((d) => d.payload.data.status), ['CREATED', 'PENDING', 'PAID']);
    // Arrival order is not promised (docs/webhooks.md): the timestamp orders them.
    const at = hooks.map((d) => Date.parse(d.payload.timestamp));
    assert.ok(at[0] <= at[1] && at[1] <= at[2], `timestamps in event order: ${hooks.map((d) => d.payload.timestamp)}`);
  });

  // Moves the chain past every intent's expiresAt: run after the tests that need intents waiting.
  test('expiry announces PAYMENT_EXPIRED for an unpaid intent and PAYMENT_FAILED (UNDERPAID) for underpaid ones', async () => {
    const unpaid = await newIntent('4.00');
    const short = await newIntent('20.00');
    // Its underpayment and its expiry reach payd at once: it was PENDING all the same.
    const shortUnseen = await newIntent('21.00');
    const other = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 });
    await chain.call(chain.usdc, 'mint', [other.address, parseUnits('100', 6)]);
    assert.equal((await proveSender(payd, shop.integration.id, short.id, PAYER2)).status, 200);
    assert.equal((await proveSender(payd, shop.integration.id, shortUnseen.id, other)).status, 200);
    await chain.payUsdc(PAYOUT, '5', { from: PAYER2 });
    await waitFor(short.id, (i) => i.status === 'PENDING' && i.exception === 'UNDERPAID', 'PENDING UNDERPAID');
    assert.equal((await intent(unpaid.id)).status, 'CREATED');

    await payd.stopCleanly();
    await chain.payUsdc(PAYOUT, '6', { from: other });
    const expiresAt = Math.max(...[unpaid, short, shortUnseen].map((i) => Date.parse(i.expiresAt)));
    await chain.rpc('evm_setNextBlockTimestamp', [Math.ceil(expiresAt / 1000) + 1]);
    await chain.mine(1);
    await launch(payd);
    await waitFor(unpaid.id, (i) => i.status === 'EXPIRED', 'EXPIRED');
    await waitFor(short.id, (i) => i.status === 'FAILED', 'FAILED');
    await waitFor(shortUnseen.id, (i) => i.status === 'FAILED', 'FAILED, unseen before');

    const expiredEvents = await eventsOf(unpaid.id);
    assert.deepEqual(expiredEvents.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_EXPIRED']);
    const failedEvents = [];
    for (const pi of [short, shortUnseen]) {
      const events = await eventsOf(pi.id);
      assert.deepEqual(events.map((e) => e.type), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_FAILED'], `${pi.amountUsd} intent`);
      assert.deepEqual(events.map((e) => [e.data.status, e.data.exception]),
        [['CREATED', null], ['PENDING', 'UNDERPAID'], ['FAILED', 'UNDERPAID']], `${pi.amountUsd} intent`);
      failedEvents.push(...events);
    }
    const [expired, failed, failedUnseen] = [expiredEvents.at(-1), failedEvents[2], failedEvents[5]];
    assert.equal(expired.data.status, 'EXPIRED');
    assert.equal(expired.data.exception, null);
    assert.equal(expired.data.amountReceived, '0');
    assert.equal(failed.data.status, 'FAILED');
    assert.equal(failed.data.exception, 'UNDERPAID');
    assert.equal(failed.data.amountReceived, '5000000');
    assert.equal(failedUnseen.data.exception, 'UNDERPAID');
    assert.equal(failedUnseen.data.amountReceived, '6000000');

    const [expiredHook, failedHook] = await delivered([expired, failed, ...failedEvents]);
    assert.equal(expiredHook.payload.type, 'PAYMENT_EXPIRED');
    assert.deepEqual(expiredHook.payload.data, expired.data);
    assert.equal(failedHook.payload.type, 'PAYMENT_FAILED');
    assert.deepEqual(failedHook.payload.data, failed.data);
    const records = await eventually(async () => {
      const list = (await deliveriesOf(payd, shop)).filter((d) => d.eventId === expired.id || d.eventId === failed.id);
      return list.length === 2 && list.every((d) => d.status === 'DELIVERED') ? list : null;
    }, { what: 'both deliveries recorded DELIVERED' });
    assert.deepEqual(records.map((d) => d.type).sort(), ['PAYMENT_EXPIRED', 'PAYMENT_FAILED']);
  });
});
