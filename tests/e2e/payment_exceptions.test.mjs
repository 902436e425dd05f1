// The merchant decides (DECISIONS §5, issue 17 item 2), on a real chain: a sender hint the
// merchant sets is trusted (rule 2) and takes the payer's transfer, even one already kept
// unmatched; an unmatched payment is attached to an intent by hand; an underpaid, overpaid or late
// intent is resolved as paid or not, with a note. Each emits the events of what it moved and, for
// a resolution, PAYMENT_RESOLVED, delivered as verified webhooks; each is in the audit log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

// anvil's development mnemonic: public test keys, never real funds. A wallet per test, so that
// no hint of one test catches another's transfers.
const wallet = (index) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });

describe('the merchant decides', () => {
  let chain, payd, shop, account, receiver;
  const get = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await get(id);
    return check(i) ? i : null;
  }, { what, timeout: 20000 });
  const paymentOf = (txHash) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    return list.find((p) => p.txHash === txHash);
  }, { what: `the payment of ${txHash}`, timeout: 20000 });
  const newIntent = async (amountUsd = '5.00') => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const funded = async (index) => {
    const a = wallet(index);
    await chain.call(chain.usdc, 'mint', [a.address, parseUnits('1000', 6)]);
    return a;
  };
  const post = (path, body, key = shop.rw.key) => payd.request('POST', path, { key, body });
  const hint = (id, address) => post(`/api/v1/payment-intents/${id}/sender-hint`, { address });
  const resolve = (id, body) => post(`/api/v1/payment-intents/${id}/resolve`, body);
  const hooksOf = (id) => receiver.deliveries.filter((d) => d.payload.data?.id === id).map((d) => d.payload.type);
  const auditOf = async (id) => (await payd.request('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data.filter((a) => a.objectId === id);

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 1 })}` });
    shop = createMerchant(payd);
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test('a hint the merchant sets takes the payer\'s transfer, also one already kept unmatched', async () => {
    const payer = await funded(6);
    const pi = await newIntent('5.00');
    // The payer rounds up: not the exact amount, so no rule matches it.
    const tx = await chain.payUsdc(PAYOUT, parseUnits('5.1', 6), { from: payer });
    const kept = await paymentOf(tx.transactionHash);
    assert.equal(kept.intentId, null, 'kept unmatched');

    const r = await hint(pi.id, payer.address.toLowerCase());
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.senderHint, payer.address, 'EIP-55');
    assert.equal(r.json.senderHintSource, 'merchant');
    const paid = await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    assert.equal(paid.txHash, tx.transactionHash);
    assert.equal(paid.exception, 'OVERPAID');
    assert.equal((await paymentOf(tx.transactionHash)).intentId, pi.id);
    await eventually(() => ['PAYMENT_PENDING', 'PAYMENT_CONFIRMED'].every((t) => hooksOf(pi.id).includes(t)), { what: 'the webhooks' });
    const [entry] = await auditOf(pi.id);
    assert.equal(entry.action, 'payment_intent.sender_hint');
    assert.equal(entry.actor, shop.rw.id);
    assert.equal(entry.after.senderHint, payer.address);
  });

  test('an underpaid intent resolved as paid: PAID with its note, PAYMENT_CONFIRMED then PAYMENT_RESOLVED', async () => {
    const payer = await funded(7);
    const pi = await newIntent('10.00');
    assert.equal((await hint(pi.id, payer.address)).status, 200);
    await chain.payUsdc(PAYOUT, parseUnits('9.5', 6), { from: payer });
    const short = await waitFor(pi.id, (i) => i.exception === 'UNDERPAID', 'UNDERPAID');
    assert.equal(short.status, 'PENDING');

    const r = await resolve(pi.id, { outcome: 'paid', note: 'Customer paid the fee in cash' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.status, 'PAID');
    assert.equal(r.json.exception, 'UNDERPAID', 'what was irregular stays said');
    assert.equal(r.json.resolution.outcome, 'paid');
    assert.equal(r.json.resolution.note, 'Customer paid the fee in cash');
    assert.equal(r.json.resolution.resolvedBy, shop.rw.id);
    assert.ok(r.json.confirmedAt);
    // Both delivered (in whatever order they arrive: deliveries run side by side), and the
    // events list, in the order they happened, says CONFIRMED came first.
    await eventually(() => ['PAYMENT_CONFIRMED', 'PAYMENT_RESOLVED'].every((t) => hooksOf(pi.id).includes(t)), { what: 'both webhooks' });
    const events = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data
      .filter((e) => e.data.id === pi.id).map((e) => e.type).reverse();
    assert.deepEqual(events.slice(-2), ['PAYMENT_CONFIRMED', 'PAYMENT_RESOLVED']);
    const resolved = receiver.deliveries.find((d) => d.payload.type === 'PAYMENT_RESOLVED' && d.payload.data.id === pi.id);
    assert.ok(resolved.ok, 'verified, and described by the OpenAPI webhooks');
    assert.equal(resolved.payload.data.resolution.outcome, 'paid');
    const v1 = (await payd.request('GET', `/v1/payment_intents/${pi.id}`, { key: shop.read.key })).json;
    assert.equal(v1.status, 'paid');
    assert.equal(v1.resolution.note, 'Customer paid the fee in cash');

    // The same decision again answers it as it is; the other one is refused.
    const again = await resolve(pi.id, { outcome: 'paid', note: 'Customer paid the fee in cash' });
    assert.equal(again.status, 200);
    assert.deepEqual(again.json.resolution, r.json.resolution);
    assertApiError(await resolve(pi.id, { outcome: 'not_paid' }), 400, 'invalid_request', 'outcome');
    assert.deepEqual((await auditOf(pi.id)).map((a) => a.action), ['payment_intent.resolve', 'payment_intent.sender_hint']);
  });

  test('resolved as not paid: FAILED, and the payer\'s next transfer stays unmatched for the merchant to see', async () => {
    const payer = await funded(8);
    const pi = await newIntent('8.00');
    await hint(pi.id, payer.address);
    await chain.payUsdc(PAYOUT, parseUnits('2', 6), { from: payer });
    await waitFor(pi.id, (i) => i.exception === 'UNDERPAID', 'UNDERPAID');
    const r = await resolve(pi.id, { outcome: 'not_paid', note: 'Refunded 2 USDC' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.status, 'FAILED');
    await eventually(() => ['PAYMENT_FAILED', 'PAYMENT_RESOLVED'].every((t) => hooksOf(pi.id).includes(t)), { what: 'the webhooks' });

    const tx = await chain.payUsdc(PAYOUT, parseUnits('6', 6), { from: payer });
    const later = await paymentOf(tx.transactionHash);
    assert.equal(later.intentId, null, 'a resolved intent takes no new transfer');
    const after = await get(pi.id);
    assert.equal(after.status, 'FAILED');
    assert.equal(after.amountReceived, '2000000');
  });

  test('an unmatched payment attached by hand pays the intent by the ledger\'s rules', async () => {
    const payer = await funded(9);
    const pi = await newIntent('3.00');
    const tx = await chain.payUsdc(PAYOUT, parseUnits('3.5', 6), { from: payer });
    const kept = await paymentOf(tx.transactionHash);
    assert.equal(kept.intentId, null);

    const r = await post(`/api/v1/payments/${kept.id}/attach`, { intentId: pi.id });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.intentId, pi.id);
    const paid = await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    assert.equal(paid.exception, 'OVERPAID');
    assert.equal(paid.amountReceived, '3500000');
    const [entry] = await auditOf(kept.id);
    assert.equal(entry.action, 'payment.attach');
    assert.equal(entry.after.status, 'PAID');

    // Overpaid: the merchant may still decide, and the overpayment is recorded with the note.
    const settled = await resolve(pi.id, { outcome: 'paid', note: 'Keeping 0.50 as a tip' });
    assert.equal(settled.json.status, 'PAID');
    assert.equal(settled.json.resolution.note, 'Keeping 0.50 as a tip');
    const events = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data.filter((e) => e.data.id === pi.id);
    assert.equal(events.filter((e) => e.type === 'PAYMENT_CONFIRMED').length, 1, 'it was PAID already: no second PAYMENT_CONFIRMED');
    assert.equal(events[0].type, 'PAYMENT_RESOLVED');
  });

  test('what cannot be decided is refused, naming the field, and nothing changes', async () => {
    const pi = await newIntent('4.00');
    assertApiError(await resolve(pi.id, { outcome: 'paid' }), 400, 'invalid_request', 'id');
    assertApiError(await resolve(pi.id, { outcome: 'maybe' }), 400, 'invalid_request', 'outcome');
    assertApiError(await resolve(pi.id, {}), 400, 'invalid_request', 'outcome');
    assertApiError(await resolve(pi.id, { outcome: 'paid', note: 'n'.repeat(1001) }), 400, 'invalid_request', 'note');
    assertApiError(await resolve(pi.id, { outcome: 'paid', reason: 'x' }), 400, 'invalid_request', 'reason');
    assertApiError(await hint(pi.id, '0x1234'), 400, 'invalid_request', 'address');
    const mixed = wallet(15).address;
    assertApiError(await hint(pi.id, mixed.slice(0, 2) + mixed.slice(2).replace(/[a-f]/, (c) => c.toUpperCase())), 400, 'invalid_request', 'address');
    assertApiError(await resolve('pi_nosuchintent', { outcome: 'paid' }), 404, 'not_found');

    // A paid intent waits for nothing: its hint cannot change.
    const payer = await funded(3);
    const tx = await chain.payUsdc(PAYOUT, BigInt(pi.amount), { from: payer });
    await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    assertApiError(await hint(pi.id, payer.address), 409, 'intent_not_waiting');

    const ethTx = await chain.payEth(PAYOUT, '0.0001', { from: payer });
    const eth = await paymentOf(ethTx.transactionHash);
    const other = await newIntent('1.00');
    assertApiError(await post(`/api/v1/payments/${eth.id}/attach`, { intentId: other.id }), 400, 'invalid_request', 'intentId');
    const matched = await paymentOf(tx.transactionHash);
    assertApiError(await post(`/api/v1/payments/${matched.id}/attach`, { intentId: other.id }), 400, 'invalid_request', 'id');
    assertApiError(await post(`/api/v1/payments/${eth.id}/attach`, { intentId: 'pi_nosuchintent' }), 400, 'invalid_request', 'intentId');
    assertApiError(await post(`/api/v1/payments/${eth.id}/attach`, {}), 400, 'invalid_request', 'intentId');
    assertApiError(await post('/api/v1/payments/pay_nosuchpayment/attach', { intentId: other.id }), 404, 'not_found');
    assert.equal((await paymentOf(ethTx.transactionHash)).intentId, null);
    assert.equal((await get(other.id)).status, 'CREATED');
  });

  test('the CLI decides on the same operations, as cli in the audit log', async () => {
    const payer = await funded(5);
    const pi = await newIntent('6.00');
    const hinted = payd.admin(['intent', 'sender-hint', pi.id, '--address', payer.address]);
    assert.equal(hinted.senderHintSource, 'merchant');
    // An amount no other intent of this suite asks for exactly (rule 1 comes before the hint).
    await chain.payUsdc(PAYOUT, parseUnits('1.25', 6), { from: payer });
    await waitFor(pi.id, (i) => i.exception === 'UNDERPAID', 'UNDERPAID');
    const resolved = payd.admin(['intent', 'resolve', pi.id, '--outcome', 'not_paid', '--note', 'Refunded']);
    assert.equal(resolved.status, 'FAILED');
    assert.equal(resolved.resolution.resolvedBy, 'cli');
    const bad = payd.adminRaw(['intent', 'resolve', pi.id, '--outcome', 'paid']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^error: --outcome: .*not paid already/);
    assert.deepEqual((await auditOf(pi.id)).map((a) => [a.action, a.actor]),
      [['payment_intent.resolve', 'cli'], ['payment_intent.sender_hint', 'cli']]);
  });

  test('payments:read may not decide; another tenant\'s objects are 404', async () => {
    const pi = await newIntent('2.00');
    // payments:write reaches the rules (nothing to resolve here); payments:read does not.
    assertApiError(await resolve(pi.id, { outcome: 'paid' }), 400, 'invalid_request', 'id');
    assertApiError(await post(`/api/v1/payment-intents/${pi.id}/resolve`, { outcome: 'paid' }, shop.read.key), 403, 'insufficient_scope');
    assertApiError(await post(`/api/v1/payment-intents/${pi.id}/sender-hint`, { address: wallet(17).address }, shop.read.key), 403, 'insufficient_scope');
    const other = createMerchant(payd, { name: 'Other', payout: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' });
    assertApiError(await post(`/api/v1/payment-intents/${pi.id}/sender-hint`, { address: wallet(17).address }, other.rw.key), 404, 'not_found');
    assert.equal((await get(pi.id)).senderHint, null);
  });

  // Another tenant's key on this tenant's payment or intent: 404 not_found, nothing changed on
  // either side (DECISIONS §1); the owner's same call then succeeds.
  const elsewhere = () => createMerchant(payd, { name: `Elsewhere ${Date.now()}`, payout: '0x1111111111111111111111111111111111111111' });
  const unmatchedWithIntent = async (index, price, paid) => {
    const payer = await funded(index);
    const pi = await newIntent(price);
    const tx = await chain.payUsdc(PAYOUT, parseUnits(paid, 6), { from: payer });
    const kept = await paymentOf(tx.transactionHash);
    assert.equal(kept.intentId, null, 'kept unmatched');
    return { pi, kept, tx };
  };

  test("attach: another tenant's key is 404 on this payment, this key knows no intent of theirs; the owner attaches", async () => {
    const them = elsewhere();
    const theirs = await createIntent(payd, them.integration.id, { amount_usd: '2.75', currency: 'USDC', chainId: 31337 });
    assert.equal(theirs.status, 201, theirs.text);
    const { pi, kept, tx } = await unmatchedWithIntent(4, '2.75', '2.8');
    assertApiError(await post(`/api/v1/payments/${kept.id}/attach`, { intentId: pi.id }, them.rw.key), 404, 'not_found');
    assertApiError(await post(`/api/v1/payments/${kept.id}/attach`, { intentId: theirs.json.id }, them.rw.key), 404, 'not_found');
    // Their intent, named in this tenant's call, is as unknown as one that does not exist.
    assertApiError(await post(`/api/v1/payments/${kept.id}/attach`, { intentId: theirs.json.id }), 400, 'invalid_request', 'intentId');
    assert.equal((await paymentOf(tx.transactionHash)).intentId, null, 'the payment still unmatched');
    assert.equal((await get(pi.id)).status, 'CREATED');
    const theirsNow = (await payd.request('GET', `/api/v1/payment-intents/${theirs.json.id}`, { key: them.read.key })).json;
    assert.deepEqual([theirsNow.status, theirsNow.amountReceived], ['CREATED', '0'], 'their intent untouched');
    assert.deepEqual((await payd.request('GET', '/api/v1/payments', { key: them.read.key })).json.data, [], 'no payment of theirs');
    assert.deepEqual(await auditOf(kept.id), [], 'nothing recorded');

    const r = await post(`/api/v1/payments/${kept.id}/attach`, { intentId: pi.id });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.intentId, pi.id);
  });

  test("resolve: another tenant's key is 404 on this intent and changes nothing; the owner resolves it", async () => {
    const them = elsewhere();
    const { pi, kept } = await unmatchedWithIntent(4, '3.25', '3.3');
    assert.equal((await post(`/api/v1/payments/${kept.id}/attach`, { intentId: pi.id })).status, 200);
    const overpaid = await waitFor(pi.id, (i) => i.exception === 'OVERPAID', 'OVERPAID');
    assertApiError(await post(`/api/v1/payment-intents/${pi.id}/resolve`, { outcome: 'not_paid', note: 'not yours' }, them.rw.key), 404, 'not_found');
    assert.deepEqual(await get(pi.id), overpaid, 'unchanged, no resolution');
    const r = await resolve(pi.id, { outcome: 'not_paid', note: 'Refunded' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.status, 'FAILED');
    assert.equal(r.json.resolution.resolvedBy, shop.rw.id);
  });
});
