// Prices in the merchant's own currency (issue 36, DECISIONS §14): a link or
// a /v1 intent in EUR or JPY, converted at the median of the rate sources
// (a Chainlink-shaped EUR / USD feed on anvil and the ECB's daily file from a
// local HTTPS server), exactly, rounded up in token units; a euro stablecoin
// pegged to EUR is paid 1:1. Sources that disagree by more than 1% or are
// stale price nothing (503 unavailable, Retry-After) and nothing is created;
// a currency no source covers is a 400 naming those that are; the intent
// keeps its price and its rate across a restart.
//
// Every expected amount is worked out by hand from these rates:
//   ECB (units per euro): USD 1.0825, GBP 0.8516, JPY 162.00, CHF 0.9350
//   feeds (USD per unit): EUR 1.0830, GBP 1.3000, CHF 1.1580 (two days old)
//   EUR = median(1.0830, 1.0825) = (1.0830 + 1.0825) / 2 = 1.08275 USD
//   25.00 EUR in USDC (6 decimals, 1 USD): 25 x 1.08275 = 27.06875 -> 27068750
//   (each intent's exact amount adds the fewest units that make it unique, DECISIONS §5: 1)
//   25.00 EUR in EURC (6 decimals, pegged to EUR): 25000000, 1:1
//   25.00 EUR in ETH (3000 USD): 27.06875 / 3000 = 0.00902291666... ETH
//     -> 9022916666666666.67 wei, rounded up: 9022916666666667
//   JPY = ECB only: 1.0825 / 162 = 0.006682098765432098765... rounded up at
//     18 decimals: 0.006682098765432099; 3000 JPY = 20.046296296296297 USD
//     -> 20046296.30 USDC units, rounded up: 20046297
//   GBP: feed 1.3000 against the ECB's 1.0825 / 0.8516 = 1.27114: 2.2% apart
//   CHF: the feed's answer is older than its max_age_s (90000 s)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { freshEcbDate, startEcbServer } from './lib/ecb_server.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { assertApiError, createMerchant, launch, startPayd } from './lib/payd.mjs';

