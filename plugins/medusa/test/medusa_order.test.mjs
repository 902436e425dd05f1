// A real Medusa store (test/app, on its own PostgreSQL) taking a payment
// through payd (a real payd on anvil): the storefront's cart gets a payd
// payment session, the customer sends the exact amount on chain, payd's
// signed webhook reaches Medusa's webhook route, and Medusa places the order.
// A forged, an altered and another store's webhook of a paid intent, and the
// real one delivered again, change nothing; a lost one loses no order; a
// refund is recorded as requested, never as sent; a cart changed after its
// session was made cancels the old intent, whose amount paid anyway places
// no order and shows in payd as a late payment. A cart in the store's EUR
// region is asked of payd in EUR and paid in USDC at payd's rate.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chainConfig, eventually, freePort, PAYER, PAYOUT, startChain } from '../../../tests/e2e/lib/chain.mjs';
import { stopAll } from '../../../tests/e2e/lib/cleanup.mjs';
import { checkedFetch } from '../../../tests/e2e/lib/openapi.mjs';
import { createMerchant, proveSender, startPayd } from '../../../tests/e2e/lib/payd.mjs';
import { startReceiver } from '../../../tests/e2e/lib/receiver.mjs';
import { Medusa, medusaCommand, startPostgres } from './lib/medusa.mjs';

// Where payd's page sends the customer once paid (the provider's returnUrl option).
const RETURN_URL = 'https://shop.example/order/confirmed?session={session_id}';

