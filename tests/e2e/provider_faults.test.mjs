// What hosted RPC providers do and anvil never does, between payd and a real
// anvil (lib/rpc_proxy.mjs scripts the provider): backends that lag each
// other, blocks served before their receipts and logs, replies too large or
// compressed into bombs, an endpoint of another chain, call traces deeper than
// JSON parsers allow by default, and zero-value Transfer events. In each, a
// payment is recorded once and in full, never lost.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

const num = (hex) => Number(BigInt(hex));
const SCANNING_BACK = 'first start: scanning back to when payd began watching';

// A payd behind a scriptable provider, with a merchant.
async function behindProvider(t, { confirmations = 3, extra = '' } = {}) {
  // Registered before anything starts: what did start is stopped whatever fails after it.
  let chain, proxy, payd;
  t.after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));
  chain = await startChain();
  proxy = await startRpcProxy(chain.url);
  payd = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations, extra }) });
  const shop = createMerchant(payd);
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const payments = async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
  const events = async () => (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
  const until = (id, status, what) => eventually(async () => {
    const i = await intent(id);
    return i.status === status ? i : null;
  }, { timeout: 30000, what: what ?? `${id} ${status}` });
  return { chain, proxy, payd, shop, intent, payments, events, until };
}

// Two backends behind one URL, the second `lag` blocks behind: each call is
// answered by one or the other in turn, as a load balancer does.
function lagBehind(proxy, lag) {
  let head = 0;
  let turn = 0;
  proxy.configure({
    rewrite(call, answer) {
      if (call.method === 'eth_blockNumber') head = num(answer.result);
      const behind = turn++ % 2 === 1;
      if (!behind || answer.result == null) return answer;
      const top = head - lag;
      const at = (o) => o && o.blockNumber !== undefined && num(o.blockNumber) > top;
      switch (call.method) {
        case 'eth_blockNumber':
          return { ...answer, result: `0x${Math.max(0, top).toString(16)}` };
        case 'eth_getBlockByNumber':
          return answer.result && num(answer.result.number) > top ? { ...answer, result: null } : answer;
        case 'eth_getTransactionReceipt':
          return at(answer.result) ? { ...answer, result: null } : answer;
        case 'eth_getLogs':
          return { ...answer, result: answer.result.filter((l) => !at(l)) };
        default:
          return answer;
      }
    },
  });
}

// From block `from` on, the provider serves another branch: the same heights
// with other hashes and none of the transactions (a fork B beside the real A).
function forkFrom(proxy, from) {
  const other = (hash) => `0xbb${hash.slice(4)}`;
  const onFork = (o) => o && o.blockNumber !== undefined && num(o.blockNumber) >= from;
  proxy.configure({
    rewrite(call, answer) {
      const r = answer.result;
      if (r == null) return answer;
      switch (call.method) {
        case 'eth_getBlockByNumber': {
          const n = num(r.number);
          if (n < from) return answer;
          return { ...answer, result: { ...r, hash: other(r.hash), transactions: [],
            parentHash: n > from ? other(r.parentHash) : r.parentHash } };
        }
        case 'eth_getTransactionReceipt':
          return onFork(r) ? { ...answer, result: null } : answer;
        case 'eth_getLogs':
          return { ...answer, result: r.filter((l) => !onFork(l)) };
        default:
          return answer;
      }
    },
  });
}