// docs/operator-guide.md: a price refused for want of a rate is retried after a minute.
const PRICE_RETRY_AFTER = '60';
const ECB_RATES = { USD: '1.0825', JPY: '162.00', GBP: '0.8516', CHF: '0.9350', SEK: '11.2000' };
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('prices in the merchant\'s currency', () => {
  let chain, ecb, payd, shop, eurc;

  const api = (method, path, body) => payd.request(method, path, { key: shop.rw.key, body });
  const intentOf = async (id) => (await api('GET', `/api/v1/payment-intents/${id}`)).json;
  const newLink = async (currency, amount, extra = {}) => {
    const r = await api('POST', '/api/v1/payment-links', {
      integrationId: shop.integration.id, type: 'LINK', name: `${amount} ${currency}`, amount, currency,
      denominationType: 'CURRENCY', allowCustomAmount: false, ...extra,
    });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // The payer's form on the link's page: the intent it makes, or the page's answer.
  const payLink = (link, option) => checkedFetch(`${payd.url}/pay/${link.id}`, {
    method: 'POST', redirect: 'manual', body: `option=${encodeURIComponent(option)}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
  });
  const intentFromLink = async (link, option) => {
    const r = await payLink(link, option);
    assert.equal(r.status, 303, await r.text());
    return intentOf(r.headers.get('location').split('/').pop());
  };
  const countIntents = async () => (await api('GET', '/api/v1/payment-intents?limit=100')).json.data.length;
  const waitPaid = (id) => eventually(async () => {
    const i = await intentOf(id);
    return i.status === 'PAID' ? i : null;
  }, { what: `${id} paid`, timeout: 20000 });

  before(async () => {
    chain = await startChain();
    ecb = await startEcbServer();
    ecb.set('/eurofxref-daily.xml', freshEcbDate(), ECB_RATES);
    const now = (await chain.client.getBlock()).timestamp;
    const feed = async (pair, answer, updatedAt = now) => {
      const f = await chain.deploy('PriceFeed', { args: [8, answer] });
      await chain.call(f, 'set', [answer, updatedAt]);
      await chain.call(f, 'describe', [pair]);
      return f;
    };
    const eur = await feed('EUR / USD', 108300000n);
    const gbp = await feed('GBP / USD', 130000000n);
    const chf = await feed('CHF / USD', 115800000n, now - 2n * 86400n);
    eurc = await chain.deploy('TestUSDC');
    await chain.call(eurc, 'mint', [PAYER.address, 1000n * 10n ** 6n]);
    const rateFeed = (currency, f) => `\n[[chains.rate_feeds]]\ncurrency = "${currency}"\naddress = "${f.address}"\nmax_age_s = 90000\n`;
    const config = `[rates]\necb_url = "${ecb.url('/eurofxref-daily.xml')}"\necb_ca_file = "${ecb.caFile}"\n` +
      chainConfig(chain, { confirmations: 1, extra: rateFeed('EUR', eur) + rateFeed('GBP', gbp) + rateFeed('CHF', chf) }) +
      `\n[[chains.tokens]]\nsymbol = "EURC"\nname = "EURC"\naddress = "${eurc.address}"\ndecimals = 6\npeg = "EUR"\n`;
    payd = await startPayd({ config });
    shop = createMerchant(payd, { tokens: 'USDC,ETH,EURC' });
    // The ECB's file read and the feeds read: EUR is priced once both have answered.
    const probe = await newLink('EUR', '1.00');
    await eventually(async () => (await payLink(probe, '31337:USDC')).status === 303, { what: 'EUR priced', timeout: 20000 });
  });
  after(() => stopAll(() => payd?.close(), () => ecb?.close(), () => chain?.stop()));

  test('an EUR link paid in USDC, in EURC and in ETH: the units the rules give, rounded up, each paid', async () => {
    const link = await newLink('EUR', '25.00');
    assert.equal(link.currency, 'EUR');
    const usdc = await intentFromLink(link, '31337:USDC');
    const inEurc = await intentFromLink(link, '31337:EURC');
    const eth = await intentFromLink(link, '31337:ETH');
    // The exact amount is the price's plus the fewest units that make it unique (DECISIONS §5): one.
    assert.equal(usdc.amount, '27068751');
    assert.equal(inEurc.amount, '25000001');
    assert.equal(eth.amount, '9022916666666668');
    for (const i of [usdc, inEurc, eth]) {
      assert.deepEqual(i.price, { amount: '25.00', currency: 'EUR' });
      assert.equal(i.amountUsd, null, 'amountUsd is for USD prices');
      assert.equal(i.rate.value, '1.08275');
      assert.deepEqual(i.rate.sources, ['chainlink:31337', 'ecb']);
      assert.match(i.rate.at, ISO_MS);
    }
    await chain.payUsdc(PAYOUT, BigInt(usdc.amount));
    await chain.call(eurc, 'transfer', [PAYOUT, BigInt(inEurc.amount)]);
    await chain.payEth(PAYOUT, BigInt(eth.amount));
    for (const i of [usdc, inEurc, eth]) await waitPaid(i.id);
  });

  test('a JPY price on /v1 (no minor units): converted through the ECB\'s cross rate when the payer chooses', async () => {
    const r = await api('POST', '/v1/payment_intents', { amount: '3000', currency: 'JPY', tokens: ['USDC'] });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.amount, '3000');
    assert.equal(r.json.currency, 'JPY');
    const chosen = await checkedFetch(`${payd.url}/pay/${r.json.id}`, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    assert.equal(chosen.status, 303);
    const i = await intentOf(r.json.id);
    assert.equal(i.amount, '20046298'); // 20046297 and one unit to make it unique
    assert.deepEqual(i.price, { amount: '3000', currency: 'JPY' });
    assert.deepEqual(i.rate.sources, ['ecb']);
    assert.equal(i.rate.value, '0.006682098765432099');
    // A yen has no fraction: 3000.5 JPY is no price.
    assertApiError(await api('POST', '/v1/payment_intents', { amount: '3000.5', currency: 'JPY' }), 400, 'invalid_request', 'amount');
  });

  test('a currency no source covers is refused, naming those that are', async () => {
    // BHD is ISO 4217 (3 minor units) but neither the ECB nor a feed of this payd gives it.
    const before = await api('GET', '/api/v1/payment-links');
    const r = await api('POST', '/api/v1/payment-links', {
      integrationId: shop.integration.id, type: 'LINK', name: 'dinar', amount: '1.000', currency: 'BHD', denominationType: 'CURRENCY',
    });
    assertApiError(r, 400, 'invalid_request', 'currency');
    for (const covered of ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'SEK']) assert.match(r.json.error.message, new RegExp(covered));
    assert.equal((await api('GET', '/api/v1/payment-links')).json.length, before.json.length);
    assertApiError(await api('POST', '/v1/payment_intents', { amount: '1.000', currency: 'BHD' }), 400, 'invalid_request', 'currency');
    // The same link in SEK, which the ECB gives, is made.
    assert.equal((await newLink('SEK', '100.00')).currency, 'SEK');
  });

  test('sources more than 1% apart (GBP) or a stale one (CHF): 503 unavailable with Retry-After, nothing created', async () => {
    const gbp = await newLink('GBP', '10.00');
    const chf = await newLink('CHF', '10.00');
    const count = await countIntents();
    for (const link of [gbp, chf]) {
      const r = await payLink(link, '31337:USDC');
      assert.equal(r.status, 503, link.currency);
      assert.equal(r.headers.get('retry-after'), PRICE_RETRY_AFTER);
    }
    for (const currency of ['GBP', 'CHF']) {
      const r = await api('POST', '/v1/payment_intents', { amount: '10.00', currency });
      assertApiError(r, 503, 'unavailable');
      assert.equal(r.headers.get('retry-after'), PRICE_RETRY_AFTER);
    }
    assert.equal(await countIntents(), count, 'nothing was created');
  });

  test('a restart keeps each intent\'s rate; the ECB\'s day gone stale prices EUR no more', async () => {
    const link = await newLink('EUR', '40.00');
    const earlier = await intentFromLink(link, '31337:USDC');
    assert.equal(earlier.amount, '43310001'); // 40 x 1.08275 = 43.31, and one unit
    // The ECB's next day: EUR/USD 1.0900; median with the feed's 1.0830: 1.0865 (0.64% apart).
    ecb.set('/eurofxref-daily.xml', freshEcbDate(), { ...ECB_RATES, USD: '1.0900' });
    await payd.stopCleanly();
    await launch(payd);
    const kept = await intentOf(earlier.id);
    assert.deepEqual(kept.rate, earlier.rate);
    assert.deepEqual(kept.price, earlier.price);
    assert.equal(kept.amount, earlier.amount);
    const later = await eventually(async () => {
      const r = await payLink(link, '31337:EURC');
      return r.status === 303 ? intentOf(r.headers.get('location').split('/').pop()) : null;
    }, { what: 'EUR priced after the restart', timeout: 20000 });
    assert.equal(later.rate.value, '1.0865');
    assert.equal(later.amount, '40000001', 'EURC stays 1:1 whatever the rate');
    // A day two weeks old: the ECB's source is stale, EUR is priced no more.
    const old = new Date(Date.now() - 14 * 86400 * 1000).toISOString().slice(0, 10);
    ecb.set('/eurofxref-daily.xml', old, ECB_RATES);
    await payd.stopCleanly();
    await launch(payd);
    await eventually(() => payd.logs.some((l) => l.msg === 'read the ECB\'s reference rates'), { what: 'the ECB read' });
    const count = await countIntents();
    const r = await payLink(link, '31337:USDC');
    assert.equal(r.status, 503);
    assertApiError(await api('POST', '/v1/payment_intents', { amount: '40.00', currency: 'EUR' }), 503, 'unavailable');
    assert.equal(await countIntents(), count);
    assert.deepEqual((await intentOf(earlier.id)).rate, earlier.rate);
  });
});
