// Chains whose confirmation policy is a finality tag: a payment is PAID once
// its block is "finalized" (anvil with 4 slots an epoch: latest - 8).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

describe('confirmations by finality tag', () => {
  let chain, proxy, payd, shop;
  // Each watcher pass starts by asking for the "finalized" block: counted
  // here, to know when a whole pass has run since some moment.
  let finalizedReads = 0;
  before(async () => {
    chain = await startChain({ args: ['--slots-in-an-epoch', '4'] });
    proxy = await startRpcProxy(chain.url, {
      intercept: (call) => {
        if (call.method === 'eth_getBlockByNumber' && call.params[0] === 'finalized') finalizedReads++;
      },
    });
    payd = await startPayd({ config: chainConfig({ url: proxy.url }, { confirmations: 'finalized' }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => proxy?.close(), () => chain?.stop()));

  test('a payment is PAID only once its block is finalized', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '9.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal(pi.requiredConfirmations, 'finalized');
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(7);
    const get = async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    // The pass that counted 8 confirmations also read the finalized block.
    const at8 = await eventually(async () => {
      const i = await get();
      return i.confirmations === 8 ? i : null;
    }, { what: '8 confirmations' });
    const finalized = await chain.client.getBlock({ blockTag: 'finalized' });
    assert.ok(finalized.number < receipt.blockNumber, 'not yet finalized');
    assert.equal(at8.status, 'PENDING');
    // Nor on a later pass over the same chain: one starts after the next read
    // of the tag and has ended when the one after comes.
    const reads = finalizedReads;
    await eventually(() => finalizedReads >= reads + 2, { what: 'a whole watcher pass after 8 confirmations' });
    assert.equal((await get()).status, 'PENDING');
    await chain.mine(1);
    const paid = await eventually(async () => {
      const i = await get();
      return i.status === 'PAID' ? i : null;
    }, { what: 'PAID at finality' });
    assert.equal(paid.confirmations, 9);
  });
});
