// Payments on a real chain (anvil): a payer pays, payd sees the transfer,
// matches it to the right intent, and confirms it (DECISIONS §5-6); the
// merchant reads each payment as the chain has it, and only its own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatUnits, getAddress, parseEventLogs } from 'viem';

import { chainConfig, eventually, PAYER, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';

// anvil's accounts #4 and #5: payout wallets of the other tenants here.
const OTHER_PAYOUT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const PAGER_PAYOUT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
// anvil's account #6: the payout wallet of a tenant whose only intents are the round-price ones.
const ROUND_PAYOUT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// The fields of DECISIONS §6 that the chain decides, read from the USDC
// Transfer log of `receipt` (viem), never from payd.
function usdcTransferOnChain(chain, receipt) {
  const [log] = parseEventLogs({ abi: chain.usdc.abi, eventName: 'Transfer', logs: receipt.logs });
  return {
    chainId: 31337, chain: 'Localnet', token: 'USDC', tokenAddress: getAddress(log.address),
    amount: log.args.value.toString(), amountFormatted: formatUnits(log.args.value, 6),
    txHash: receipt.transactionHash, logIndex: log.logIndex, blockNumber: Number(log.blockNumber), blockHash: log.blockHash,
    senderAddress: getAddress(log.args.from), recipient: getAddress(log.args.to),
  };
}

describe('payments on chain', () => {
  let chain, payd, shop, other;
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
    other = createMerchant(payd, { name: 'Other', payout: OTHER_PAYOUT });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('an exact USDC payment goes PENDING, then PAID after 2 confirmations', async () => {
    const created = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337, metadata: { orderId: 'A-1' } });
    assert.equal(created.status, 201, created.text);
    const pi = created.json;
    assert.match(pi.id, /^pi_[a-z2-7]{26}$/);
    assert.equal(pi.status, 'CREATED');
    // DECISIONS §5 rule 1: the price plus the fewest units, at least one.
    assert.equal(pi.amount, '25000001');
    assert.equal(pi.amountFormatted, '25.000001');
    assert.equal(pi.amountUsd, '25.00');
    assert.equal(pi.recipient, PAYOUT);
    assert.equal(pi.paymentUri, `ethereum:${chain.usdc.address}@31337/transfer?address=${PAYOUT}&uint256=25000001`);
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
    assert.equal(paid.amountReceived, '25000001');

    const payments = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json;
    const payment = payments.data.find((p) => p.intentId === pi.id);
    assert.equal(payment.status, 'CONFIRMED');
    assert.equal(payment.txHash, receipt.transactionHash);
    assert.equal(payment.blockNumber, Number(receipt.blockNumber));
    assert.equal(payment.blockHash, receipt.blockHash);
    assert.equal(payment.amount, '25000001');
    assert.equal(payment.senderAddress, PAYER.address);
  });

  test('two intents for the same price get different exact amounts and are both matched when paid in reverse order', async () => {
    const a = (await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 })).json;
    const b = (await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal(a.amount, '10000001');
    assert.equal(b.amount, '10000002');
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
    assert.equal(pi.paymentUri, `ethereum:${PAYOUT}@31337?value=1000000000000001`, 'one wei above the price');
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

  // DECISIONS §5 rule 1: an exact amount is the price plus at least one unit,
  // so a payer whose wallet dropped the amount from the QR and who types the
  // round price pays nobody's intent (issue 34: with 25.00 USD held as
  // 25000000 by the first intent, such a transfer made it PAID though its own
  // payer had sent nothing). A tenant of its own: no other intent at 25.00
  // shares its payout address.
  test("a hand-typed round price is unmatched, never another payer's intent; each exact amount pays its own", async () => {
    const round = createMerchant(payd, { name: 'Round', payout: ROUND_PAYOUT, tokens: 'USDC' });
    const ofRound = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: round.read.key })).json;
    const paymentsOfRound = async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: round.read.key })).json.data;
    const made = [];
    for (let i = 0; i < 2; i++) {
      const r = await createIntent(payd, round.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 201, r.text);
      made.push(r.json);
    }
    const [first, second] = made;

    const typed = await chain.payUsdc(ROUND_PAYOUT, '25');
    const payment = await eventually(async () =>
      (await paymentsOfRound()).find((p) => p.txHash === typed.transactionHash), { what: 'the payment of the round price' });
    assert.equal(payment.intentId, null, `the round price paid ${payment.intentId} (intents ${first.id}, ${second.id})`);
    assert.equal(payment.amount, '25000000');
    assert.deepEqual([first.amount, second.amount], ['25000001', '25000002']);
    assert.deepEqual([first.amountFormatted, second.amountFormatted], ['25.000001', '25.000002']);
    // Confirmed (2 blocks): matching it was decided for good, and neither intent moved.
    await chain.mine(1);
    await eventually(async () =>
      (await paymentsOfRound()).find((p) => p.txHash === typed.transactionHash && p.status === 'CONFIRMED'),
    { what: 'the round-price payment confirmed' });
    for (const pi of made) {
      const now = await ofRound(pi.id);
      assert.deepEqual([now.status, now.amountReceived ?? '0'], ['CREATED', '0'], pi.id);
    }
    const events = (await payd.request('GET', '/api/v1/events', { key: round.events.key })).json.data;
    assert.deepEqual(events.filter((e) => e.type === 'PAYMENT_UNMATCHED').map((e) => [e.data.txHash, e.data.amount]),
      [[typed.transactionHash, '25000000']]);

    // Each payer's exact amount still pays that payer's intent.
    const paySecond = await chain.payUsdc(ROUND_PAYOUT, BigInt(second.amount), { from: PAYER2 });
    const payFirst = await chain.payUsdc(ROUND_PAYOUT, BigInt(first.amount));
    await chain.mine(1);
    for (const [pi, receipt] of [[first, payFirst], [second, paySecond]]) {
      const paid = await eventually(async () => {
        const now = await ofRound(pi.id);
        return now.status === 'PAID' ? now : null;
      }, { what: `${pi.id} PAID` });
      assert.deepEqual([paid.txHash, paid.amountReceived, paid.exception], [receipt.transactionHash, pi.amount, null]);
    }
  });

  test("the RPC provider's API key never appears in the logs", () => {
    const watching = payd.logs.find((l) => l.msg === 'watching chain');
    assert.equal(watching.rpc, chain.url);
    assert.ok(!payd.logs.some((l) => l.raw.includes('PROVIDER-SECRET')));
  });

  test('GET /api/v1/payments/:id: a confirmed payment is what the chain holds; another tenant gets 404', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '26.00', currency: 'USDC', chainId: 31337 })).json;
    const sentAt = Date.now();
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    // 2 confirmations: the transfer's block and this one; no block is mined after it.
    await chain.mine(1);
    await waitStatus(pi.id, 'PAID');
    const listed = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json.data
      .find((p) => p.txHash === receipt.transactionHash);
    const r = await payd.request('GET', `/api/v1/payments/${listed.id}`, { key: shop.read.key });
    assert.equal(r.status, 200, r.text);
    const payment = r.json;
    const { id, createdAt, confirmedAt, ...rest } = payment;
    assert.deepEqual(rest, {
      intentId: pi.id, ...usdcTransferOnChain(chain, receipt), status: 'CONFIRMED', confirmations: 2,
      amountRefunded: '0',  // no refund of it (DECISIONS §15)
      candidateIntentId: null,  // matched: no candidate (DECISIONS §17)
      paidWith: null,  // a plain transfer, no swap (DECISIONS §16)
    });
    assert.equal(rest.senderAddress, PAYER.address, 'EIP-55, as anvil names the payer');
    assert.match(id, /^pay_[a-z2-7]{26}$/);
    assert.match(createdAt, ISO_MS);
    assert.match(confirmedAt, ISO_MS);
    assert.ok(sentAt <= Date.parse(createdAt) && Date.parse(createdAt) <= Date.parse(confirmedAt) && Date.parse(confirmedAt) <= Date.now(),
      `${sentAt} <= ${createdAt} <= ${confirmedAt} <= now`);
    assert.deepEqual(listed, payment, 'the list shows the same payment');

    // DECISIONS §1: another tenant's object is 404, never 403; so is an unknown id.
    for (const [key, paymentId] of [[other.read.key, payment.id], [shop.read.key, 'pay_aaaaaaaaaaaaaaaaaaaaaaaaaa'], [shop.read.key, 'nope']]) {
      const miss = await payd.request('GET', `/api/v1/payments/${paymentId}`, { key });
      assert.equal(miss.status, 404, `${paymentId}: ${miss.text}`);
      assert.equal(miss.json.error.code, 'not_found');
    }
    assert.deepEqual((await payd.request('GET', '/api/v1/payments', { key: other.read.key })).json.data, []);
  });

  test('a transfer that matches nothing is kept as a payment with intentId null', async () => {
    const receipt = await chain.payUsdc(PAYOUT, 1234567n);
    const unmatched = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments', { key: shop.read.key })).json;
      return list.data.find((p) => p.txHash === receipt.transactionHash);
    }, { what: 'the unmatched payment' });
    const r = await payd.request('GET', `/api/v1/payments/${unmatched.id}`, { key: shop.read.key });
    assert.equal(r.status, 200, r.text);
    const { id, createdAt, ...rest } = r.json;
    // Its block is the newest: one confirmation of 2, not yet confirmed.
    assert.deepEqual(rest, {
      intentId: null, ...usdcTransferOnChain(chain, receipt), status: 'PENDING', confirmations: 1, confirmedAt: null,
      amountRefunded: '0', candidateIntentId: null,  // 1.234567 fits no open intent (DECISIONS §17)
      paidWith: null,
    });
    assert.equal(rest.amount, '1234567');
    assert.equal(rest.amountFormatted, '1.234567');
    assert.match(createdAt, ISO_MS);
  });
});