describe('a Medusa store paid through payd', () => {
  let chain, payd, shop, hooksKey, hookId, pg, medusa;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({
      // Intents live 25 s: long enough to be paid here, short enough to see one expire.
      // EUR is priced at a fixed development rate: 1.08 US dollars per euro.
      config: `[intents]\nlifetime_s = 25\n[rates]\nfixed = { EUR = "1.08" }\n[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1, 1, 1]\n${chainConfig(chain, { confirmations: 1 })}`,
    });
    shop = createMerchant(payd);
    pg = await startPostgres();
    const port = await freePort();
    // The store's webhook route, registered with payd as its README says.
    hooksKey = shop.key('webhooks:write').key;
    const hook = await payd.request('POST', '/v1/webhooks', {
      key: hooksKey, body: { url: `http://127.0.0.1:${port}/hooks/payment/payd_payd` },
    });
    assert.equal(hook.status, 201, hook.text);
    hookId = hook.json.id;
    const env = {
      DATABASE_URL: pg.url, PAYD_URL: payd.url, PAYD_API_KEY: shop.key('payments:read,payments:write,refunds:write').key, PAYD_WEBHOOK_SECRET: hook.json.secret, PAYD_RETURN_URL: RETURN_URL,
    };
    medusaCommand(['db:migrate'], env);
    medusa = new Medusa(port, env);
    await medusa.start();
    await medusa.signIn('admin@shop.example', 'a-long-admin-password');
    await medusa.setUpStore();
  });
  // Each step whatever the one before did (lib/cleanup.mjs): a payd that
  // crashed at SIGTERM fails the file once everything else is stopped.
  after(() => stopAll(() => medusa?.stop(), () => pg?.stop(), () => payd?.close(), () => chain?.stop()));

  const orders = async () => (await medusa.admin('GET', '/orders?fields=id,currency_code,total,payment_status,*payment_collections.payments')).orders;

  // The customer on payd's hosted page chooses USDC on the local chain: the exact amount to send.
  async function choose(intent) {
    const chose = await checkedFetch(intent.checkoutUrl, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    assert.equal(chose.status, 303);
    return (await payd.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: shop.read.key })).json.amount;
  }
  // The customer on payd's hosted page: USDC on the local chain, the exact
  // amount (or, having proved their wallet, a part of it).
  async function pay(intent, { part } = {}) {
    const exact = await choose(intent);
    if (part) assert.equal((await proveSender(payd, shop.integration.id, intent.id, PAYER)).status, 200);
    await chain.payUsdc(PAYOUT, part ? BigInt(exact) / part : BigInt(exact));
    await chain.mine(1);
  }
  const intentOf = async (session) => (await payd.request('GET', `/v1/payment_intents/${session.data.intentId}`, { key: shop.read.key })).json;
  // Medusa links an order's payment collection in the workflow that places it: an order read
  // at that moment has none yet. Placed means with its payment.
  const ordersAtLeast = (n) => eventually(async () => {
    const all = await orders();
    const placed = all.length >= n && all.every((o) => o.payment_collections?.[0]?.payments?.length);
    return placed ? all : null;
  }, { timeout: 60000, what: `${n} order(s) placed with their payments`, context: () => medusa.log.slice(-3000) });
  // The provider's log line for each webhook Medusa hands it.
  const handled = (eventId) => medusa.log.split('\n').filter((l) => l.includes(`payd: webhook ${eventId} `)).length;

  test("the customer's exact transfer on chain places the order, through payd's verified webhook", async () => {
    const cart = await medusa.cartReadyToPay();
    assert.equal(cart.total, 25, 'the T-shirt and its shipping');
    const session = await medusa.paydSession(cart);
    assert.match(session.data.intentId, /^pi_/);
    const intent = await intentOf(session);
    assert.deepEqual([intent.amount, intent.currency, intent.status], ['25.00', 'USD', 'created']);
    assert.equal(intent.metadata.medusaSessionId, session.id);
    assert.equal(session.data.checkoutUrl, intent.checkoutUrl);

    await pay(intent);
    const [order] = await ordersAtLeast(1);
    assert.equal(order.total, 25);
    assert.equal(order.payment_status, 'captured');
    const payment = order.payment_collections[0].payments[0];
    assert.equal(payment.provider_id, 'pp_payd_payd');
    assert.equal(payment.data.intentId, intent.id);
    assert.match(payment.data.txHash, /^0x[0-9a-f]{64}$/);

    // The merchant refunds 5 of the 25 from Medusa's admin: Medusa records its
    // refund, and payd makes one (payd never sends money): it waits for the
    // customer's address, and the payment's data has the link to send them.
    await medusa.admin('POST', `/payments/${payment.id}/refund`, { amount: 5 });
    const { payment: refunded } = await medusa.admin('GET', `/payments/${payment.id}?fields=id,data,*refunds`);
    assert.deepEqual(refunded.refunds.map((r) => Number(r.amount)), [5]);
    const [asked] = refunded.data.refundRequests;
    assert.deepEqual([asked.refundId, asked.amount, asked.status, asked.send], [refunded.refunds[0].id, '5.00', 'address_needed', '5 USDC']);
    const inPayd = (await payd.request('GET', `/api/v1/refunds/${asked.paydRefundId}`, { key: shop.read.key })).json;
    assert.deepEqual([inPayd.amount, inPayd.intentId, inPayd.status], ['5000000', intent.id, 'address_needed']);
    assert.match(medusa.log, new RegExp(`payd: refund ${asked.refundId} is payd refund ${asked.paydRefundId} \\(5.00 USD, 5 USDC\\): send the customer ${asked.addressPageUrl}`));
  });

  // Each refusal is of a delivery the store WOULD act on were it genuine: a
  // PAYMENT_CONFIRMED of this cart's intent, paid in payd (the real one is
  // held back meanwhile: payd's deliveries go to a receiver, signed with the
  // store's secret). So each fails if its check were skipped; the real one,
  // sent last, places the order.
  test('a forged, an altered and another store\'s webhook of a paid intent place nothing; the real one delivered again places no second order', async (t) => {
    // payd delivers the first order's PAYMENT_CONFIRMED again.
    const deliveries = (await payd.request('GET', '/api/v1/webhooks?limit=100', { key: shop.events.key })).json.data;
    const confirmed = deliveries.find((d) => d.type === 'PAYMENT_CONFIRMED');
    const before = handled(confirmed.eventId);
    assert.equal(before, 1);
    const again = await payd.request('POST', `/api/v1/webhooks/${confirmed.id}/redeliver`, { key: hooksKey });
    assert.ok(again.status < 300, again.text);
    await eventually(() => handled(confirmed.eventId) === 2, { what: 'the redelivery handled', context: () => medusa.log.slice(-2000) });

    const ordersBefore = (await orders()).length;  // before this cart is paid
    assert.equal(ordersBefore, 1, 'the first cart\'s order only');
    const cart = await medusa.cartReadyToPay();
    const session = await medusa.paydSession(cart);
    const intent = await intentOf(session);
    // Another store on the same payd account, whose intent names this session.
    const foreign = await payd.request('POST', '/v1/payment_intents', {
      key: shop.rw.key, body: { amount: '25.00', currency: 'USD', metadata: { medusaStore: 'another-shop', medusaSessionId: session.id } },
    });
    assert.equal(foreign.status, 201, foreign.text);

    const receiver = await startReceiver();
    t.after(() => receiver.close());
    const route = `${medusa.url}/hooks/payment/payd_payd`;
    const endpoint = (url) => payd.request('PATCH', `/api/v1/webhook-endpoints/${hookId}`, { key: hooksKey, body: { url } });
    const confirmedOf = (id) => eventually(() => receiver.deliveries.find((d) => d.payload.type === 'PAYMENT_CONFIRMED' && d.payload.data.id === id),
      { timeout: 30000, what: `PAYMENT_CONFIRMED of ${id} at the receiver` });
    let real, others;
    assert.equal((await endpoint(receiver.url)).status, 200);
    try {
      await pay(intent);
      await pay(foreign.json);
      real = await confirmedOf(intent.id);
      others = await confirmedOf(foreign.json.id);
    } finally {
      assert.equal((await endpoint(route)).status, 200);
    }
    assert.deepEqual([real.payload.data.status, real.payload.data.metadata.medusaSessionId], ['paid', session.id]);
    const send = (headers, body) => fetch(route, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
    const refusals = () => medusa.log.split('\n').filter((l) => l.includes('payd webhook refused')).length;
    // What the provider made of a delivery: refused (signature), or its line for the event.
    const outcome = async (count, eventId) => eventually(() => {
      if (refusals() > count) return 'refused';
      const line = medusa.log.split('\n').find((l) => l.includes(`payd: webhook ${eventId} `));
      return line ?? null;
    }, { what: `the webhook ${eventId} handled`, context: () => medusa.log.slice(-2000) });

    // A forgery: the real body, without the store's signature.
    let count = refusals();
    assert.equal((await send({ ...real.headers, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` }, real.body)).status, 200,
      'Medusa takes every webhook and hands it on');
    assert.equal(await outcome(count, real.id), 'refused', 'the forged webhook was acted on');
    // The real delivery, its amount altered on the way.
    count = refusals();
    const altered = real.body.replace('"25.00"', '"0.25"');
    assert.notEqual(altered, real.body);
    assert.equal((await send(real.headers, altered)).status, 200);
    assert.equal(await outcome(count, real.id), 'refused', 'the altered webhook was acted on');
    // Genuinely signed, but another store's intent.
    count = refusals();
    assert.equal((await send(others.headers, others.body)).status, 200);
    assert.match(await outcome(count, others.id), new RegExp(`for intent ${foreign.json.id} of another store ignored`));
    assert.equal((await orders()).length, ordersBefore, 'none of them placed an order');

    // The real delivery places the order, once.
    assert.equal((await send(real.headers, real.body)).status, 200);
    const all = await ordersAtLeast(ordersBefore + 1);
    assert.equal(all.length, ordersBefore + 1);
    assert.ok(all.some((o) => o.payment_collections[0].payments[0]?.data.intentId === intent.id), 'the order of this cart');
  });

  test('an intent nobody pays expires: the cart cannot complete, and no order is placed', async () => {
    const cart = await medusa.cartReadyToPay();
    const session = await medusa.paydSession(cart);
    await eventually(async () => (await intentOf(session)).status === 'expired', { timeout: 60000, interval: 500, what: 'the intent expired' });
    const completed = await medusa.store('POST', `/carts/${cart.id}/complete`).catch((e) => e);
    assert.notEqual(completed.type, 'order', JSON.stringify(completed.json ?? completed));
    assert.equal((await orders()).length, 2, 'the two paid carts only');
  });

  test('an underpaid payment places no order: the session is held for the merchant', async () => {
    const cart = await medusa.cartReadyToPay();
    const session = await medusa.paydSession(cart);
    const intent = await intentOf(session);
    await pay(intent, { part: 2n });
    await eventually(async () => (await intentOf(session)).exception === 'underpaid', { what: 'the half payment seen' });
    // A chosen intent expires by chain time: a block stamped after expiresAt.
    await eventually(() => Date.now() > Date.parse(intent.expiresAt) + 1000, { timeout: 40000, interval: 200, what: 'expiresAt passed' });
    await chain.mine(1);
    await eventually(async () => (await intentOf(session)).status === 'failed', { what: 'the intent failed underpaid' });
    const completed = await medusa.store('POST', `/carts/${cart.id}/complete`).catch((e) => e);
    assert.notEqual(completed.type, 'order', JSON.stringify(completed.json ?? completed));
    assert.equal((await orders()).length, 2, 'the two paid carts only');
    const { cart: after } = await medusa.store('GET', `/carts/${cart.id}?fields=*payment_collection.payment_sessions`);
    const held = after.payment_collection.payment_sessions.find((s) => s.id === session.id);
    assert.equal(held.status, 'requires_more', JSON.stringify(held));
    assert.match(held.data.attention, /underpaid at expiry: decide in payd/);
  });

  test('a lost webhook loses no order: the customer completes the cart, and the provider reads payd', async () => {
    const endpoint = (enabled) => payd.request('PATCH', `/api/v1/webhook-endpoints/${hookId}`, { key: hooksKey, body: { enabled } });
    assert.equal((await endpoint(false)).status, 200);
    try {
      const cart = await medusa.cartReadyToPay();
      const session = await medusa.paydSession(cart);
      const intent = await intentOf(session);
      await pay(intent);
      await eventually(async () => (await intentOf(session)).status === 'paid', { what: 'the intent paid' });
      const completed = await medusa.store('POST', `/carts/${cart.id}/complete`);
      assert.equal(completed.type, 'order', JSON.stringify(completed));
      const all = await orders();
      assert.equal(all.length, 3, 'the two paid by webhook, and this one');
      assert.equal(all.find((o) => o.id === completed.order.id).payment_status, 'captured');
      assert.ok(!medusa.log.includes(`for intent ${intent.id}`), 'no webhook of this intent reached the store');
    } finally {
      assert.equal((await endpoint(true)).status, 200);
    }
  });

  test('a cart changed after its session was made: the old intent\'s amount places no order and shows as late in payd; the new intent places it', async () => {
    const before = (await orders()).length;
    const cart = await medusa.cartReadyToPay();
    const session = await medusa.paydSession(cart);
    const old = await intentOf(session);
    assert.equal(old.returnUrl, RETURN_URL.replace('{session_id}', session.id), 'the provider\'s returnUrl option');
    // The customer opened payd's page: the old exact amount is on it.
    const oldExact = await choose(old);
    // Then adds a second T-shirt: Medusa drops the cart's payment sessions, and the provider cancels the intent.
    await medusa.store('POST', `/carts/${cart.id}/line-items`, { variant_id: medusa.variant.id, quantity: 1 });
    const canceled = await eventually(async () => {
      const i = await intentOf(session);
      return i.canceledAt ? i : null;
    }, { what: 'the old intent canceled', context: () => medusa.log.slice(-2000) });
    assert.equal(canceled.status, 'expired');
    const { cart: changed } = await medusa.store('GET', `/carts/${cart.id}`);
    assert.equal(changed.total, 45);
    const fresh = await intentOf(await medusa.paydSession(changed));
    assert.notEqual(fresh.id, old.id);
    assert.deepEqual([fresh.amount, fresh.status], ['45.00', 'created']);

    // The payer sends the OLD exact amount anyway.
    await chain.payUsdc(PAYOUT, BigInt(oldExact));
    await chain.mine(1);
    const late = await eventually(async () => {
      const i = (await payd.request('GET', `/api/v1/payment-intents/${old.id}`, { key: shop.read.key })).json;
      return i.status === 'PAID' ? i : null;
    }, { what: 'the late payment confirmed in payd' });
    assert.deepEqual([late.exception, late.canceledAt], ['PAID_LATE', canceled.canceledAt], 'payd shows the merchant a late payment');
    // Its webhook reached the store, which logged the money and moved nothing.
    await eventually(() => medusa.log.includes(`money on canceled intent ${old.id}`), { what: 'the late payment logged by the store', context: () => medusa.log.slice(-2000) });
    assert.equal((await orders()).length, before, 'no order at the old amount');
    const completed = await medusa.store('POST', `/carts/${cart.id}/complete`).catch((e) => e);
    assert.notEqual(completed.type, 'order', JSON.stringify(completed.json ?? completed));

    // Paying the new intent places the order, at the new amount.
    await pay(fresh);
    const all = await ordersAtLeast(before + 1);
    assert.equal(all.length, before + 1);
    const order = all.find((o) => o.payment_collections[0].payments[0]?.data.intentId === fresh.id);
    assert.ok(order, 'the order is paid by the new intent');
    assert.equal(order.total, 45);
    assert.equal(order.payment_status, 'captured');
  });

  // DECISIONS §14: the store's EUR region is paid through payd as the USD one
  // is, the intent asking for the cart in euros.
  test("a cart in the EUR region is asked of payd in EUR, paid in USDC at payd's rate, and places the order", async () => {
    const before = (await orders()).length;
    const cart = await medusa.cartReadyToPay({ market: 'eu' });
    assert.deepEqual([cart.currency_code, cart.total], ['eur', 25], 'the T-shirt and its shipping, in euros');
    const session = await medusa.paydSession(cart);
    const intent = await intentOf(session);
    assert.deepEqual([intent.amount, intent.currency, intent.status], ['25.00', 'EUR', 'created']);
    assert.deepEqual([session.data.amount, session.data.currency], ['25.00', 'EUR']);

    // The customer chooses USDC on payd's page: 25.00 EUR x 1.08 USD/EUR =
    // 27.00 USD; USDC has 6 decimals and is pegged to USD: 27000000 units,
    // plus the exact-amount offset of one unit: 27000001.
    assert.equal(await choose(intent), '27000001');
    const priced = (await payd.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: shop.read.key })).json;
    assert.deepEqual([priced.price, priced.rate.value, priced.amountFormatted], [{ amount: '25.00', currency: 'EUR' }, '1.08', '27.000001']);
    await chain.payUsdc(PAYOUT, 27000001n);
    await chain.mine(1);

    const all = await ordersAtLeast(before + 1);
    assert.equal(all.length, before + 1);
    const order = all.find((o) => o.payment_collections[0].payments[0]?.data.intentId === intent.id);
    assert.ok(order, 'the order of this cart');
    assert.deepEqual([order.currency_code, order.total, order.payment_status], ['eur', 25, 'captured']);
    const payment = order.payment_collections[0].payments[0];
    assert.deepEqual([payment.provider_id, payment.currency_code, payment.data.amount, payment.data.currency], ['pp_payd_payd', 'eur', '25.00', 'EUR']);
    assert.match(payment.data.txHash, /^0x[0-9a-f]{64}$/);

    // A refund of 5 of the 25 EUR: what the merchant must send is in euros, in USDC.
    await medusa.admin('POST', `/payments/${payment.id}/refund`, { amount: 5 });
    const { payment: refunded } = await medusa.admin('GET', `/payments/${payment.id}?fields=id,data,*refunds`);
    const [asked] = refunded.data.refundRequests;
    // 5 EUR at the development rate of 1.08 US dollars, in USDC (pegged to USD): 5.4 USDC.
    assert.deepEqual([asked.amount, asked.currency, asked.send, asked.status], ['5.00', 'EUR', '5.4 USDC', 'address_needed']);
    const inPayd = (await payd.request('GET', `/api/v1/refunds/${asked.paydRefundId}`, { key: shop.read.key })).json;
    assert.deepEqual([inPayd.amount, inPayd.price, inPayd.rate.value], ['5400000', { amount: '5.00', currency: 'EUR' }, '1.08']);
  });
});
