// Chains whose confirmation policy is a finality tag: a payment is PAID once
// its block is "finalized" (anvil with 4 slots an epoch: latest - 8).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { createIntent, createMerchant, sleep, startPayd } from './lib/payd.mjs';

describe('confirmations by finality tag', () => {
  let chain, payd, shop;
  before(async () => {
    chain = await startChain({ args: ['--slots-in-an-epoch', '4'] });
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 'finalized' }) });
    shop = createMerchant(payd);
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
    await chain.stop();
  });

  test('a payment is PAID only once its block is finalized', async () => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '9.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal(pi.requiredConfirmations, 'finalized');
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(7);
    const get = async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    await eventually(async () => (await get()).confirmations === 8, { what: '8 confirmations' });
    const finalized = await chain.client.getBlock({ blockTag: 'finalized' });
    assert.ok(finalized.number < receipt.blockNumber, 'not yet finalized');
    await sleep(300);
    assert.equal((await get()).status, 'PENDING');
    await chain.mine(1);
    const paid = await eventually(async () => {
      const i = await get();
      return i.status === 'PAID' ? i : null;
    }, { what: 'PAID at finality' });
    assert.equal(paid.confirmations, 9);
  });
});
