// Catching up over hundreds of blocks: native coin sent to a payout address
// is recorded whether the node can prove the blocks between free of it from
// account state (payd then reads only the blocks where the payout address's
// state moved) or not (payd reads every block whole, as it always did).
// The payout address also sends coin out in the middle of the range, which a
// proof from balances alone must not mistake for "nothing received".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

const STATE_METHODS = new Set(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']);
const BURN = '0x000000000000000000000000000000000000dEaD';

// A chain, an RPC proxy in front of it whose `intercept` sees every call, and
// a payd on the proxy (one confirmation) with a merchant; all gone after the test.
async function behindProxy(t, intercept) {
  // Registered before anything starts: what did start is stopped whatever fails after it.
  let chain, proxy, payd;
  t.after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));
  chain = await startChain();
  proxy = await startRpcProxy(chain.url, { intercept });
  payd = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations: 1 }) });
  return { chain, proxy, payd, shop: createMerchant(payd) };
}

// Waits for payd's cursor to reach `block`.
function cursorAt(payd, block, { timeout, what }) {
  return eventually(() => Number(sql(payd, 'SELECT number FROM chain_cursors WHERE chain_id = 31337')) >= block,
    { timeout, what });
}

// Mines a block, lets payd's cursor reach it and stops payd: what the test
// mines next is one catch-up from there. Returns that block's number.
async function stopAtHead(chain, payd) {
  await chain.mine(1);
  const head = Number(await chain.blockNumber());
  await cursorAt(payd, head, { what: 'the cursor at the head' });
  await payd.stop();
  return head;
}

async function catchUp(t, { withState }) {
  const fullBlocks = new Set();
  let stateCalls = 0;
  const { chain, payd, shop } = await behindProxy(t, (call) => {
    if (call.method === 'eth_getBlockByNumber' && call.params[1] === true) fullBlocks.add(call.params[0]);
    if (!STATE_METHODS.has(call.method)) return undefined;
    stateCalls++;
    // A node without history answers like geth does for pruned state.
    if (!withState) return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'missing trie node' } };
    return undefined;
  });
  const pi = (await createIntent(payd, shop.integration.id, { amount: '4000000000000000', currency: 'ETH', chainId: 31337 })).json;
  await stopAtHead(chain, payd);

  // While payd is down: 300 blocks, in which the payout address is paid,
  // sends coin away (its nonce and balance move), and is paid again.
  await chain.mine(60);
  const paying = await chain.payEth(PAYOUT, BigInt(pi.amount));
  await chain.mine(90);
  await chain.rpc('eth_sendTransaction', [{ from: PAYOUT, to: BURN, value: '0x2386f26fc10000' }]);
  await chain.mine(90);
  const stray = await chain.payEth(PAYOUT, 777n);
  await chain.mine(60);
  fullBlocks.clear();
  stateCalls = 0;

  await launch(payd);
  const intent = await eventually(async () => {
    const i = (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    return i.status === 'PAID' ? i : null;
  }, { timeout: 30000, what: 'the intent paid during the catch-up PAID' });
  assert.equal(intent.txHash, paying.transactionHash);
  const payments = await eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    return list.some((p) => p.txHash === stray.transactionHash) ? list : null;
  }, { timeout: 30000, what: 'the stray payment recorded' });
  const strayPayment = payments.find((p) => p.txHash === stray.transactionHash);
  assert.equal(strayPayment.intentId, null);
  assert.equal(strayPayment.amount, '777');
  assert.equal(strayPayment.token, 'ETH');
  assert.equal(strayPayment.blockNumber, Number(stray.blockNumber));
  assert.equal(payments.filter((p) => p.token === 'ETH').length, 2, 'the coin sent away is no payment');
  return { fullBlocks, stateCalls };
}

describe('catching up over many blocks', () => {
  test('native transfers are found where the payout address state moved, and the rest is not read whole', async (t) => {
    const { fullBlocks, stateCalls } = await catchUp(t, { withState: true });
    assert.ok(stateCalls > 0, 'payd asked for account state');
    // 300 blocks; the three that moved the payout's state lie in spans of at most 80 read whole.
    assert.ok(fullBlocks.size <= 3 * 80, `read ${fullBlocks.size} of 300 blocks whole`);
  });

  test('a node without history has every block read whole, and nothing is missed', async (t) => {
    const { fullBlocks, stateCalls } = await catchUp(t, { withState: false });
    assert.ok(stateCalls > 0, 'payd tried account state');
    assert.ok(fullBlocks.size >= 300, `read ${fullBlocks.size} blocks whole`);
  });
});

// Behind by more than one pass (payd reads a catch-up in passes, the next
// read from the node while the ledger records the one before): transfers in
// the last block of a pass, the first of the next and the middle of a later
// one are each recorded once, and the last 512 headers are kept whole for
// following reorganisations.
test('a catch-up of several passes records each transfer once and keeps the last 512 headers', async (t) => {
  const logRanges = [];
  const { chain, payd, shop } = await behindProxy(t, (call) => {
    if (call.method === 'eth_getLogs') logRanges.push([Number(call.params[0].fromBlock), Number(call.params[0].toBlock)]);
    return undefined;
  });
  const intents = [];
  for (const amount of ['11000001', '12000002', '13000003']) {
    const made = await createIntent(payd, shop.integration.id, { amount, currency: 'USDC', chainId: 31337 });
    assert.equal(made.status, 201, made.text);
    intents.push(made.json);
  }
  const start = await stopAtHead(chain, payd);

  await chain.mine(499);
  const stray = await chain.payUsdc(PAYOUT, 5n);  // start + 500
  const first = await chain.payUsdc(PAYOUT, BigInt(intents[0].amount));  // start + 501
  await chain.mine(600);
  const second = await chain.payUsdc(PAYOUT, BigInt(intents[1].amount));
  await chain.mine(300);
  const third = await chain.payUsdc(PAYOUT, BigInt(intents[2].amount));
  await chain.mine(20);
  const head = Number(await chain.blockNumber());
  logRanges.length = 0;

  await launch(payd);
  await cursorAt(payd, head, { timeout: 30000, what: 'the cursor at the head after the catch-up' });
  for (const [i, paying] of [first, second, third].entries()) {
    const intent = (await payd.request('GET', `/api/v1/payment-intents/${intents[i].id}`, { key: shop.read.key })).json;
    assert.equal(intent.status, 'PAID', `intent ${i} paid`);
    assert.equal(intent.txHash, paying.transactionHash);
  }
  const payments = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
  const hashes = payments.map((p) => p.txHash).sort();
  assert.deepEqual(hashes, [stray, first, second, third].map((r) => r.transactionHash).sort(), 'each transfer recorded once');
  assert.equal(payments.find((p) => p.txHash === stray.transactionHash).intentId, null);
  assert.ok(logRanges.filter(([, to]) => to > start).length >= 3, `read in passes: ${JSON.stringify(logRanges)}`);
  const kept = Number(sql(payd, `SELECT count(*) FROM chain_blocks WHERE chain_id = 31337 AND number > ${head - 512}`));
  assert.equal(kept, 512, 'the last 512 headers kept');
});