describe('an RPC provider that behaves like the hosted ones', () => {
  test('backends that lag each other are waited for, never taken for a reorganisation', async (t) => {
    const { chain, proxy, payd, shop, until, payments, events } = await behindProvider(t);
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '12.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await until(pi.id, 'PENDING');
    lagBehind(proxy, 2);
    await chain.mine(1);
    const before = proxy.stats.requests;
    await eventually(async () => proxy.stats.requests > before + 60, { what: 'payd polling the lagging provider' });
    proxy.configure({ rewrite: null });
    await chain.mine(2);
    await until(pi.id, 'PAID');
    const [payment] = await payments();
    assert.equal(payment.status, 'CONFIRMED');
    const types = (await events()).filter((e) => e.data.id === pi.id).map((e) => e.type);
    assert.ok(!types.includes('PAYMENT_REVERSED'), `no reversal was announced: ${types}`);
    assert.ok(payd.logs.some((l) => l.msg === 'node is behind payd; waiting for it'));
    assert.ok(!payd.logs.some((l) => l.msg === 'chain reorganisation'));
  });

  test('a fork that flips back (A, B, A again) brings the very same payment back', async (t) => {
    const { chain, proxy, payd, shop, until, payments, events } = await behindProvider(t);
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '19.00', currency: 'USDC', chainId: 31337 })).json;
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await until(pi.id, 'PENDING');
    const [first] = await payments();
    forkFrom(proxy, Number(receipt.blockNumber));  // B: the payment's block replaced
    await chain.mine(1);
    await until(pi.id, 'CREATED', 'the payment reversed on branch B');
    assert.equal((await payments())[0].status, 'REORGED');
    proxy.configure({ rewrite: null });  // A again, the same blocks and hashes
    await chain.mine(2);
    const paid = await until(pi.id, 'PAID', 'PAID on branch A again');
    assert.equal(paid.txHash, receipt.transactionHash);
    const list = await payments();
    assert.equal(list.length, 1, 'the same payment, not a second one');
    assert.equal(list[0].id, first.id);
    assert.equal(list[0].status, 'CONFIRMED');
    const types = (await events()).filter((e) => e.data.id === pi.id).map((e) => e.type).reverse();
    // Each move is told, even when payd finds the block back already deep
    // enough: PENDING again, then CONFIRMED (docs/api-reference.md, Lifecycle).
    assert.deepEqual(types, ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_REVERSED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED']);
  });

  test('a native payment whose receipt is not indexed yet is recorded once it is', async (t) => {
    const { chain, proxy, payd, shop, until } = await behindProvider(t, { confirmations: 1 });
    const pi = (await createIntent(payd, shop.integration.id, { amount: '3000000000000000', currency: 'ETH', chainId: 31337 })).json;
    let nulls = 0;
    proxy.configure({
      intercept(call) {
        if (call.method !== 'eth_getTransactionReceipt' || nulls >= 10) return undefined;
        nulls++;
        return { jsonrpc: '2.0', id: call.id, result: null };
      },
    });
    await chain.payEth(PAYOUT, BigInt(pi.amount));
    await eventually(async () => nulls >= 10, { what: 'payd asking for the receipt until it comes' });
    await until(pi.id, 'PAID');
  });

  test('a provider that takes no batches is asked call by call, and payments still arrive', async (t) => {
    const { chain, proxy, payd, shop, until } = await behindProvider(t, { confirmations: 2 });
    proxy.configure({ maxBatch: 0 });
    const eth = (await createIntent(payd, shop.integration.id, { amount: '5000000000000000', currency: 'ETH', chainId: 31337 })).json;
    const usdc = (await createIntent(payd, shop.integration.id, { amount_usd: '6.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.mine(5); // a pass over several blocks asks for them in one batch first
    await chain.payEth(PAYOUT, BigInt(eth.amount));
    await chain.payUsdc(PAYOUT, BigInt(usdc.amount));
    await chain.mine(5);
    await until(eth.id, 'PAID');
    await until(usdc.id, 'PAID');
    assert.ok(proxy.stats.batchesRefused >= 1, 'payd sent a batch at first');
    const smaller = payd.logs.filter((l) => l.msg === 'the node refused a batch of calls; asking in smaller ones');
    assert.ok(smaller.length >= 1);
    assert.equal(smaller.at(-1).nowAtMost, 1);
    // Remembered: passes over several blocks ask call by call from then on.
    const refused = proxy.stats.batchesRefused;
    const later = (await createIntent(payd, shop.integration.id, { amount: '7000000000000000', currency: 'ETH', chainId: 31337 })).json;
    await chain.mine(5);
    await chain.payEth(PAYOUT, BigInt(later.amount));
    await chain.mine(5);
    await until(later.id, 'PAID');
    assert.equal(proxy.stats.batchesRefused, refused, 'no batch once the node refused them');
  });

  test('a block read whole from a branch that a reorganisation replaced mid-pass is read again', async (t) => {
    const { chain, proxy, payd, shop, until } = await behindProvider(t, { confirmations: 1 });
    const pi = (await createIntent(payd, shop.integration.id, { amount: '4000000000000000', currency: 'ETH', chainId: 31337 })).json;
    let stale = 0;
    let staleNumber = null;
    proxy.configure({
      // The first time payd reads whole a block that pays the payout address,
      // it gets that block of the branch it replaced: another hash, no
      // transaction to payd. The headers it reads next are the canonical ones.
      // Set before paying: payd may read the block before the payer has the receipt.
      rewrite(call, answer) {
        const r = answer.result;
        if (call.method !== 'eth_getBlockByNumber' || call.params[1] !== true || !r || stale) return answer;
        if (!r.transactions.some((tx) => tx.to?.toLowerCase() === PAYOUT.toLowerCase())) return answer;
        stale++;
        staleNumber = num(r.number);
        return { ...answer, result: { ...r, hash: `0xbb${r.hash.slice(4)}`, transactions: [] } };
      },
    });
    const receipt = await chain.payEth(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    const paid = await until(pi.id, 'PAID', 'the payment found when the block is read again');
    assert.equal(stale, 1);
    assert.equal(staleNumber, num(receipt.blockNumber));
    assert.equal(paid.txHash, receipt.transactionHash);
  });

  test('logs indexed a moment after their block are still found', async (t) => {
    const { chain, proxy, payd, shop, intent, until } = await behindProvider(t, { confirmations: 1 });
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '13.00', currency: 'USDC', chainId: 31337 })).json;
    let hidden = 0;
    proxy.configure({ rewrite: (call, answer) => {
      if (call.method !== 'eth_getLogs' || !answer.result?.length) return answer;
      hidden += answer.result.length;
      return { ...answer, result: [] };
    } });
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    // payd moves past the block (its header is served) while the logs are missing.
    const cursor = () => Number(sql(payd, 'SELECT number FROM chain_cursors WHERE chain_id = 31337') || -1);
    await eventually(async () => hidden > 0 && cursor() >= num(receipt.blockNumber), { what: 'payd past the block, its logs withheld' });
    assert.equal((await intent(pi.id)).status, 'CREATED');
    proxy.configure({ rewrite: null });
    const paid = await until(pi.id, 'PAID');
    assert.equal(paid.txHash, receipt.transactionHash);
  });

  test('oversized replies and compression bombs stop at the reply cap', async (t) => {
    const { chain, proxy, payd, shop, until } = await behindProvider(t, { confirmations: 1, extra: 'rpc_max_reply_mb = 1' });
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '14.00', currency: 'USDC', chainId: 31337 })).json;
    const bomb = gzipSync(Buffer.alloc(512 << 20, 0x20), { level: 9 });  // 512 MiB of spaces
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 0, result: [], padding: 'x'.repeat(4 << 20) });
    let served = 0;
    proxy.configure({
      intercept(call) {
        if (call.method !== 'eth_getLogs' || served >= 4) return undefined;
        served++;
        return served % 2 ? { raw: bomb, headers: { 'Content-Encoding': 'gzip' } } : { raw: huge, headers: {} };
      },
    });
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await eventually(async () => served >= 4, { timeout: 30000, what: 'oversized replies served' });
    await until(pi.id, 'PAID');
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${payd.proc.pid}/status`, 'utf8'))[1]);
    assert.ok(peak < 400 * 1024, `payd's peak memory stayed far below the bomb: ${peak} kB`);
    assert.ok(payd.logs.some((l) => /larger than the cap/.test(l.error ?? '')), 'the cap is named in the log');
  });
});

