// USD prices from on-chain feeds (tools/devchain PriceFeed, a Chainlink-style
// aggregator) that answer what no real price can be: an update dated in the
// future, or so far ahead that it fits no clock. payd refuses to price with
// them (503, never a guess), says why in its log, and keeps serving.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, startChain } from './lib/chain.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

describe('price feeds from the future', () => {
  let chain, payd, shop;

  before(async () => {
    chain = await startChain();
    const now = (await chain.client.getBlock()).timestamp;
    // ETH at 2000 USD, updated an hour from now; TKN at 1 USD, updated at 2^255 s.
    const ahead = await chain.deploy('PriceFeed', { args: [8, 200000000000n] });
    await chain.call(ahead, 'set', [200000000000n, now + 3600n]);
    const huge = await chain.deploy('PriceFeed', { args: [8, 100000000n] });
    await chain.call(huge, 'set', [100000000n, 2n ** 255n]);
    // OK, read last, has a sound feed: once it is priced, the others have been read.
    const sound = await chain.deploy('PriceFeed', { args: [8, 100000000n] });
    const tkn = await chain.deploy('TestUSDC');
    const ok = await chain.deploy('TestUSDC');
    const token = (symbol, address, feed) =>
      `\n[[chains.tokens]]\nsymbol = "${symbol}"\nname = "${symbol}"\naddress = "${address}"\ndecimals = 6\nprice_feed = "${feed}"\n`;
    const config = chainConfig(chain, { confirmations: 2 })
      .replace('price_usd = "3000"', `price_feed = "${ahead.address}"`) +
      token('TKN', tkn.address, huge.address) + token('OK', ok.address, sound.address);
    payd = await startPayd({ config: `[limits]\npublic_intents_per_min = 1000\n${config}` });
    shop = createMerchant(payd, { tokens: 'USDC,ETH,TKN,OK' });
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
    await chain.stop();
  });

  test('a USD amount priced by a feed dated ahead of our clock is 503 unavailable, with the reason logged', async () => {
    await eventually(async () => (await createIntent(payd, shop.integration.id,
      { amount_usd: '5.00', currency: 'OK', chainId: 31337 })).status === 201, { what: 'the feeds read' });
    for (const currency of ['ETH', 'TKN']) {
      const r = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency, chainId: 31337 });
      assert.equal(r.status, 503, `${currency}: ${r.text}`);
      assert.equal(r.json.error.code, 'unavailable');
    }
    const refused = await eventually(() => {
      const lines = payd.logs.filter((l) => l.msg.startsWith('price feed gave no usable answer'));
      return ['ETH', 'TKN'].every((t) => lines.some((l) => l.token === t)) ? lines : null;
    }, { what: 'both refusals logged' });
    for (const line of refused) {
      assert.equal(line.problem, 'updatedAt is in the future');
      assert.equal(line.level, 'warn');
    }
  });

  test('payd keeps serving what needs no feed price', async () => {
    const pegged = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'USDC', chainId: 31337 });
    assert.equal(pegged.status, 201, pegged.text);
    const units = await createIntent(payd, shop.integration.id, { amount: '5000000', currency: 'TKN', chainId: 31337 });
    assert.equal(units.status, 201, units.text);
    assert.equal(payd.proc.exitCode, null);
  });
});