// The payments list of DECISIONS §4 and §6: newest first, filtered by status,
// paged. A tenant of its own gets exactly the transfers sent here.
describe('the payments list', () => {
  let chain, payd, pager;
  const page = (q) => payd.request('GET', `/api/v1/payments${q}`, { key: pager.read.key });
  const paymentOf = (txHash, status) => eventually(async () => {
    const found = (await page('?limit=100')).json.data.find((p) => p.txHash === txHash);
    return found?.status === status ? found : null;
  }, { what: `the payment of ${txHash} ${status}` });

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    pager = createMerchant(payd, { name: 'Pager', payout: PAGER_PAYOUT });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('status filter, paging and newest first over more payments than a page', async () => {
    // Six transfers, one block each, each recorded before the next is sent.
    const sent = [];
    for (let i = 1; i <= 6; i++) {
      sent.push(await chain.payUsdc(PAGER_PAYOUT, BigInt(1000 + i)));
      await paymentOf(sent.at(-1).transactionHash, 'PENDING');
    }
    await paymentOf(sent[4].transactionHash, 'CONFIRMED');
    // The sixth's block is replaced by an empty one: its payment is REORGED.
    await chain.reorg(1, []);
    await paymentOf(sent[5].transactionHash, 'REORGED');
    // The seventh lands in the newest block: PENDING.
    sent.push(await chain.payUsdc(PAGER_PAYOUT, 1007n));
    await paymentOf(sent[6].transactionHash, 'PENDING');
    const hashes = sent.map((r) => r.transactionHash);
    const newestFirst = [...hashes].reverse();

    // Every payment exactly once across pages of 3, newest first.
    const seen = [];
    const pages = [];
    for (let offset = 0; ; offset += 3) {
      const r = await page(`?limit=3&offset=${offset}`);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.json.limit, r.json.offset], [3, offset]);
      pages.push(r.json.data.length);
      seen.push(...r.json.data);
      if (!r.json.hasMore) break;
      assert.ok(pages.length < 10, 'hasMore never ends');
    }
    assert.deepEqual(pages, [3, 3, 1]);
    assert.deepEqual(seen.map((p) => p.txHash), newestFirst);
    assert.equal(new Set(seen.map((p) => p.id)).size, 7);
    const all = (await page('')).json;
    assert.deepEqual([all.limit, all.offset, all.hasMore], [50, 0, false]);
    assert.deepEqual(all.data, seen);
    const full = await page('?limit=7');
    assert.equal(full.json.hasMore, false, 'a page that ends exactly at the last payment');
    assert.deepEqual((await page('?offset=7')).json.data, []);

    // Each status gets its own payments, newest first, and pages the same way.
    const byStatus = async (q) => (await page(q)).json.data.map((p) => p.txHash);
    assert.deepEqual(await byStatus('?status=CONFIRMED'), newestFirst.slice(2));
    assert.deepEqual(await byStatus('?status=PENDING'), [hashes[6]]);
    assert.deepEqual(await byStatus('?status=REORGED'), [hashes[5]]);
    const confirmedPage = (await page('?status=CONFIRMED&limit=2&offset=4')).json;
    assert.deepEqual(confirmedPage.data.map((p) => p.txHash), [hashes[0]]);
    assert.equal(confirmedPage.hasMore, false);
    assert.equal((await page('?status=CONFIRMED&limit=2&offset=2')).json.hasMore, true);
    assert.equal((await page('?limit=100')).status, 200);

    for (const [q, param] of [['?status=confirmed', 'status'], ['?status=SETTLED', 'status'], ['?status=', 'status'],
      ['?limit=101', 'limit'], ['?limit=0', 'limit'], ['?offset=-1', 'offset'], ['?order=asc', 'order']]) {
      const r = await page(q);
      assert.equal(r.status, 400, `${q}: ${r.text}`);
      assert.equal(r.json.error.code, 'invalid_request', q);
      assert.equal(r.json.error.param, param, q);
    }
  });
});
