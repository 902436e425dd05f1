// The provider simulator (lib/provider_sim.mjs) does what it says: each
// behaviour, on a real anvil, seen by a plain JSON-RPC client.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';

import { PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { startProviderSim } from './lib/provider_sim.mjs';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const hex = (n) => `0x${BigInt(n).toString(16)}`;

describe('provider simulator', () => {
  let chain, sim, id = 0;
  const call = (method, params = []) => ({ jsonrpc: '2.0', id: ++id, method, params });
  const post = async (body, headers = {}) => {
    const res = await fetch(sim.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const rpc = async (method, params) => JSON.parse((await post(call(method, params))).text);
  const batch = async (calls) => JSON.parse((await post(calls)).text);
  const latest = async () => Number(await chain.blockNumber());
  const logsFilter = (from, to) => ({
    fromBlock: hex(from), toBlock: hex(to), address: USDC_ADDRESS, topics: [TRANSFER_TOPIC],
  });

  before(async () => {
    chain = await startChain();
    sim = await startProviderSim(chain.url);
    await chain.mine(5);
  });
  after(() => stopAll(() => sim?.close(), () => chain?.stop()));

  test('lagBackend: answers alternate between the head and a backend k blocks behind, batches whole', async () => {
    const head = await latest();
    sim.set('lagBackend', { k: 2 });
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const [n, tagged, top] = await batch([call('eth_blockNumber'), call('eth_getBlockByNumber', ['latest', false]), call('eth_getBlockByNumber', [hex(head), false])]);
      seen.push(Number(n.result));
      assert.equal(Number(tagged.result.number), Number(n.result), 'one backend answers the whole batch');
      assert.equal(top.result === null, Number(n.result) < head);
    }
    sim.clear('lagBackend');
    assert.deepEqual(seen.sort(), [head - 2, head - 2, head, head]);
    assert.equal(sim.stats.lagged, 2);
  });

  test('headBack: the head goes back; newer logs, receipts and transactions are not there', async () => {
    const receipt = await chain.payUsdc(PAYOUT, 1n);
    const n = Number(receipt.blockNumber);
    sim.set('headBack', { k: 1 });
    assert.equal(Number((await rpc('eth_blockNumber')).result), n - 1);
    assert.deepEqual((await rpc('eth_getLogs', [logsFilter(n - 2, n)])).result, []);
    assert.equal((await rpc('eth_getTransactionReceipt', [receipt.transactionHash])).result, null);
    assert.equal((await rpc('eth_getTransactionByHash', [receipt.transactionHash])).result, null);
    assert.equal((await rpc('eth_getBlockByHash', [receipt.blockHash, false])).result, null);
    assert.equal((await rpc('debug_traceBlockByNumber', [hex(n), { tracer: 'callTracer' }])).error.code, -32000);
    sim.clear('headBack');
    assert.equal((await rpc('eth_getLogs', [logsFilter(n - 2, n)])).result.length, 1);
    assert.ok(sim.stats.headBack > 0);
  });

  test('unindexed: the newest block is served before its receipts and logs', async () => {
    const old = await chain.payUsdc(PAYOUT, 2n);
    const fresh = await chain.payUsdc(PAYOUT, 3n);
    const n = Number(fresh.blockNumber);
    sim.set('unindexed', { blocks: 1 });
    const block = (await rpc('eth_getBlockByNumber', [hex(n), true])).result;
    assert.equal(block.transactions[0].hash, fresh.transactionHash, 'the block and its transactions are there');
    const [a, b] = await batch([call('eth_getTransactionReceipt', [old.transactionHash]), call('eth_getTransactionReceipt', [fresh.transactionHash])]);
    assert.equal(a.result.transactionHash, old.transactionHash, 'per element: the older receipt is there');
    assert.equal(b.result, null);
    const logs = (await rpc('eth_getLogs', [logsFilter(n - 1, n)])).result;
    assert.deepEqual(logs.map((l) => l.transactionHash), [old.transactionHash]);
    await chain.mine(1);
    assert.equal((await rpc('eth_getTransactionReceipt', [fresh.transactionHash])).result.transactionHash, fresh.transactionHash,
      'indexed once it is no longer the newest');
    sim.clear('unindexed');
    assert.ok(sim.stats.unindexedHidden >= 2);
  });

  test('logsLag: eth_getLogs misses the newest block; receipts are there', async () => {
    const fresh = await chain.payUsdc(PAYOUT, 4n);
    const n = Number(fresh.blockNumber);
    sim.set('logsLag', { blocks: 1 });
    assert.deepEqual((await rpc('eth_getLogs', [logsFilter(n, n)])).result, []);
    assert.equal((await rpc('eth_getTransactionReceipt', [fresh.transactionHash])).result.status, '0x1');
    sim.clear('logsLag');
    assert.equal((await rpc('eth_getLogs', [logsFilter(n, n)])).result.length, 1);
    assert.equal(sim.stats.logsHidden, 1);
  });

  test('rangeLimit: -32005 beyond max blocks', async () => {
    const head = await latest();
    sim.set('rangeLimit', { max: 3 });
    assert.equal((await rpc('eth_getLogs', [logsFilter(head - 3, head)])).error.code, -32005);
    assert.ok(Array.isArray((await rpc('eth_getLogs', [logsFilter(head - 2, head)])).result));
    sim.clear('rangeLimit');
    assert.equal(sim.stats.rangeErrors, 1);
  });

  test('rateLimit: HTTP 429 with and without Retry-After, and -32005 per batch element', async () => {
    sim.set('rateLimit', { every: 1, kind: '429' });
    let res = await post(call('eth_blockNumber'));
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), null);
    sim.set('rateLimit', { every: 1, kind: '429-retry-after' });
    res = await post(call('eth_blockNumber'));
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '1');
    sim.set('rateLimit', { every: 2, kind: 'rpc' });
    assert.equal(JSON.parse((await post(call('eth_chainId'))).text).result, '0x7a69', 'the first request passes');
    const answers = await batch([call('eth_chainId'), call('eth_chainId'), call('eth_chainId'), call('eth_chainId')]);
    assert.deepEqual(answers.map((a) => a.error?.code ?? a.result), [-32005, '0x7a69', -32005, '0x7a69']);
    sim.clear('rateLimit');
    assert.deepEqual([sim.stats.rate429, sim.stats.rate429RetryAfter, sim.stats.rateRpc], [1, 1, 2]);
  });

  test('drop: the socket dies before the request is forwarded, or halfway through the reply', async () => {
    sim.set('drop', { every: 1, when: 'before' });
    await assert.rejects(post(call('eth_blockNumber')));
    sim.set('drop', { every: 1, when: 'during' });
    await assert.rejects(post(call('eth_blockNumber')));
    sim.clear('drop');
    assert.equal(sim.stats.dropped, 2);
    assert.ok((await rpc('eth_blockNumber')).result);
  });

  test('slow and hang: a late but right answer; no answer until the client gives up', async () => {
    sim.set('slow', { every: 1, ms: 100 });
    assert.equal((await rpc('eth_chainId')).result, '0x7a69');
    sim.clear('slow');
    sim.set('hang', { every: 1 });
    await assert.rejects(fetch(sim.url, { method: 'POST', body: JSON.stringify(call('eth_chainId')), signal: AbortSignal.timeout(300) }));
    sim.clear('hang');
    assert.equal(sim.stats.slow, 1);
    assert.equal(sim.stats.hangs, 1);
  });

  test('oversized: a reply of many MiB that is still the right JSON', async () => {
    sim.set('oversized', { every: 1, mb: 8 });
    const res = await post(call('eth_chainId'));
    sim.clear('oversized');
    assert.ok(res.text.length >= 8 << 20);
    assert.equal(JSON.parse(res.text).result, '0x7a69');
  });

  test('gzipBomb: a small gzip body that inflates to many MiB, only for clients that accept gzip', async () => {
    sim.set('gzipBomb', { every: 1, mb: 16 });
    const raw = await new Promise((resolve, reject) => {
      const req = httpRequest(sim.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(call('eth_chainId')));
    });
    assert.equal(raw.encoding, 'gzip');
    assert.ok(raw.body.length < 100 << 10, `compressed ${raw.body.length} bytes`);
    const inflated = gunzipSync(raw.body);
    assert.ok(inflated.length >= 16 << 20);
    assert.equal(JSON.parse(inflated).result, '0x7a69');
    const plain = await post(call('eth_chainId'), { 'Accept-Encoding': 'identity' });
    assert.equal(JSON.parse(plain.text).result, '0x7a69', 'no bomb for a client that does not accept gzip');
    sim.clear('gzipBomb');
    assert.equal(sim.stats.gzipBombs, 1);
  });

  test('missingMethods, down, and waiting for polls', async () => {
    sim.set('missingMethods', { methods: ['trace_block'] });
    assert.equal((await rpc('trace_block', ['0x1'])).error.code, -32601);
    sim.clear('missingMethods');
    sim.setDown(true);
    await assert.rejects(post(call('eth_blockNumber')));
    sim.setDown(false);
    const waited = sim.waitForPolls(2, 5000);
    await rpc('eth_blockNumber');
    await rpc('eth_blockNumber');
    assert.equal(await waited, true);
    assert.equal(await sim.waitForPolls(1, 50), false);
  });
});
