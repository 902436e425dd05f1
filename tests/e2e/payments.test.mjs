// Payments on a real chain (anvil): a payer pays, payd sees the transfer,
// matches it to the right intent, and confirms it (DECISIONS §5-6).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';

describe('payments on chain', () => {
  let chain, payd, shop;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitStatus = (id, status, what = `intent ${status}`) =>
    eventually(async () => {
      const i = await intent(id);
      return i.status === status ? i : null;
    }, { what });

  before(async () => {
    chain = await startChain();
    // Providers put API keys in RPC URLs; this one must never reach the logs.
    payd = await startPayd({ config: chainConfig({ url: `${chain.url}/?apikey=PROVIDER-SECRET` }, { confirmations: 2 }) });
    shop = createMerchant(payd);
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
    await chain.stop();
  });

  test('an exact USDC payment goes PENDING, then PAID after 2 confirmations', async () => {
    const created = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337, metadata: { orderId: 'A-1' } });
    assert.equal(created.status, 201, created.text);
    const pi = created.json;
    assert.match(pi.id, /^pi_[a-z2-7]{26}$/);
    assert.equal(pi.status, 'CREATED');
    assert.equal(pi.amount, '25000000');
    assert.equal(pi.amountFormatted, '25');
    assert.equal(pi.amountUsd, '25.00');
    assert.equal(pi.recipient, PAYOUT);
    assert.equal(pi.paymentUri, `ethereum:${chain.usdc.address}@31337/transfer?address=${PAYOUT}&uint256=25000000`);
    assert.equal(pi.checkoutUrl, `${payd.url}/pay/${pi.id}`);
    assert.equal(pi.requiredConfirmations, 2);
    assert.equal(pi.metadata, undefined, "the payer's view");

    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    const pending = await waitStatus(pi.id, 'PENDING');
    assert.deepEqual(pending.metadata, { orderId: 'A-1' }, "the merchant's view");
    assert.equal(pending.txHash, receipt.transactionHash);
    assert.equal(pending.senderAddress, PAYER.address);
    assert.equal(pending.confirmations, 1);

    await chain.mine(1);
    const paid = await waitStatus(pi.id, 'PAID');
    assert.equal(paid.exception, null);
    assert.equal(paid.token, 'USDC');
    assert.equal(paid.confirmations, 2);
    assert.ok(paid.confirmedAt);
    assert.equal(paid.amountReceived, '25000000');

    const payments = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json;
    const payment = payments.data.find((p) => p.intentId === pi.id);
    assert.equal(payment.status, 'CONFIRMED');
    assert.equal(payment.txHash, receipt.transactionHash);
    assert.equal(payment.blockNumber, Number(receipt.blockNumber));
    assert.equal(payment.blockHash, receipt.blockHash);
    assert.equal(payment.amount, '25000000');
    assert.equal(payment.senderAddress, PAYER.address);
  });

  test('two intents for the same price get different exact amounts and are both matched when paid in reverse order', async () => {
    const a = (await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 })).json;
    const b = (await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal(a.amount, '10000000');
    assert.equal(b.amount, '10000001');
    await chain.payUsdc(PAYOUT, BigInt(b.amount), { from: PAYER2 });
    await chain.payUsdc(PAYOUT, BigInt(a.amount));
    await chain.mine(2);
    const paidA = await waitStatus(a.id, 'PAID');
    const paidB = await waitStatus(b.id, 'PAID');
    assert.equal(paidA.senderAddress, PAYER.address);
    assert.equal(paidB.senderAddress, PAYER2.address);
  });

  test('a native ETH payment is matched', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount: '1000000000000000', currency: 'ETH', chainId: 31337 })).json;
    assert.equal(pi.paymentUri, `ethereum:${PAYOUT}@31337?value=1000000000000000`);
    assert.equal(pi.tokenAddress, null);
    await chain.payEth(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    const paid = await waitStatus(pi.id, 'PAID');
    assert.equal(paid.token, 'ETH');
  });

  test('an underpayment from the wallet-proven sender is topped up', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '7.00', currency: 'USDC', chainId: 31337, senderAddress: PAYER2.address })).json;
    assert.equal(pi.senderHint, PAYER2.address);
    assert.equal(pi.senderHintSource, 'payer');
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await chain.payUsdc(PAYOUT, '3', { from: PAYER2 });
    const under = await eventually(async () => {
      const i = await intent(pi.id);
      return i.status === 'PENDING' && i.exception === 'UNDERPAID' ? i : null;
    }, { what: 'PENDING UNDERPAID' });
    assert.equal(under.amountReceived, '3000000');
    await chain.payUsdc(PAYOUT, '4', { from: PAYER2 });
    await chain.mine(1);
    const paid = await waitStatus(pi.id, 'PAID');
    assert.equal(paid.exception, null);
    assert.equal(paid.amountReceived, '7000000');
    const payments = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json.data;
    assert.equal(payments.filter((p) => p.intentId === pi.id).length, 2);
  });

  test('an overpayment from the wallet-proven sender is PAID with OVERPAID', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await chain.payUsdc(PAYOUT, '6.5', { from: PAYER2 });
    await chain.mine(1);
    const paid = await waitStatus(pi.id, 'PAID');
    assert.equal(paid.exception, 'OVERPAID');
    assert.equal(paid.amountReceived, '6500000');
  });

  test("a paid intent made from a payment link counts in the link's payments", async () => {
    const link = (await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: { integrationId: shop.integration.id, type: 'LINK', name: 'Mug', amount: '12.00', currency: 'USD' },
    })).json;
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '12.00', currency: 'USDC', chainId: 31337, paymentLinkId: link.id })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    await waitStatus(pi.id, 'PAID');
    const after = (await payd.request('GET', `/api/v1/payment-links/${link.id}`, { key: shop.read.key })).json;
    assert.equal(after.payments, 1);
  });

  test('paying an exact amount twice: the second transfer is unmatched, not an overpayment', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    const second = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    const paid = await waitStatus(pi.id, 'PAID');
    assert.equal(paid.exception, null);
    const dup = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json.data;
      return list.find((p) => p.txHash === second.transactionHash);
    }, { what: 'the second payment' });
    assert.equal(dup.intentId, null);
  });

  test("the RPC provider's API key never appears in the logs", () => {
    const watching = payd.logs.find((l) => l.msg === 'watching chain');
    assert.equal(watching.rpc, chain.url);
    assert.ok(!payd.logs.some((l) => l.raw.includes('PROVIDER-SECRET')));
  });

  test('a transfer that matches nothing is kept as a payment with intentId null', async () => {
    const receipt = await chain.payUsdc(PAYOUT, 1234567n);
    const unmatched = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json;
      return list.data.find((p) => p.txHash === receipt.transactionHash);
    }, { what: 'the unmatched payment' });
    assert.equal(unmatched.intentId, null);
    assert.equal(unmatched.amount, '1234567');
    assert.equal(unmatched.amountFormatted, '1.234567');
  });
});
