// payd keeps its promises when the world misbehaves: killed mid-stream, the
// node unreachable for a while, a provider that refuses wide log ranges and
// hangs on some requests. Nothing is lost, nothing is counted twice.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, sleep, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

const allPaid = async (payd, key, ids) => eventually(async () => {
  const statuses = await Promise.all(ids.map(async (id) =>
    (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key })).json.status));
  return statuses.every((s) => s === 'PAID');
}, { timeout: 20000, what: `all ${ids.length} intents PAID` });

// The block payd has read the chain up to.
const cursor = (payd) => Number(sql(payd, 'SELECT number FROM chain_cursors WHERE chain_id = 31337') || -1);

// Takes the node down; returns a wait for payd to have tried it since (the
// proxy refused its connection) and logged a failed pass, so that it meets
// all it missed at once when the node is back. (A pass failed by a hung
// request of an earlier test may be logged after this moment too; a refused
// connection cannot be an earlier one.)
const goDown = (proxy, payd) => {
  const refused = proxy.stats.refused;
  const logged = payd.logs.length;
  proxy.setDown(true);
  return () => eventually(
    () => proxy.stats.refused > refused && payd.logs.slice(logged).some((l) => l.msg === 'chain pass failed; retrying'),
    { what: 'payd failing to reach the node while it is down' },
  );
};

const tenantPayments = async (payd, key) => {
  const out = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await payd.request('GET', `/api/v1/payments?limit=100&offset=${offset}`, { key })).json;
    out.push(...page.data);
    if (!page.hasMore) return out;
  }
};

describe('payd killed mid-stream', () => {
  let chain, payd, shop;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.cleanup(), () => chain?.stop()));

  test('SIGKILL while payments stream in, then restart: every payment counted once', async () => {
    const intents = [];
    for (let i = 0; i < 12; i++) {
      const r = await createIntent(payd, shop.integration.id, { amount_usd: `${i + 1}.00`, currency: 'USDC', chainId: 31337 });
      intents.push(r.json);
    }
    for (const [i, pi] of intents.entries()) {
      await chain.payUsdc(PAYOUT, BigInt(pi.amount), { from: i % 2 ? PAYER2 : undefined });
      if (i === 5) assert.equal(await payd.stop('SIGKILL'), 'SIGKILL');
    }
    await chain.mine(3);
    await launch(payd);
    await allPaid(payd, shop.read.key, intents.map((pi) => pi.id));
    const payments = await tenantPayments(payd, shop.read.key);
    assert.equal(payments.length, 12, 'one payment per transfer');
    assert.equal(new Set(payments.map((p) => p.txHash)).size, 12);
    assert.ok(payments.every((p) => p.intentId && p.status === 'CONFIRMED'));
    await payd.stopCleanly();
  });
});

