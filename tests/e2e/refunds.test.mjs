// Refunds without custody (issue 37, DECISIONS §15), on a real chain: payd prepares the transfer,
// the merchant's own payout wallet (anvil's account #2, whose key the test holds) sends exactly
// what payd prepared, and payd proves it on chain: sent, then confirmed at the chain's depth;
// a reorganisation that removes the transfer reverses it and it confirms again when the transfer
// comes back. The payer's address comes from the refund page (typed twice) unless the hosted
// page's wallet proved it sent the payment. Every move is a REFUND_* webhook; the refunds of a
// payment never exceed what it paid.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { encodeFunctionData, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYER, PAYER2, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

// anvil's account #2: the merchant's payout wallet (PAYOUT), a public test key.
const MERCHANT_WALLET = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

describe('refunds', () => {
  let chain, payd, shop, account, receiver;
  const api = (method, path, body, key = account.key, headers = {}) => payd.request(method, path, { key, body, headers });
  const refund = async (id) => (await api('GET', `/api/v1/refunds/${id}`)).json;
  const waitRefund = (id, check, what) => eventually(async () => {
    const r = await refund(id);
    return check(r) ? r : null;
  }, { what, timeout: 20000 });
  // The refund's events as payd recorded them, oldest first (webhooks may arrive in any order).
  const eventsOf = async (id) => (await api('GET', '/api/v1/events')).json.data
    .filter((e) => e.data?.id === id).map((e) => e.type).reverse();
  const hooksOf = (id) => receiver.deliveries.filter((d) => d.payload.data?.id === id).map((d) => d.payload.type);
  const postForm = (path, { form }) => payd.request('POST', path, {
    rawBody: new URLSearchParams(form).toString(),
    headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const transferData = (to, amount) => encodeFunctionData({ abi: chain.usdc.abi, functionName: 'transfer', args: [to, amount] });

  // A USDC intent paid exactly by `payer`; its confirmed payment.
  async function paidPayment(amountUsd, payer = PAYER) {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    const tx = await chain.payUsdc(PAYOUT, BigInt(r.json.amount), { from: payer });
    await chain.mine(1);  // its second confirmation
    return eventually(async () => {
      const list = (await api('GET', '/api/v1/payments?limit=100')).json.data;
      const p = list.find((x) => x.txHash === tx.transactionHash);
      return p?.status === 'CONFIRMED' ? p : null;
    }, { what: 'the payment confirmed', timeout: 20000 });
  }

  // The payer's refund page: a new link, the address typed twice.
  async function giveAddress(refundId, address) {
    const page = await api('POST', `/api/v1/refunds/${refundId}/address-page`);
    assert.equal(page.status, 201, page.text);
    const path = new URL(page.json.url).pathname;
    const form = (fields) => postForm(path, { form: fields});
    const done = await form({ address, address_again: address });
    assert.equal(done.status, 200, done.text);
    assert.match(done.text, /data-page="refund-done"/);
    return path;
  }

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 2 })}` });
    shop = createMerchant(payd);
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
    // The payout wallet holds more than the payments bring: the wrong transfers out cost it too.
    await chain.call(chain.usdc, 'mint', [PAYOUT, parseUnits('1000', 6)]);
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test('a partial refund: the payer gives an address, the payout wallet sends what payd prepared, payd confirms it; a wrong amount or recipient matches nothing', async () => {
    const payment = await paidPayment('5.00');
    const made = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '2000000', reason: 'requested_by_customer', metadata: { ticket: 'T-1' } }, account.key, { 'Idempotency-Key': 'refund-1' });
    assert.equal(made.status, 201, made.text);
    const r0 = made.json;
    assert.match(r0.id, /^re_/);
    // The sender of a transfer is never assumed to be the payer's own wallet (it may be an exchange's).
    assert.equal(r0.status, 'address_needed');
    assert.equal(r0.to, null);
    assert.equal(r0.transfer, null);
    assert.equal(r0.from, PAYOUT);
    assert.equal(r0.amount, '2000000');
    assert.equal(r0.amountFormatted, '2');
    assert.deepEqual(r0.metadata, { ticket: 'T-1' });
    const replay = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '2000000', reason: 'requested_by_customer', metadata: { ticket: 'T-1' } }, account.key, { 'Idempotency-Key': 'refund-1' });
    assert.equal(replay.status, 201);
    assert.equal(replay.json.id, r0.id, 'the same refund, not a second one');

    // The page refuses an address typed differently, then takes it.
    const page = await api('POST', `/api/v1/refunds/${r0.id}/address-page`);
    const path = new URL(page.json.url).pathname;
    const shown = await payd.request('GET', path, { headers: { Accept: 'text/html' } });
    assert.equal(shown.status, 200);
    assert.match(shown.text, /2 USDC/);
    assert.match(shown.text, /Localnet/);
    const differ = await postForm(path, { form: { address: PAYER2.address, address_again: PAYER.address }});
    assert.equal(differ.status, 400);
    assert.equal((await refund(r0.id)).status, 'address_needed', 'nothing set');
    const own = await postForm(path, { form: { address: PAYOUT, address_again: PAYOUT }});
    assert.equal(own.status, 400, 'the merchant\'s own address is refused');
    const done = await postForm(path, { form: { address: PAYER2.address.toLowerCase(), address_again: PAYER2.address.toLowerCase() }});
    assert.equal(done.status, 200, done.text);
    assert.equal((await payd.request('GET', path, { headers: { Accept: 'text/html' } })).status, 404, 'the link works once');

    const ready = await refund(r0.id);
    assert.equal(ready.status, 'ready');
    assert.equal(ready.to, PAYER2.address, 'EIP-55');
    assert.equal(ready.addressSource, 'payer');
    assert.deepEqual(ready.transfer, {
      chainId: 31337, from: PAYOUT, to: USDC_ADDRESS, value: '0', data: transferData(PAYER2.address, 2000000n),
      uri: `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYER2.address}&uint256=2000000`,
    });
    const batch = await api('GET', `/api/v1/refunds/${r0.id}/safe-batch`);
    assert.equal(batch.status, 200);
    assert.equal(batch.json.chainId, '31337');
    assert.deepEqual(batch.json.transactions, [{ to: USDC_ADDRESS, value: '0', data: ready.transfer.data }]);

    // Transfers out that are not this refund: one unit short, and the right amount to someone else.
    await chain.payUsdc(PAYER2.address, 1999999n, { from: MERCHANT_WALLET });
    await chain.payUsdc(PAYER.address, 2000000n, { from: MERCHANT_WALLET });
    // The refund as payd prepared it, sent by the payout wallet.
    const hash = await chain.wallet(MERCHANT_WALLET).sendTransaction({ to: ready.transfer.to, data: ready.transfer.data, value: BigInt(ready.transfer.value) });
    await chain.client.waitForTransactionReceipt({ hash });
    const sent = await waitRefund(r0.id, (r) => r.status === 'sent' || r.status === 'confirmed', 'the refund seen on chain');
    assert.equal(sent.txHash, hash, 'matched by its own transfer, not the ones before it');
    await chain.mine(1);
    const confirmed = await waitRefund(r0.id, (r) => r.status === 'confirmed', 'the refund confirmed');
    assert.ok(confirmed.confirmations >= 2);
    assert.ok(confirmed.confirmedAt);
    assert.equal((await api('GET', `/api/v1/payments/${payment.id}`)).json.amountRefunded, '2000000');
    await eventually(() => ['REFUND_CREATED', 'REFUND_READY', 'REFUND_SENT', 'REFUND_CONFIRMED'].every((t) => hooksOf(r0.id).includes(t)), { what: 'the refund webhooks' });
    assert.deepEqual(await eventsOf(r0.id), ['REFUND_CREATED', 'REFUND_READY', 'REFUND_SENT', 'REFUND_CONFIRMED']);
  });

  test('refunds of a payment never exceed what it paid: the rest is refunded, a third is refused, a canceled one frees its amount', async () => {
    const payment = await paidPayment('3.00');
    const paid = BigInt(payment.amount);
    const first = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '1000000' });
    assert.equal(first.status, 201, first.text);
    const over = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: String(paid) });
    assertApiError(over, 400, 'invalid_request', 'amount');
    const rest = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { reason: 'duplicate' });
    assert.equal(rest.status, 201, rest.text);
    assert.equal(rest.json.amount, String(paid - 1000000n), 'no amount: all that is left');
    const third = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '1' });
    assertApiError(third, 400, 'invalid_request', 'amount');
    assert.equal((await api('GET', `/api/v1/payments/${payment.id}/refunds`)).json.data.length, 2, 'nothing made');

    const canceled = await api('POST', `/api/v1/refunds/${first.json.id}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
    assert.equal(canceled.json.status, 'canceled');
    assert.equal((await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '1000000' })).status, 201, 'the canceled amount is free again');
    const listed = (await api('GET', `/api/v1/refunds?paymentId=${payment.id}&status=canceled`)).json.data;
    assert.deepEqual(listed.map((r) => r.id), [first.json.id]);
    await eventually(() => hooksOf(first.json.id).includes('REFUND_CANCELED'), { what: 'REFUND_CANCELED' });

    const readOnly = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '1' }, shop.rw.key);
    assertApiError(readOnly, 403, 'insufficient_scope');
    const bad = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '-5' });
    assertApiError(bad, 400, 'invalid_request', 'amount');
    assertApiError(await api('POST', '/api/v1/payments/pay_nope/refunds', {}), 404, 'not_found');
  });

  test('/v1/refunds: Stripe\'s way, by payment intent with an amount in its currency; a /v1 endpoint gets the /v1 shape', async () => {
    const v1hooks = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    try {
      const endpoint = await api('POST', '/v1/webhooks', { url: v1hooks.url, events: ['REFUND_CREATED'] });
      assert.equal(endpoint.status, 201, endpoint.text);
      const payment = await paidPayment('6.00');
      // 1.5 as a JSON number, read from its digits; USDC is pegged to USD: 1.5 USD is 1.5 USDC exactly.
      const made = await payd.request('POST', '/v1/refunds', {
        key: account.key, rawBody: `{"paymentIntent":"${payment.intentId}","amount":1.5,"reason":"other"}`,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'v1-refund-1' },
      });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.json.amount, '1.5');
      assert.equal(made.json.currency, 'USD');
      assert.equal(made.json.tokenAmount, '1.5');
      assert.equal(made.json.paymentIntent, payment.intentId);
      assert.equal(made.json.payment, payment.id);
      assert.equal(made.json.status, 'address_needed');
      assert.equal((await refund(made.json.id)).amount, '1500000');
      const replay = await payd.request('POST', '/v1/refunds', {
        key: account.key, body: { paymentIntent: payment.intentId, amount: '1.5', reason: 'other' }, headers: { 'Idempotency-Key': 'v1-refund-1' },
      });
      assert.equal(replay.json.id, made.json.id, '1.5 and "1.5" ask the same');
      const over = await api('POST', '/v1/refunds', { paymentIntent: payment.intentId, amount: '6.00' });
      assertApiError(over, 400, 'invalid_request', 'amount');
      assertApiError(await api('POST', '/v1/refunds', { paymentIntent: 'pi_nope' }), 400, 'invalid_request', 'paymentIntent');
      assert.deepEqual((await api('GET', `/v1/refunds/${made.json.id}`)).json, made.json);
      assert.ok((await api('GET', '/v1/refunds?status=address_needed')).json.data.some((r) => r.id === made.json.id));
      const hook = await eventually(() => v1hooks.deliveries.find((d) => d.payload.data?.id === made.json.id), { what: 'the /v1 webhook' });
      assert.equal(hook.payload.type, 'REFUND_CREATED');
      assert.equal(hook.payload.data.paymentIntent, payment.intentId, 'the /v1 shape');
      assert.equal((await api('POST', `/v1/refunds/${made.json.id}/cancel`)).json.status, 'canceled');
    } finally {
      await v1hooks.close();
    }
  });

  test('the operator refunds from the server: payd refund create, list, page, cancel (audited as cli)', async () => {
    const payment = await paidPayment('2.00');
    const made = payd.admin(['refund', 'create', payment.id, '--tenant', shop.tenant.id, '--amount', '500000', '--reason', 'other']);
    assert.equal(made.status, 'address_needed');
    assert.equal(made.amount, '500000');
    const listed = payd.admin(['refund', 'list', '--tenant', shop.tenant.id, '--payment', payment.id]);
    assert.deepEqual(listed.map((r) => r.id), [made.id]);
    const page = payd.admin(['refund', 'page', made.id, '--tenant', shop.tenant.id]);
    assert.match(page.url, /\/refund\/[A-Za-z0-9_-]{43}$/);
    assert.equal((await payd.request('GET', new URL(page.url, payd.url).pathname, { headers: { Accept: 'text/html' } })).status, 200);  // a path when the config names no public_url
    const canceled = payd.admin(['refund', 'cancel', made.id, '--tenant', shop.tenant.id]);
    assert.equal(canceled.status, 'canceled');
    const audit = (await api('GET', '/api/v1/audit-log?limit=100')).json.data.filter((a) => a.objectId === made.id);
    assert.deepEqual(audit.map((a) => [a.action, a.actor]).reverse(), [['refund.create', 'cli'], ['refund.address_page', 'cli'], ['refund.cancel', 'cli']]);
  });

  test('a refund whose transfer a reorganisation removes is reversed, and confirmed again when the transfer comes back', async () => {
    const payment = await paidPayment('4.00');
    const made = (await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '1500000' })).json;
    await giveAddress(made.id, PAYER2.address);
    const raw = await chain.signedUsdcTransfer(PAYER2.address, 1500000n, { from: MERCHANT_WALLET });
    await chain.sendRaw(raw);
    await chain.mine(1);
    await waitRefund(made.id, (r) => r.status === 'confirmed', 'confirmed');
    assert.equal((await api('GET', `/api/v1/payments/${payment.id}`)).json.amountRefunded, '1500000');
    // Both blocks replaced; the transfer only in the last of the new ones.
    await chain.reorg(2, [[raw, 1]]);
    await eventually(() => hooksOf(made.id).includes('REFUND_REVERSED'), { what: 'REFUND_REVERSED' });
    await chain.mine(1);
    const again = await waitRefund(made.id, (r) => r.status === 'confirmed' && hooksOf(made.id).filter((t) => t === 'REFUND_CONFIRMED').length === 2, 'confirmed again');
    assert.equal(again.amount, '1500000');
    assert.equal((await api('GET', `/api/v1/payments/${payment.id}`)).json.amountRefunded, '1500000', 'counted once');
    assert.deepEqual(await eventsOf(made.id), ['REFUND_CREATED', 'REFUND_READY', 'REFUND_SENT', 'REFUND_CONFIRMED', 'REFUND_REVERSED', 'REFUND_SENT', 'REFUND_CONFIRMED']);
  });

  test('a native payment whose wallet proved itself on the hosted page is refunded to that wallet, ready at once', async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '6.00', currency: 'ETH', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    const proof = await proveSender(payd, shop.integration.id, r.json.id, PAYER2);
    assert.equal(proof.status, 200, proof.text);
    const tx = await chain.payEth(PAYOUT, BigInt(r.json.amount), { from: PAYER2 });
    await chain.mine(1);
    const payment = await eventually(async () => {
      const p = (await api('GET', '/api/v1/payments?limit=100')).json.data.find((x) => x.txHash === tx.transactionHash);
      return p?.status === 'CONFIRMED' ? p : null;
    }, { what: 'the ETH payment confirmed', timeout: 20000 });
    const made = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: String(parseEther('0.001')) });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.status, 'ready');
    assert.equal(made.json.to, PAYER2.address);
    assert.equal(made.json.addressSource, 'payment_wallet');
    assert.deepEqual({ to: made.json.transfer.to, data: made.json.transfer.data, value: made.json.transfer.value },
      { to: PAYER2.address, data: '0x', value: String(parseEther('0.001')) });
    const hash = await chain.wallet(MERCHANT_WALLET).sendTransaction({ to: made.json.transfer.to, value: BigInt(made.json.transfer.value) });
    await chain.client.waitForTransactionReceipt({ hash });
    await chain.mine(1);
    const done = await waitRefund(made.json.id, (x) => x.status === 'confirmed', 'the native refund confirmed');
    assert.equal(done.txHash, hash);
    assert.equal(parseUnits(done.amountFormatted, 18), parseEther('0.001'));
  });
});
