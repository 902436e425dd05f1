// USD prices from on-chain feeds (tools/devchain PriceFeed, a Chainlink-style
// aggregator) that answer what no real price can be: an update dated in the
// future, or so far ahead that it fits no clock; and one whose last update is
// older than price_max_age_s. payd refuses to price with them (503, never a
// guess, with Retry-After: the feeds are read again every minute), says why
// in its log, and keeps serving. A feed address whose call reverts (no feed
// there) is refused the same way, and the other feeds are still read.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { checkedFetch } from './lib/openapi.mjs';

// docs/operator-guide.md: feeds are read every minute; DECISIONS §9: a 503 says when to retry.
const PRICE_RETRY_AFTER = '60';

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
    // OLD at 1 USD, last updated two hours ago: older than price_max_age_s (3600 by default).
    const old = await chain.deploy('PriceFeed', { args: [8, 100000000n] });
    await chain.call(old, 'set', [100000000n, now - 7200n]);
    const oldToken = await chain.deploy('TestUSDC');
    // REV's feed is no feed: a token contract, whose latestRoundData() call reverts.
    const rev = await chain.deploy('TestUSDC');
    const notAFeed = await chain.deploy('TestUSDC');
    // OK, read last, has a sound feed: once it is priced, the others have been read.
    const sound = await chain.deploy('PriceFeed', { args: [8, 100000000n] });
    const tkn = await chain.deploy('TestUSDC');
    const ok = await chain.deploy('TestUSDC');
    const token = (symbol, address, feed) =>
      `\n[[chains.tokens]]\nsymbol = "${symbol}"\nname = "${symbol}"\naddress = "${address}"\ndecimals = 6\nprice_feed = "${feed}"\n`;
    const config = chainConfig(chain, { confirmations: 2 })
      .replace('price_usd = "3000"', `price_feed = "${ahead.address}"`) +
      token('TKN', tkn.address, huge.address) + token('OLD', oldToken.address, old.address) +
      token('REV', rev.address, notAFeed.address) +
      token('OK', ok.address, sound.address);
    payd = await startPayd({ config: `[limits]\npublic_intents_per_min = 1000\n${config}` });
    shop = createMerchant(payd, { tokens: 'USDC,ETH,TKN,OLD,REV,OK' });
  });
  // 5 USD in `currency` on the chain: priced by that token's feed.
  const priceIn = (currency) => createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency, chainId: 31337 });
  // OK's feed is sound and read last: once OK is priced, every feed has been read.
  const feedsRead = () => eventually(async () => (await priceIn('OK')).status === 201, { what: 'the feeds read' });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('a USD amount priced by a feed dated ahead of our clock is 503 unavailable, with the reason logged', async () => {
    await feedsRead();
    for (const currency of ['ETH', 'TKN']) {
      const r = await priceIn(currency);
      assert.equal(r.status, 503, `${currency}: ${r.text}`);
      assert.equal(r.json.error.code, 'unavailable');
      assert.equal(r.headers.get('retry-after'), PRICE_RETRY_AFTER, currency);
    }
    const refused = await eventually(() => {
      const lines = payd.logs.filter((l) => l.msg.startsWith('price feed gave no usable answer'));
      return ['ETH', 'TKN'].every((t) => lines.some((l) => l.token === t)) ? lines : null;
    }, { what: 'both refusals logged' });
    for (const line of refused.filter((l) => l.token !== 'REV')) {
      assert.equal(line.problem, 'updatedAt is in the future');
      assert.equal(line.level, 'warn');
    }
  });

  test('a feed address where the call reverts is refused as no feed, and the feeds after it are read', async () => {
    await feedsRead();
    const r = await priceIn('REV');
    assert.equal(r.status, 503, r.text);
    assert.equal(r.json.error.code, 'unavailable');
    const line = payd.logs.find((l) => l.msg.startsWith('price feed gave no usable answer') && l.token === 'REV');
    assert.equal(line?.problem, "the feed's call reverted", JSON.stringify(line));
  });

  test('a USD amount priced by a stale feed is 503 unavailable with Retry-After, on the API and on a link\'s form', async () => {
    await feedsRead();
    const r = await priceIn('OLD');
    assert.equal(r.status, 503, r.text);
    assert.equal(r.json.error.code, 'unavailable');
    assert.match(r.json.error.message, /stale/);
    assert.equal(r.headers.get('retry-after'), PRICE_RETRY_AFTER);

    // The hosted link page's form, for a browser: the page says so, with the same Retry-After.
    const link = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
    assert.equal(link.status, 201, link.text);
    const form = await checkedFetch(`${payd.url}/pay/${link.json.id}`, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ amount: '25.00', option: '31337:OLD' }).toString(),
    });
    assert.equal(form.status, 503, await form.text());
    assert.match(form.headers.get('content-type'), /^text\/html/);
    assert.equal(form.headers.get('retry-after'), PRICE_RETRY_AFTER);
  });

  test('payd keeps serving what needs no feed price', async () => {
    const pegged = await priceIn('USDC');
    assert.equal(pegged.status, 201, pegged.text);
    const units = await createIntent(payd, shop.integration.id, { amount: '5000000', currency: 'TKN', chainId: 31337 });
    assert.equal(units.status, 201, units.text);
    assert.equal(payd.proc.exitCode, null);
  });
});