describe('an unreliable node', () => {
  let chain, proxy, payd, shop;
  before(async () => {
    chain = await startChain();
    proxy = await startRpcProxy(chain.url);
    payd = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations: 2, extra: 'rpc_timeout_ms = 1500' }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));

  test('the node unreachable for a while, then back: the watcher catches up', async () => {
    const a = (await createIntent(payd, shop.integration.id, { amount_usd: '11.00', currency: 'USDC', chainId: 31337 })).json;
    const b = (await createIntent(payd, shop.integration.id, { amount: '2000000000000000', currency: 'ETH', chainId: 31337 })).json;
    // payd has read the chain up to its head before the node goes: it catches
    // up from there, over every block mined while it was unreachable.
    const head = Number(await chain.blockNumber());
    await eventually(() => cursor(payd) >= head, { what: `payd's cursor at the head, block ${head}` });
    const triedWhileDown = goDown(proxy, payd);
    await chain.payUsdc(PAYOUT, BigInt(a.amount));
    await chain.payEth(PAYOUT, BigInt(b.amount));
    await chain.mine(40);
    await triedWhileDown();
    await sleep(1000); // sleep-ok: the node stays unreachable a while (the subject), payd retrying
    proxy.setDown(false);
    await allPaid(payd, shop.read.key, [a.id, b.id]);
    // Logged before the pass that paid them, but read from payd's stderr, which may lag the API.
    await eventually(() => payd.logs.some((l) => l.msg === 'chain reachable again'), { what: 'chain reachable again, logged' });
    const failure = payd.logs.find((l) => l.msg === 'chain pass failed; retrying');
    assert.equal(failure.level, 'warn');
    assert.ok(failure.retryInMs > 0);
  });

  test('a provider that refuses wide eth_getLogs ranges: payd bisects', async () => {
    proxy.configure({ maxLogRange: 3 });
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '13.00', currency: 'USDC', chainId: 31337 })).json;
    const triedWhileDown = goDown(proxy, payd);
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(30);
    await triedWhileDown();
    const before = proxy.stats.rangeErrors;
    proxy.setDown(false);
    await allPaid(payd, shop.read.key, [pi.id]);
    assert.ok(proxy.stats.rangeErrors > before, 'payd met range errors and got past them');
    proxy.configure({ maxLogRange: Infinity });
  });

  test('a provider that hangs on some requests: payd times out and retries', async () => {
    proxy.configure({ hangEvery: 4, hangMs: 4000 });
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '17.00', currency: 'USDC', chainId: 31337 })).json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(2);
    await allPaid(payd, shop.read.key, [pi.id]);
    assert.ok(proxy.stats.hangs > 0);
    proxy.configure({ hangEvery: 0 });
    const payments = await tenantPayments(payd, shop.read.key);
    assert.equal(payments.filter((p) => p.intentId === pi.id).length, 1);
  });

  test('a provider too slow for large batches of full blocks: payd asks for fewer', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount: '4000000000000000', currency: 'ETH', chainId: 31337 })).json;
    const triedWhileDown = goDown(proxy, payd);
    await chain.mine(12);
    await chain.payEth(PAYOUT, BigInt(pi.amount));
    await chain.mine(12);
    await triedWhileDown();
    proxy.configure({ slowFullBlocksOver: 5, hangMs: 4000 });
    const hangsBefore = proxy.stats.hangs;
    proxy.setDown(false);
    await allPaid(payd, shop.read.key, [pi.id]);
    assert.ok(proxy.stats.hangs > hangsBefore, 'payd asked for too many blocks at first');
    assert.ok(proxy.stats.largestFullBlockBatch >= 1, 'smaller batches went through');
    proxy.configure({ slowFullBlocksOver: Infinity });
  });
});

describe('native coin sent by a contract', () => {
  let chain, forwarder;
  before(async () => {
    chain = await startChain();
    forwarder = await chain.deploy('Forwarder');
  });
  after(() => chain?.stop());

  // A payd on `rpcUrl` with tracing on; the intent is paid through the
  // Forwarder contract, so the payout address only shows in traces. Each test
  // asks a different amount: a fresh payd reads the block at the head when it
  // starts, which holds the previous test's payment.
  const paidThroughContract = async (rpcUrl, amount) => {
    const payd = await startPayd({ config: chainConfig({ url: rpcUrl }, { confirmations: 1, extra: 'trace_internal = true' }) });
    try {
      const shop = createMerchant(payd);
      const pi = (await createIntent(payd, shop.integration.id, { amount, currency: 'ETH', chainId: 31337 })).json;
      const receipt = await chain.call(forwarder, 'pay', [PAYOUT], { value: BigInt(pi.amount) });
      const paid = await eventually(async () => {
        const i = (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
        return i.status === 'PAID' ? i : null;
      }, { what: 'PAID through a contract' });
      assert.equal(paid.txHash, receipt.transactionHash);
      const payment = (await tenantPayments(payd, shop.read.key)).find((p) => p.intentId === pi.id);
      assert.equal(payment.logIndex, null);
      assert.equal(payment.senderAddress.toLowerCase(), forwarder.address.toLowerCase());
      await payd.stopCleanly();
      return payd;
    } finally {
      await payd.cleanup();
    }
  };

  test('is found through debug_traceBlockByNumber and pays the intent', async () => {
    await paidThroughContract(chain.url, '3000000000000000');
  });

  test('is found through trace_block on a node without debug_traceBlockByNumber', async () => {
    const proxy = await startRpcProxy(chain.url, { missingMethods: ['debug_traceBlockByNumber'] });
    try {
      const payd = await paidThroughContract(proxy.url, '5000000000000000');
      assert.ok(payd.logs.some((l) => l.msg === 'the node has no debug_traceBlockByNumber; using trace_block'));
    } finally {
      await proxy.close();
    }
  });
});
