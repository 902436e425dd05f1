// payd's first start on a chain, when its node cannot be reached or payd is
// killed before its first pass: what was sent to a payout address meanwhile
// is still recorded (docs/operator-guide.md, `start_block`), and a
// reorganisation right after the first pass does not hide a transfer.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, sleep, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

const num = (hex) => Number(BigInt(hex));
const SCANNING_BACK = 'first start: scanning back to when payd began watching';

// A payd whose node is unreachable from its very first start, with a merchant.
async function firstStartWithNodeDown(t, { chainArgs = [] } = {}) {
  // Registered before anything starts: what did start is stopped whatever fails after it.
  let chain, proxy, payd;
  t.after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));
  chain = await startChain({ args: chainArgs });
  proxy = await startRpcProxy(chain.url);
  proxy.setDown(true);
  payd = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations: 1, extra: 'rpc_timeout_ms = 500' }) });
  return { chain, proxy, payd, shop: createMerchant(payd) };
}
describe('a first start without the node', () => {
  test('intents taken while the node is unreachable at first start are still seen paid', async (t) => {
    const { chain, proxy, payd, shop } = await firstStartWithNodeDown(t);
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '21.00', currency: 'USDC', chainId: 31337 })).json;
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(3);  // the payment is well below the head when payd first reads the chain
    proxy.setDown(false);
    await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID',
      { timeout: 30000, what: 'the payment made before the first pass PAID' });
    const scan = await eventually(() => payd.logs.find((l) => l.msg === SCANNING_BACK), { what: 'the scan back logged' });
    assert.ok(scan.fromBlock <= num(receipt.blockNumber), `scanned from ${scan.fromBlock}`);
  });

  test('transfers sent while the node is unreachable for the first 10 s are recorded, even with the chain clock 15 min behind', async (t) => {
    const behindS = 15 * 60;
    const { chain, proxy, payd, shop } = await firstStartWithNodeDown(t, { chainArgs: ['--timestamp', String(Math.floor(Date.now() / 1000) - behindS)] });
    // No intent yet (one would make payd scan back anyway): what makes it
    // scan back here is the first pass coming more than 10 s after payd set
    // out to watch (operator guide, `start_block`). The transfer is 15 minutes
    // old in chain time, inside the hour payd looks back.
    const receipt = await chain.payUsdc(PAYOUT, 4_000_000n);
    await chain.mine(3);
    await eventually(() => payd.logs.some((l) => l.msg === 'chain pass failed; retrying'), { what: 'the first pass failing' });
    const began = Number(sql(payd, 'SELECT started_at FROM chain_watch_starts WHERE chain_id = 31337'));
    assert.ok(began > Date.now() - 60000, `payd began watching at ${began}`);
    while (Date.now() < began + 10000) await sleep(began + 10000 - Date.now()); // sleep-ok: the moment a first pass is late (10 s after the watch began)
    proxy.setDown(false);
    const payment = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
      return list.find((p) => p.txHash === receipt.transactionHash);
    }, { timeout: 30000, what: 'the transfer sent before the first pass recorded' });
    assert.equal(payment.intentId, null);
    assert.equal(payment.amount, '4000000');
    const scan = await eventually(() => payd.logs.find((l) => l.msg === SCANNING_BACK), { what: 'the scan back logged' });
    assert.ok(scan.fromBlock <= num(receipt.blockNumber), `scanned from ${scan.fromBlock}`);
  });
  // Harness seed 201: payd set out to watch, was killed before any pass, and
  // was started again within 10 s. Its first pass was then taken for a prompt
  // one and began at the head, above a transfer sent while it was down.
  test('a payd killed before its first pass and started again at once still scans back', async (t) => {
    const { chain, proxy, payd, shop } = await firstStartWithNodeDown(t);
    const began = await eventually(() => Number(sql(payd, 'SELECT started_at FROM chain_watch_starts WHERE chain_id = 31337')) || null,
      { what: 'payd setting out to watch the chain' });
    await payd.stop('SIGKILL');
    const receipt = await chain.payUsdc(PAYOUT, 6_000_000n);
    await chain.mine(3);  // the transfer is below the head when payd first reads the chain
    proxy.setDown(false);
    await launch(payd);
    assert.ok(Date.now() - began < 10000, 'started again within 10 s of setting out to watch (else this proves nothing)');
    const payment = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
      return list.find((p) => p.txHash === receipt.transactionHash);
    }, { timeout: 30000, what: 'the transfer sent while payd was down recorded' });
    assert.equal(payment.intentId, null);
    assert.equal(payment.amount, '6000000');
    const scan = await eventually(() => payd.logs.find((l) => l.msg === SCANNING_BACK), { what: 'the scan back logged' });
    assert.ok(scan.fromBlock <= num(receipt.blockNumber), `scanned from ${scan.fromBlock}`);
  });
});

describe('a reorganisation right after the first start', () => {
  test('a transfer moved into the block the first pass started above is still recorded', async (t) => {
    let chain, payd;
    t.after(() => stopAll(() => payd?.close(), () => chain?.stop()));
    chain = await startChain();
    await chain.mine(3);  // blocks that a reorg may replace without undoing the USDC mints
    const start = await chain.blockNumber();  // the first pass scans from here, above block start-1
    payd = await startPayd({ config: chainConfig({ url: chain.url }, { confirmations: 1 }) });
    const shop = createMerchant(payd);
    const payments = async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    // Signed now, with the nonce the next payment takes: valid on the new branch, where that one is gone.
    const moved = await chain.signedUsdcTransfer(PAYOUT, 2_000_000n);
    await chain.payUsdc(PAYOUT, 1_000_000n);  // block start+1: proves the first pass is done
    await eventually(async () => (await payments()).length === 1, { what: 'the first payment recorded' });

    // Blocks start-1 .. start+1 are replaced; the other transfer lands in the lowest.
    assert.equal(await chain.blockNumber(), start + 1n);
    await chain.reorg(3, [[moved, 0]]);
    await chain.mine(1);
    const found = await eventually(async () => (await payments()).find((p) => p.amount === '2000000' && p.status !== 'REORGED'),
      { timeout: 20000, what: 'the transfer in the replaced first block' });
    assert.equal(found.blockNumber, Number(start) - 1);
  });
});
