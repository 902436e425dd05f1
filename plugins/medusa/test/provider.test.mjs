// The provider as Medusa's payment module calls it, against a real payd on a
// real chain (anvil), its webhooks delivered by payd to a receiver and handed
// to the provider as Medusa's webhook route would: a session's intent is
// created for the cart's amount, paid on chain, and the verified webhook
// captures the session; an irregular or foreign webhook never does. A refund
// is recorded as requested, never as sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chainConfig, eventually, PAYER, PAYOUT, startChain } from '../../../tests/e2e/lib/chain.mjs';
import { stopAll } from '../../../tests/e2e/lib/cleanup.mjs';
import { checkedFetch } from '../../../tests/e2e/lib/openapi.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from '../../../tests/e2e/lib/payd.mjs';
import { startReceiver } from '../../../tests/e2e/lib/receiver.mjs';
import { privateKeyToAccount } from 'viem/accounts';

import { PaydPaymentProviderService } from '../dist/index.js';

describe('the payd provider against payd', () => {
  let chain, payd, shop, receiver, provider, other, secret;
  const warnings = [];
  const logger = { warn: (m) => warnings.push(m), info: () => {} };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({
      // Intents live 15 s: long enough to be paid here, short enough to see one expire.
      // EUR is priced at a fixed development rate: 1.08 US dollars per euro.
      config: `[intents]\nlifetime_s = 15\n[rates]\nfixed = { EUR = "1.08" }\n[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1]\n${chainConfig(chain, { confirmations: 1 })}`,
    });
    shop = createMerchant(payd);
    receiver = await startReceiver();
    const hook = await payd.request('POST', '/v1/webhooks', { key: shop.key('webhooks:write').key, body: { url: receiver.url } });
    assert.equal(hook.status, 201, hook.text);
    secret = hook.json.secret;
    receiver.secrets = [secret];
    // The store's key: intents (payments:*) and refunds (refunds:write), as docs/plugins.md says.
    const options = { url: payd.url, apiKey: shop.key('payments:read,payments:write,refunds:write').key, webhookSecret: secret };
    provider = new PaydPaymentProviderService({ logger }, options);
    other = new PaydPaymentProviderService({ logger }, { ...options, storeId: 'another-shop' });
  });
  after(() => stopAll(() => receiver?.close?.(), () => payd?.close(), () => chain?.stop()));

  // The payer on the hosted page chooses USDC on the chain: the exact amount to send.
  async function choose(intentId) {
    const chose = await checkedFetch(`${payd.url}/pay/${intentId}`, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    assert.equal(chose.status, 303);
    return BigInt((await payd.request('GET', `/api/v1/payment-intents/${intentId}`, { key: shop.read.key })).json.amount);
  }
  // The payer on the hosted page: chooses USDC on the chain, then sends the
  // exact amount (or, having proved their wallet, a part of it).
  async function pay(intentId, { part } = {}) {
    const exact = await choose(intentId);
    if (part) {
      const proved = await proveSender(payd, shop.integration.id, intentId, PAYER);
      assert.equal(proved.status, 200, proved.text);
    }
    await chain.payUsdc(PAYOUT, part ? BigInt(exact) / part : BigInt(exact));
    await chain.mine(1);
  }
  const delivery = (intentId, type) => eventually(
    () => receiver.deliveries.find((d) => d.payload.type === type && d.payload.data.id === intentId),
    { what: `${type} of ${intentId} delivered` });
  const webhook = (d, p = provider) => p.getWebhookActionAndData({ data: d.payload, rawData: d.body, headers: d.headers });

  test('a session paid in full: created for the cart, captured by the verified webhook and by a read', async () => {
    const started = await provider.initiatePayment({ amount: 42.5, currency_code: 'usd', data: { session_id: 'payses_full' } });
    assert.match(started.id, /^pi_/);
    assert.equal(started.status, 'pending');
    assert.equal(started.data.checkoutUrl, `${payd.url}/pay/${started.id}`);
    const read = (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json;
    assert.deepEqual([read.amount, read.currency], ['42.50', 'USD'], 'the cart\'s amount, in cents');
    assert.deepEqual(read.metadata, { medusaStore: 'medusa', medusaSessionId: 'payses_full' });
    // Medusa retrying the same session asks for the same intent.
    const again = await provider.initiatePayment({ amount: '42.50', currency_code: 'usd', data: { session_id: 'payses_full' } });
    assert.equal(again.id, started.id);

    await pay(started.id);
    const confirmed = await delivery(started.id, 'PAYMENT_CONFIRMED');
    const result = await webhook(confirmed);
    assert.equal(result.action, 'captured');
    assert.equal(result.data.session_id, 'payses_full');
    assert.equal(Number(result.data.amount), 42.5);
    const status = await provider.getPaymentStatus({ data: started.data });
    assert.equal(status.status, 'captured', 'a lost webhook loses no order');
    assert.equal((await provider.authorizePayment({ data: started.data })).status, 'captured');
    // The same delivery again (a replay within its 5 minutes) maps to the same
    // action; Medusa's session is captured already, so nothing happens twice.
    assert.equal((await webhook(confirmed)).action, 'captured');

    // The merchant refunds 10 of the 42.50 from Medusa's admin: a payd refund
    // (/v1/refunds), waiting for the customer's address (the payer's wallet is
    // not known for sure), with the link to send the customer.
    const paid = (await provider.authorizePayment({ data: started.data })).data;
    const refund = { amount: 10, data: paid, context: { idempotency_key: 'ref_one' } };
    const refunded = (await provider.refundPayment(refund)).data;
    assert.equal(refunded.refundRequests.length, 1);
    const [asked] = refunded.refundRequests;
    assert.deepEqual([asked.refundId, asked.amount, asked.currency, asked.status, asked.send], ['ref_one', '10.00', 'USD', 'address_needed', '10 USDC']);
    assert.match(asked.paydRefundId, /^re_/);
    const inPayd = (await payd.request('GET', `/api/v1/refunds/${asked.paydRefundId}`, { key: shop.read.key })).json;
    assert.deepEqual([inPayd.amount, inPayd.intentId, inPayd.status], ['10000000', started.id, 'address_needed']);
    assert.match(asked.addressPageUrl, /\/refund\/[A-Za-z0-9_-]{43}$/);
    assert.ok(warnings.some((w) => w.includes(`refund ref_one is payd refund ${asked.paydRefundId}`) && w.includes(asked.addressPageUrl)), warnings.join('\n'));
    // Medusa retrying the same refund gets the same payd refund; a second refund is a second one.
    const retried = (await provider.refundPayment({ ...refund, data: refunded })).data;
    assert.equal(retried.refundRequests.length, 1);
    assert.equal(retried.refundRequests[0].paydRefundId, asked.paydRefundId);
    const twice = (await provider.refundPayment({ amount: '2.5', data: retried, context: { idempotency_key: 'ref_two' } })).data;
    assert.deepEqual(twice.refundRequests.map((r) => [r.refundId, r.amount]), [['ref_one', '10.00'], ['ref_two', '2.50']]);

    // The customer gives an address on the page; the payout wallet sends it; a later read of
    // the payment shows it confirmed, as payd saw it on chain.
    const page = new URL(asked.addressPageUrl).pathname;
    const form = new URLSearchParams({ address: PAYER.address, address_again: PAYER.address }).toString();
    assert.equal((await payd.request('POST', page, { rawBody: form, headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' } })).status, 200);
    const ready = (await payd.request('GET', `/api/v1/refunds/${asked.paydRefundId}`, { key: shop.read.key })).json;
    const payout = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');  // anvil #2: PAYOUT
    await chain.wallet(payout).sendTransaction({ to: ready.transfer.to, data: ready.transfer.data });
    await chain.mine(1);
    const followed = await eventually(async () => {
      const data = (await provider.retrievePayment({ data: twice })).data;
      return data.refundRequests[0].status === 'confirmed' ? data : null;
    }, { what: 'the refund confirmed in the payment data', timeout: 20000 });
    assert.equal(followed.refundRequests[0].to, PAYER.address);
    assert.match(followed.refundRequests[0].txHash, /^0x[0-9a-f]{64}$/);
    assert.equal(followed.refundRequests[1].status, 'address_needed', 'the second, untouched');
  });

  test('a session nobody pays is canceled when its intent expires', async () => {
    const started = await provider.initiatePayment({ amount: 10, currency_code: 'usd', data: { session_id: 'payses_late' } });
    const expired = await eventually(
      () => receiver.deliveries.find((d) => d.payload.type === 'PAYMENT_EXPIRED' && d.payload.data.id === started.id),
      { timeout: 40000, what: 'the intent expired' });
    assert.equal((await webhook(expired)).action, 'canceled');
    assert.equal((await provider.getPaymentStatus({ data: started.data })).status, 'canceled');
  });

  test('an underpaid session is never captured: pending while the payer may send the rest, held for the merchant at expiry', async () => {
    const started = await provider.initiatePayment({ amount: 10, currency_code: 'usd', data: { session_id: 'payses_short' } });
    await pay(started.id, { part: 2n });
    const pending = await delivery(started.id, 'PAYMENT_PENDING');
    assert.equal((await webhook(pending)).action, 'pending');
    const meanwhile = await provider.getPaymentStatus({ data: started.data });
    assert.deepEqual([meanwhile.status, meanwhile.data.exception], ['pending', 'underpaid']);
    // A chosen intent expires by chain time: a block stamped after expiresAt.
    const expiresAt = Date.parse(meanwhile.data.expiresAt ?? (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json.expiresAt);
    await eventually(() => Date.now() > expiresAt + 1000, { timeout: 40000, interval: 200, what: 'expiresAt passed' });
    await chain.mine(1);
    const failed = await delivery(started.id, 'PAYMENT_FAILED');
    assert.equal((await webhook(failed)).action, 'requires_more');
    const held = await provider.getPaymentStatus({ data: started.data });
    assert.equal(held.status, 'requires_more');
    assert.match(held.data.attention, /underpaid at expiry: decide in payd/);
  });

  // Each refusal is of a delivery the provider would act on were it genuine
  // (a PAYMENT_CONFIRMED of a paid intent: captured, checked last), so that
  // each fails if its check were skipped.
  test('a bad signature, another store\'s intent, and a delivery altered on the way are refused and logged', async () => {
    const started = await provider.initiatePayment({ amount: 3, currency_code: 'usd', data: { session_id: 'payses_x' } });
    await pay(started.id);
    const confirmed = await delivery(started.id, 'PAYMENT_CONFIRMED');
    assert.deepEqual([confirmed.payload.data.status, confirmed.payload.data.amount], ['paid', '3.00']);
    const refusals = () => warnings.filter((w) => w.includes('payd webhook refused')).length;
    const before = refusals();
    const forged = { ...confirmed, headers: { ...confirmed.headers, 'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64') } };
    assert.equal((await webhook(forged)).action, 'not_supported', 'a forged signature');
    assert.equal(refusals(), before + 1, warnings.join('\n'));
    const altered = { ...confirmed, body: confirmed.body.replace('"3.00"', '"0.01"') };
    assert.notEqual(altered.body, confirmed.body);
    assert.equal((await webhook(altered)).action, 'not_supported', 'a body altered on the way');
    assert.equal(refusals(), before + 2, warnings.join('\n'));
    // Another store on the same payd account takes nothing of this store's.
    assert.equal((await webhook(confirmed, other)).action, 'not_supported', 'another store\'s intent');
    await assert.rejects(other.getPaymentStatus({ data: started.data }), /belongs to another store/);
    // The very delivery, genuine and this store's, is acted on.
    const genuine = await webhook(confirmed);
    assert.deepEqual([genuine.action, genuine.data.session_id], ['captured', 'payses_x']);
  });

  // Issue 35: a payer's key-less intent may carry any metadata, this store's
  // marks included; paid, its webhook must capture no session.
  test("a payer's key-less intent marked as this store's captures nothing", async () => {
    const forged = await createIntent(payd, shop.integration.id, {
      amount_usd: '2.00', currency: 'USDC', chainId: 31337, metadata: { medusaStore: 'medusa', medusaSessionId: 'payses_forged' },
    });
    assert.equal(forged.status, 201, forged.text);
    await chain.payUsdc(PAYOUT, BigInt(forged.json.amount));
    await chain.mine(1);
    const confirmed = await delivery(forged.json.id, 'PAYMENT_CONFIRMED');
    assert.equal(confirmed.payload.data.createdVia, 'public');
    assert.equal(confirmed.payload.data.metadata.medusaStore, 'medusa', 'the payer set it');
    assert.equal((await webhook(confirmed)).action, 'not_supported');
  });

  // DECISIONS §12's cancel, from the provider: a session whose amount changes
  // cancels its intent and asks for a new one under the same session; the
  // old one's exact amount paid anyway is a late payment in payd, which
  // moves nothing in Medusa and is recorded on the session's data.
  test('a cart whose amount changes: the old intent canceled, a new one for the session; paying the old amount captures nothing', async () => {
    const started = await provider.initiatePayment({ amount: 20, currency_code: 'usd', data: { session_id: 'payses_change' } });
    const oldExact = await choose(started.id);
    const updated = await provider.updatePayment({ amount: 30, currency_code: 'usd', data: started.data });
    const freshId = updated.data.intentId;
    assert.notEqual(freshId, started.id);
    assert.deepEqual(updated.data.replacedIntents, [started.id]);
    assert.deepEqual([updated.data.amount, updated.data.sessionId], ['30.00', 'payses_change']);
    const old = (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json;
    assert.equal(old.status, 'expired');
    assert.match(old.canceledAt, /Z$/);
    const fresh = (await payd.request('GET', `/v1/payment_intents/${freshId}`, { key: shop.read.key })).json;
    assert.deepEqual([fresh.amount, fresh.status, fresh.metadata.medusaSessionId], ['30.00', 'created', 'payses_change']);
    // The same amount again keeps the intent; Medusa retrying the change gets the same new one.
    assert.equal((await provider.updatePayment({ amount: '30.00', currency_code: 'usd', data: updated.data })).data.intentId, freshId);
    assert.equal((await provider.updatePayment({ amount: 30, currency_code: 'usd', data: started.data })).data.intentId, freshId);

    // The payer, on the old page, sends the old exact amount.
    await chain.payUsdc(PAYOUT, oldExact);
    await chain.mine(1);
    const late = await delivery(started.id, 'PAYMENT_CONFIRMED');
    assert.deepEqual([late.payload.data.status, late.payload.data.exception], ['paid', 'paid_late']);
    assert.equal((await webhook(late)).action, 'not_supported', 'never captures the session at the old amount');
    assert.ok(warnings.some((w) => w.includes(`money on canceled intent ${started.id} of session payses_change`)), warnings.join('\n'));
    // The session still waits for its own intent, and its data shows the money.
    const status = await provider.getPaymentStatus({ data: updated.data });
    assert.equal(status.status, 'pending');
    assert.equal(status.data.intentId, freshId);
    const [recorded] = status.data.replacedIntentPayments;
    assert.deepEqual([recorded.intentId, recorded.status, recorded.exception, recorded.txHash], [started.id, 'paid', 'paid_late', late.payload.data.txHash]);
    assert.match(recorded.note, /does not pay the session/);

    // Paying the new intent (within its 15 s) completes the session, at the new amount.
    await pay(freshId);
    const captured = await webhook(await delivery(freshId, 'PAYMENT_CONFIRMED'));
    assert.deepEqual([captured.action, captured.data.session_id, Number(captured.data.amount)], ['captured', 'payses_change', 30]);
    const paid = await provider.authorizePayment({ data: status.data });
    assert.equal(paid.status, 'captured');
    assert.deepEqual(paid.data.replacedIntentPayments, status.data.replacedIntentPayments, 'kept by later reads');

    // The merchant accepting the late payment in payd moves nothing here either.
    const resolved = await payd.request('POST', `/api/v1/payment-intents/${started.id}/resolve`, { key: shop.rw.key, body: { outcome: 'paid', note: 'kept' } });
    assert.equal(resolved.status, 200, resolved.text);
    assert.equal((await webhook(await delivery(started.id, 'PAYMENT_RESOLVED'))).action, 'not_supported');
  });

  test('the old amount asked again gets a new intent, never the canceled one; money seen refuses a change', async () => {
    const a = await provider.initiatePayment({ amount: 11, currency_code: 'usd', data: { session_id: 'payses_back' } });
    const b = await provider.updatePayment({ amount: 12, currency_code: 'usd', data: a.data });
    const again = await provider.updatePayment({ amount: 11, currency_code: 'usd', data: b.data });
    assert.ok(![a.data.intentId, b.data.intentId].includes(again.data.intentId), 'a third intent');
    assert.deepEqual(again.data.replacedIntents, [a.data.intentId, b.data.intentId]);
    assert.equal((await payd.request('GET', `/v1/payment_intents/${again.data.intentId}`, { key: shop.read.key })).json.status, 'created');

    await chain.payUsdc(PAYOUT, await choose(again.data.intentId));
    await eventually(async () => (await payd.request('GET', `/v1/payment_intents/${again.data.intentId}`, { key: shop.read.key })).json.status !== 'created',
      { what: 'the payment seen' });
    await assert.rejects(provider.updatePayment({ amount: 13, currency_code: 'usd', data: again.data }), /a payment was seen, so its amount cannot change now/);
  });

  test('cancelPayment and deletePayment cancel the intent; one with money is left as it is, with a warning', async () => {
    for (const [call, session] of [['cancelPayment', 'payses_cancel'], ['deletePayment', 'payses_delete']]) {
      const started = await provider.initiatePayment({ amount: 4, currency_code: 'usd', data: { session_id: session } });
      const out = await provider[call]({ data: started.data });
      assert.deepEqual([out.data.intentId, out.data.paydStatus, out.data.sessionStatus], [started.id, 'expired', 'canceled']);
      const read = (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json;
      assert.equal(read.status, 'expired');
      assert.ok(read.canceledAt, `${call} canceled it`);
      const expired = await delivery(started.id, 'PAYMENT_EXPIRED');
      assert.equal((await webhook(expired)).action, 'not_supported', 'its own cancel moves nothing');
      // Called again (Medusa retrying): the same.
      assert.equal((await provider[call]({ data: started.data })).data.paydStatus, 'expired');
    }
    const paid = await provider.initiatePayment({ amount: 4.5, currency_code: 'usd', data: { session_id: 'payses_paid_delete' } });
    await pay(paid.id);
    await eventually(async () => (await payd.request('GET', `/v1/payment_intents/${paid.id}`, { key: shop.read.key })).json.status === 'paid', { what: 'paid' });
    const out = await provider.deletePayment({ data: paid.data });
    assert.equal(out.data.paydStatus, 'paid');
    assert.ok(warnings.some((w) => w.includes(`intent ${paid.id} of session payses_paid_delete is paid`)), warnings.join('\n'));
    assert.equal((await payd.request('GET', `/v1/payment_intents/${paid.id}`, { key: shop.read.key })).json.canceledAt, null);
  });

  test('the returnUrl option goes with each intent, for payd\'s page to send the customer back', async () => {
    const withReturn = new PaydPaymentProviderService({ logger }, {
      url: payd.url, apiKey: shop.rw.key, webhookSecret: secret, returnUrl: 'https://shop.example/order/confirmed?cart={cart_id}&session={session_id}',
    });
    const started = await withReturn.initiatePayment({ amount: 6, currency_code: 'usd', data: { session_id: 'payses_ret', cart_id: 'cart_01 x' } });
    const read = (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json;
    assert.equal(read.returnUrl, 'https://shop.example/order/confirmed?cart=cart_01%20x&session=payses_ret');
    // Without the cart's id the URL cannot be made: no returnUrl, and a warning says why.
    const bare = await withReturn.initiatePayment({ amount: 6, currency_code: 'usd', data: { session_id: 'payses_ret2' } });
    assert.equal((await payd.request('GET', `/v1/payment_intents/${bare.id}`, { key: shop.read.key })).json.returnUrl, null);
    assert.ok(warnings.some((w) => w.includes('session payses_ret2 has no cart id')), warnings.join('\n'));
  });

  // DECISIONS §14: a cart in any currency payd prices in is asked in that
  // currency; payd converts it when the payer chooses a token.
  test('a cart in EUR is priced in EUR: paid in USDC at the rate, captured, and refunded in EUR', async () => {
    const started = await provider.initiatePayment({ amount: 25, currency_code: 'eur', data: { session_id: 'payses_eur' } });
    assert.deepEqual([started.data.amount, started.data.currency], ['25.00', 'EUR']);
    const read = (await payd.request('GET', `/v1/payment_intents/${started.id}`, { key: shop.read.key })).json;
    assert.deepEqual([read.amount, read.currency], ['25.00', 'EUR'], "the cart's amount, in its currency");
    // 25.00 EUR x 1.08 USD/EUR = 27.00 USD; USDC (6 decimals, pegged to USD)
    // 27.00 -> 27000000 units, plus the exact-amount offset of one unit: 27000001.
    assert.equal(await choose(started.id), 27000001n);
    const asked = (await payd.request('GET', `/api/v1/payment-intents/${started.id}`, { key: shop.read.key })).json;
    assert.deepEqual(asked.price, { amount: '25.00', currency: 'EUR' });
    assert.equal(asked.rate.value, '1.08');
    await chain.payUsdc(PAYOUT, 27000001n);
    await chain.mine(1);
    const result = await webhook(await delivery(started.id, 'PAYMENT_CONFIRMED'));
    assert.deepEqual([result.action, result.data.session_id, Number(result.data.amount)], ['captured', 'payses_eur', 25]);
    const paid = await provider.authorizePayment({ data: started.data });
    assert.equal(paid.status, 'captured');
    // The merchant refunds 5 of the 25 EUR: what to send is in EUR, in USDC.
    const [refund] = (await provider.refundPayment({ amount: 5, data: paid.data, context: { idempotency_key: 'ref_eur' } })).data.refundRequests;
    // 5 EUR at the fixed development rate of 1.08 US dollars, in USDC: 5.4.
    assert.deepEqual([refund.amount, refund.currency, refund.send, refund.status], ['5.00', 'EUR', '5.4 USDC', 'address_needed']);
    assert.ok(warnings.some((w) => w.includes(`refund ref_eur is payd refund ${refund.paydRefundId} (5.00 EUR, 5.4 USDC)`)), warnings.join('\n'));
  });

  test('a cart in a currency payd does not price, and a refund of a session nothing paid, are refused', async () => {
    for (const [amount, code] of [[5.125, 'bhd'], [5, 'chf']]) {
      const currency = code.toUpperCase();
      await assert.rejects(provider.initiatePayment({ amount, currency_code: code, data: { session_id: `payses_${code}` } }), (e) => {
        assert.equal(e.type, 'invalid_data');
        // payd's own message, naming the currencies it prices in.
        assert.equal(e.message, `payd: carts in ${currency} cannot be paid with payd: currency must be a currency payd prices in (EUR, USD) ` +
          `or one of this integration's tokens (${currency} is neither).`);
        return true;
      });
    }
    const unpaid = await provider.initiatePayment({ amount: 5, currency_code: 'usd', data: { session_id: 'payses_unpaid' } });
    await assert.rejects(provider.refundPayment({ amount: 5, data: unpaid.data, context: { idempotency_key: 'ref_x' } }),
      new RegExp(`intent ${unpaid.id} shows no payment to refund`));
  });
});