describe('checks on what the chain says', () => {
  let chain, payd, shop;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1, extra: 'trace_internal = true' }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;

  test('ETH paid from 40 nested calls deep is found in the trace', async () => {
    const forwarder = await chain.deploy('Forwarder');
    const pi = (await createIntent(payd, shop.integration.id, { amount: '4000000000000000', currency: 'ETH', chainId: 31337 })).json;
    const receipt = await chain.call(forwarder, 'payDeep', [PAYOUT, 40n], { value: BigInt(pi.amount) });
    assert.equal(receipt.status, 'success');
    await eventually(async () => (await intent(pi.id)).status === 'PAID', { timeout: 20000, what: 'the deep payment PAID' });
  });

  test('two exact payments read in one pass: the earlier on chain pays, though the later is an internal transfer', async () => {
    const forwarder = await chain.deploy('Forwarder');
    const pi = (await createIntent(payd, shop.integration.id, { amount: '5000000000000000', currency: 'ETH', chainId: 31337 })).json;
    await payd.stopCleanly();  // both blocks are read by the next start's first pass
    const plain = await chain.payEth(PAYOUT, BigInt(pi.amount));
    const internal = await chain.call(forwarder, 'payDeep', [PAYOUT, 2n], { value: BigInt(pi.amount) });
    assert.ok(internal.blockNumber > plain.blockNumber);
    await launch(payd);
    const paid = await eventually(async () => {
      const i = await intent(pi.id);
      return i.status === 'PAID' ? i : null;
    }, { timeout: 20000, what: 'the intent PAID' });
    assert.equal(paid.txHash, plain.transactionHash);
    const payments = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    const second = payments.find((p) => p.txHash === internal.transactionHash);
    assert.equal(second.intentId, null, 'the later one is the payer paying twice');
  });

  test('zero-value Transfer events are not payments', async () => {
    const before = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data.length;
    await chain.payUsdc(PAYOUT, 0n);
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '15.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await eventually(async () => (await intent(pi.id)).status === 'PAID', { what: 'the real payment PAID' });
    const payments = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.equal(payments.length, before + 1, 'only the real transfer is a payment');
    assert.ok(payments.every((p) => p.amount !== '0'));
    const events = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    assert.ok(!events.some((e) => e.type === 'PAYMENT_UNMATCHED' && e.data.amount === '0'));
  });
});

