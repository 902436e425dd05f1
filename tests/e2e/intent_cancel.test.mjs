// A merchant cancels an intent it no longer wants (DECISIONS §12: POST
// /v1/payment_intents/:id/cancel and /api/v1/payment-intents/:id/cancel,
// payments:write): a CREATED intent, chosen or not, is EXPIRED at once with
// canceledAt, its PAYMENT_EXPIRED delivered; a payment that still arrives is
// a late payment (DECISIONS §5: PAID_LATE, shown, never a normal PAID);
// PENDING, PAID and an expired intent are refused naming their status;
// another tenant's intent is a 404 as a read of it is; each cancel is in the
// audit log. And returnUrl on POST /v1/payment_intents (§12): stored, shown,
// checked like a link's, and the paid page goes back to it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { assertApiError, createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('canceling an intent', () => {
  let chain, payd, shop, other, account, receiver;
  const readApi = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const readV1 = async (id) => (await payd.request('GET', `/v1/payment_intents/${id}`, { key: shop.read.key })).json;
  const cancelApi = (id, key = shop.rw.key, body) => payd.request('POST', `/api/v1/payment-intents/${id}/cancel`, { key, body });
  const cancelV1 = (id, key = shop.rw.key, body) => payd.request('POST', `/v1/payment_intents/${id}/cancel`, { key, body });
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await readApi(id);
    return check(i) ? i : null;
  }, { what, timeout: 20000 });
  const newIntent = async (amountUsd = '7.00') => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const askV1 = async (body) => {
    const r = await payd.request('POST', '/v1/payment_intents', { key: shop.rw.key, body });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // The payer's choice on the hosted page (an intent asked on /v1).
  const choose = (id, option = '31337:USDC') => checkedFetch(`${payd.url}/pay/${id}`, {
    method: 'POST', redirect: 'manual', body: `option=${encodeURIComponent(option)}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
  });
  const eventsOf = async (id) => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data
    .filter((e) => e.data?.id === id).map((e) => e.type).reverse();
  const auditOf = async (id) => (await payd.request('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data
    .filter((a) => a.objectId === id);
  const hook = (id, type) => eventually(() => receiver.deliveries.find((d) => d.payload.type === type && d.payload.data?.id === id),
    { what: `${type} of ${id} delivered`, timeout: 20000 });

  before(async () => {
    chain = await startChain();
    // Two confirmations: a payment is PENDING until the next block.
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 2 })}` });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other shop' });
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  // Each stop whatever the one before did: no process outlives the file.
  after(async () => {
    try {
      await receiver?.close();
    } finally {
      try {
        await payd?.stopCleanly();
      } finally {
        try {
          await payd?.cleanup();
        } finally {
          await chain?.stop();
        }
      }
    }
  });

  test('/api/v1: a CREATED intent is EXPIRED at once with canceledAt, told by webhook, audited; a retry changes nothing', async () => {
    const pi = await newIntent();
    const from = Date.now();
    const r = await cancelApi(pi.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.status, 'EXPIRED');
    assert.match(r.json.canceledAt, ISO_MS);
    const at = Date.parse(r.json.canceledAt);
    assert.ok(at >= from - 1000 && at <= Date.now() + 1000, r.json.canceledAt);
    assert.equal(r.json.expiresAt, r.json.canceledAt, 'the late window runs from the cancel');
    assert.equal(r.json.amount, pi.amount, 'its exact amount stays its own');
    assert.deepEqual(await readApi(pi.id), r.json);
    const v1 = await readV1(pi.id);
    assert.deepEqual([v1.status, v1.canceledAt, v1.expiresAt], ['expired', r.json.canceledAt, r.json.canceledAt]);
    assert.equal((await readApi((await newIntent()).id)).canceledAt, null, 'null on an intent not canceled');

    const expired = await hook(pi.id, 'PAYMENT_EXPIRED');
    assert.ok(expired.ok, 'verified, and as docs/openapi.yaml describes it');
    assert.equal(expired.payload.data.status, 'EXPIRED');
    assert.equal(expired.payload.data.canceledAt, r.json.canceledAt);

    const again = await cancelApi(pi.id);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.json, r.json, 'a retry answers it as it is');
    assert.deepEqual(await eventsOf(pi.id), ['PAYMENT_CREATED', 'PAYMENT_EXPIRED'], 'no second event');
    const audit = await auditOf(pi.id);
    assert.equal(audit.length, 1, 'one audit entry for the cancel and its retry');
    assert.deepEqual([audit[0].action, audit[0].actor], ['payment_intent.cancel', shop.rw.id]);
    assert.deepEqual([audit[0].before.status, audit[0].before.canceledAt], ['CREATED', null]);
    assert.deepEqual([audit[0].after.status, audit[0].after.canceledAt], ['EXPIRED', r.json.canceledAt]);
  });

  test('the exact amount sent after the cancel is a late payment shown to the merchant, never a normal PAID', async () => {
    const pi = await newIntent('8.00');
    assert.equal((await cancelApi(pi.id)).status, 200);
    const tx = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    const paid = await waitFor(pi.id, (i) => i.status === 'PAID', 'the late payment confirmed');
    assert.equal(paid.exception, 'PAID_LATE');
    assert.equal(paid.txHash, tx.transactionHash);
    assert.ok(paid.canceledAt, 'still says it was canceled');
    const payments = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.equal(payments.find((p) => p.txHash === tx.transactionHash)?.intentId, pi.id, 'the money is the intent\'s, shown');
    const confirmed = await hook(pi.id, 'PAYMENT_CONFIRMED');
    assert.equal(confirmed.payload.data.exception, 'PAID_LATE');
    assert.deepEqual(await eventsOf(pi.id), ['PAYMENT_CREATED', 'PAYMENT_EXPIRED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED']);
    const v1 = await readV1(pi.id);
    assert.deepEqual([v1.status, v1.exception], ['paid', 'paid_late']);
    // A retry of the cancel now still answers it as it is.
    const again = await cancelV1(pi.id);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.status, 'paid');
  });

  test('/v1: an intent the payer has not chosen, and one chosen, are canceled; the account key may too', async () => {
    const unchosen = await askV1({ amount: '9.00', currency: 'USD' });
    const r = await cancelV1(unchosen.id, account.key);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.status, r.json.returnUrl], ['expired', null]);
    assert.match(r.json.canceledAt, ISO_MS);
    assert.equal(r.json.expiresAt, r.json.canceledAt);
    // The payer's page takes no choice any more.
    assert.equal((await choose(unchosen.id)).status, 303);
    assert.equal((await readApi(unchosen.id)).chainId, null);
    assert.equal((await auditOf(unchosen.id))[0]?.actor, account.id);

    const chosen = await askV1({ amount: '9.50', currency: 'USD', tokens: ['USDC'] });
    assert.equal((await choose(chosen.id)).status, 303);
    const exact = (await readApi(chosen.id)).amount;
    const c = await cancelV1(chosen.id);
    assert.equal(c.status, 200, c.text);
    assert.equal(c.json.status, 'expired');
    await chain.payUsdc(PAYOUT, BigInt(exact));
    await chain.mine(1);
    const late = await waitFor(chosen.id, (i) => i.status === 'PAID', 'the late payment of the chosen intent');
    assert.equal(late.exception, 'PAID_LATE');
  });

  test('money seen refuses the cancel: PENDING and PAID are 400s naming the status', async () => {
    const pi = await newIntent('6.00');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await waitFor(pi.id, (i) => i.status === 'PENDING', 'PENDING');
    for (const cancel of [cancelApi, cancelV1]) {
      const r = await cancel(pi.id);
      assertApiError(r, 400, 'invalid_request', 'id');
      assert.match(r.json.error.message, /is PENDING/);
    }
    await chain.mine(1);
    await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    for (const cancel of [cancelApi, cancelV1]) {
      const r = await cancel(pi.id);
      assertApiError(r, 400, 'invalid_request', 'id');
      assert.match(r.json.error.message, /is PAID/);
    }
    const paid = await readApi(pi.id);
    assert.deepEqual([paid.status, paid.exception, paid.canceledAt], ['PAID', null, null]);
    assert.deepEqual(await auditOf(pi.id), [], 'a refusal records nothing');
  });

  test('another tenant\'s intent is a 404, as a read of it is; the read-only key is a 403; a body field is a 400', async () => {
    const pi = await newIntent('5.50');
    const read = await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: other.read.key });
    assertApiError(read, 404, 'not_found');
    for (const cancel of [cancelApi, cancelV1]) {
      const r = await cancel(pi.id, other.rw.key);
      assertApiError(r, 404, 'not_found');
      assert.equal(r.json.error.message, read.json.error.message, 'the same answer as a read');
      assertApiError(await cancel('pi_nosuchintentatall', shop.rw.key), 404, 'not_found');
      assertApiError(await cancel(pi.id, shop.read.key), 403, 'insufficient_scope');
      assertApiError(await cancel(pi.id, null), 401, 'unauthorized');
      assertApiError(await cancel(pi.id, shop.rw.key, { reason: 'changed' }), 400, 'invalid_request', 'reason');
    }
    assert.equal((await readApi(pi.id)).status, 'CREATED', 'untouched');
    // An empty object is no field: canceled.
    assert.equal((await cancelApi(pi.id, shop.rw.key, {})).status, 200);
  });

  test('the CLI cancels with the same operation, audited as cli', async () => {
    const pi = await newIntent('4.50');
    const printed = payd.admin(['intent', 'cancel', pi.id]);
    assert.deepEqual([printed.status, printed.id], ['EXPIRED', pi.id]);
    assert.match(printed.canceledAt, ISO_MS);
    assert.equal((await auditOf(pi.id))[0].actor, 'cli');
  });

  test('returnUrl: stored, shown, checked like a link\'s; the paid page goes back to it', async () => {
    const body = { amount: '3.00', currency: 'USD', tokens: ['USDC'] };
    const url = 'https://shop.example/orders/42?from=payd';
    const pi = await askV1({ ...body, returnUrl: url });
    assert.equal(pi.returnUrl, url);
    assert.equal((await readV1(pi.id)).returnUrl, url);
    assert.equal((await askV1(body)).returnUrl, null, 'null when not asked');
    // Each refusal is the same ask as above, but for its returnUrl.
    for (const bad of ['ftp://shop.example/x', 'shop.example/orders', 'https://', '', `https://shop.example/${'a'.repeat(2030)}`, 5]) {
      const r = await payd.request('POST', '/v1/payment_intents', { key: shop.rw.key, body: { ...body, returnUrl: bad } });
      assertApiError(r, 400, 'invalid_request', 'returnUrl');
    }

    assert.equal((await choose(pi.id)).status, 303);
    const exact = (await readApi(pi.id)).amount;
    await chain.payUsdc(PAYOUT, BigInt(exact));
    await chain.mine(1);
    await waitFor(pi.id, (i) => i.status === 'PAID', 'paid');
    const page = await checkedFetch(`${payd.url}/pay/${pi.id}`, { headers: { Accept: 'text/html' } });
    const html = await page.text();
    assert.match(html, /data-return-url="https:\/\/shop\.example\/orders\/42\?from=payd"/);
    assert.match(html, /data-return-status="[^"]+"/, 'the paid page says it goes back');
  });
});