describe('an RPC endpoint of another chain', () => {
  // The proxy is a node that says it serves chain 5 (a testnet URL filed under
  // the wrong chain id): payd must not read a single block from it.
  let chain, proxy, payd, shop;
  const methods = [];
  before(async () => {
    chain = await startChain();
    proxy = await startRpcProxy(chain.url, {
      intercept(call) {
        methods.push(call.method);
        return call.method === 'eth_chainId' ? { jsonrpc: '2.0', id: call.id, result: '0x5' } : undefined;
      },
    });
    const config = chainConfig(chain, { confirmations: 1 })
      .replace(/rpc_urls = \[.*\]/, `rpc_urls = ["${proxy.url}", "${chain.url}"]`);
    payd = await startPayd({ config });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));

  test('is skipped for the endpoint that serves the configured chain', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '17.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    const get = async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    await eventually(async () => (await get()).status === 'PAID', { what: 'the payment PAID' });
    assert.deepEqual([...new Set(methods)], ['eth_chainId'], 'nothing but eth_chainId asked of chain 5');
    assert.ok(payd.logs.some((l) => l.msg === 'RPC endpoint serves another chain; not using it'
      && l.servedChainId === 5 && l.configuredChainId === 31337));
  });

  test('alone, it pays nothing', async (t) => {
    const lone = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations: 1 }) });
    t.after(() => lone.cleanup());
    const merchant = createMerchant(lone);
    const pi = (await createIntent(lone, merchant.integration.id, { amount_usd: '18.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    // Two passes failing after the payment: the second began after it, and
    // had it read the chain, it would have seen the payment.
    const paidAt = Date.now();
    const failedSince = () => lone.logs.filter((l) => l.msg === 'chain pass failed; retrying' && Date.parse(l.ts) > paidAt
      && /no configured RPC endpoint serves chain 31337/.test(l.error)).length;
    const get = async () => (await lone.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: merchant.read.key })).json;
    await eventually(async () => failedSince() >= 2 || (await get()).status !== 'CREATED', { what: 'two passes tried after the payment' });
    assert.equal((await get()).status, 'CREATED');
    assert.deepEqual([...new Set(methods)], ['eth_chainId']);
  });
});