describe('an intent whose expiresAt has passed', () => {
  let payd, shop;

  before(async () => {
    payd = await startPayd({ config: '[intents]\nlifetime_s = 1\n' });
    shop = createMerchant(payd);
  });
  after(async () => {
    try {
      await payd?.stopCleanly();
    } finally {
      await payd?.cleanup();
    }
  });

  test('is not canceled: a 400 naming EXPIRED', async () => {
    const r = await payd.request('POST', '/v1/payment_intents', { key: shop.rw.key, body: { amount: '5.00', currency: 'USD' } });
    assert.equal(r.status, 201, r.text);
    await eventually(() => Date.now() > Date.parse(r.json.expiresAt) + 50, { timeout: 5000, what: 'expiresAt passed' });
    for (const path of [`/v1/payment_intents/${r.json.id}/cancel`, `/api/v1/payment-intents/${r.json.id}/cancel`]) {
      const refused = await payd.request('POST', path, { key: shop.rw.key });
      assertApiError(refused, 400, 'invalid_request', 'id');
      assert.match(refused.json.error.message, /is EXPIRED/);
    }
    const v1 = (await payd.request('GET', `/v1/payment_intents/${r.json.id}`, { key: shop.read.key })).json;
    assert.equal(v1.canceledAt, null);
  });
});
