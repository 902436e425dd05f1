// The hosted pages over HTTP (DECISIONS §11, /work/issue9-contract.md): the
// link page, its form and its refusals, the intent page in each state on a
// real anvil chain, the 404 page by Accept, views counting, escaping, the
// security headers and each page's weight as served. Browser behaviour
// (scripts, axe-core) is tests/browser/.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { formatUnits } from 'viem';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { checkedFetch, validateExchange } from './lib/openapi.mjs';
import { createIntent, createMerchant, linkBody, proveSender, startPayd } from './lib/payd.mjs';

const HOSTILE = '<script>alert(1)</script>"\'&<img src=x onerror=alert(2)>';
const LANGUAGES = ['en', 'de', 'es', 'fr'];

// What a page says, as its reader gets it: the escapes undone, the tags gone.
const unescapeHtml = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const textOf = (html) => unescapeHtml(html.replace(/<[^>]*>/g, ''));
// An intent page's status line, and the line it becomes when the page leads
// the payer back to the shop (null when it never does).
const statusLine = (html) => {
  const m = html.match(/<p id="status"[^>]*>([^<]*)<\/p>/);
  return m ? unescapeHtml(m[1]) : null;
};
const returnLine = (html) => {
  const m = html.match(/ data-return-status="([^"]*)"/);
  return m ? unescapeHtml(m[1]) : null;
};

// A status line assembled twice from its pieces says something twice ("Paid.
// Thank you! Paid. Taking you back to the shop."): no sentence or clause of
// it comes twice, and no two words follow each other twice.
function assertSaidOnce(line, where) {
  const clauses = line.split(/[.!?;:](?=\s|$)/).map((c) => c.trim().toLowerCase()).filter(Boolean);
  assert.equal(new Set(clauses).size, clauses.length, `${where}: a clause said twice in "${line}"`);
  const words = line.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,'’\u202f][\p{L}\p{N}]+)*/gu) ?? [];
  const pairs = new Set();
  for (let i = 1; i < words.length; i++) {
    const pair = `${words[i - 1]} ${words[i]}`;
    assert.ok(!pairs.has(pair), `${where}: "${pair}" said twice in "${line}"`);
    pairs.add(pair);
  }
}

// Every intent page a test fetches: its status lines say each thing once.
function checkStatusLines(html, where) {
  for (const line of [statusLine(html), returnLine(html)]) if (line) assertSaidOnce(line, where);
}

// A decimal written the way a language writes numbers (amount_format.tsv).
const grouped = (decimal, { group, point }) => {
  const [whole, fraction] = decimal.split('.');
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (fraction === undefined ? '' : point + fraction);
};
const NUMBERS = { en: { group: ',', point: '.' }, de: { group: '.', point: ',' }, fr: { group: '\u202f', point: ',' } };

describe('hosted pages', () => {
  let chain, payd, shop;

  before(async () => {
    chain = await startChain();
    // Pages count against the public read limit per client and integration;
    // the polling below makes more page views than a payer would.
    const limits = '[limits]\napi_requests_per_min = 1000000\npublic_reads_per_min = 1000000\n';
    payd = await startPayd({ config: limits + chainConfig(chain, { confirmations: 2, extra: 'explorer_url = "https://explorer.example"\n' }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  const page = (path, { headers = {}, method = 'GET', body } = {}) =>
    checkedFetch(payd.url + path, { method, headers, body, redirect: 'manual' });
  const html = async (path, opts) => {
    const res = await page(path, opts);
    const text = await res.text();
    checkStatusLines(text, path);
    return { res, text };
  };
  // The intent page in each language: each status line says each thing once.
  const inEveryLanguage = async (path) => {
    for (const lang of LANGUAGES) await html(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  };
  const newLink = async (extra = {}) => {
    const r = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, extra) });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const link = async (id) => (await payd.request('GET', `/api/v1/payment-links/${id}`, { key: shop.read.key })).json;
  const submit = (id, form, headers = {}) => page(`/pay/${id}`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString(),
  });

  test('the link page shows name, description, amount field and the integration\'s options', async () => {
    const l = await newLink({ name: 'Donation', description: 'Keeps the lights on', amount: '10.00', minAmount: '5.00' });
    const { res, text } = await html(`/pay/${l.id}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/html/);
    assert.match(text, /<html lang="en">/);
    assert.match(text, new RegExp(`<main id="main" data-page="link" data-link="${l.id}" data-integration="${shop.integration.id}"`));
    assert.match(text, /<h1>Donation<\/h1>/);
    assert.match(text, /Keeps the lights on/);
    assert.match(text, /id="amount-input"[^>]*inputmode="decimal"/);
    // What the page's script checks as the payer types (web/js/link.js).
    assert.match(text, /id="amount-input"[^>]*data-decimals="2"[^>]*data-min="5.00"/);
    assert.match(text, /At least 5.00 USD/);
    assert.match(text, /value="31337:USDC"/);
    assert.match(text, /value="31337:ETH"/);
    assert.match(text, /<form id="pay" method="post" action="\/pay\/plink_[^"]+" novalidate>/);
  });

  test('a link priced in a token offers that token only, with its amount fixed', async () => {
    const l = await newLink({ amount: '3.5', currency: 'USDC', denominationType: 'TOKEN', allowCustomAmount: false });
    const { text } = await html(`/pay/${l.id}`);
    assert.match(text, /value="31337:USDC"/);
    assert.doesNotMatch(text, /value="31337:ETH"/);
    assert.doesNotMatch(text, /id="amount-input"/);
    assert.match(text, /3.5 USDC/);
  });

  test('a custom amount in a token takes as many fraction digits as the token has', async () => {
    const l = await newLink({ amount: '1.5', currency: 'USDC', denominationType: 'TOKEN', allowCustomAmount: true });
    const { text } = await html(`/pay/${l.id}`);
    assert.match(text, /id="amount-input"[^>]*data-decimals="6"/);
    assert.doesNotMatch(text, /data-min=/);
  });

  test("the link's public view as JSON for the widget: CORS for allowed origins, not a view", async () => {
    const l = await newLink({ name: 'Gift', amount: '10.00', minAmount: '5.00', returnUrl: 'https://shop.example/thanks' });
    const res = await page(`/pay/${l.id}`, { headers: { Accept: 'application/json', Origin: 'https://shop.example' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/json/);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(res.headers.get('vary'), /Origin/);
    assert.deepEqual(await res.json(), {
      id: l.id, type: 'LINK', name: 'Gift', description: null, amount: '10.00', currency: 'USD',
      denominationType: 'CURRENCY', allowCustomAmount: true, minAmount: '5.00',
      integrationId: shop.integration.id, returnUrl: 'https://shop.example/thanks', status: 'active',
    });
    const stranger = await page(`/pay/${l.id}`, { headers: { Accept: 'application/json', Origin: 'https://evil.example' } });
    assert.equal(stranger.status, 200);
    assert.equal(stranger.headers.get('access-control-allow-origin'), null);
    await stranger.text();
    assert.equal((await link(l.id)).views, 0);
  });

  test('the form creates the intent and answers 303 to its page', async () => {
    const l = await newLink({ amount: '10.00', minAmount: '5.00' });
    const res = await submit(l.id, { amount: '12.34', option: '31337:USDC' });
    assert.equal(res.status, 303);
    const location = res.headers.get('location');
    assert.match(location, /^\/pay\/pi_/);
    const intentId = location.slice('/pay/'.length);
    const pi = (await payd.request('GET', `/api/v1/payment-intents/${intentId}`, { key: shop.read.key })).json;
    assert.equal(pi.paymentLinkId, l.id);
    assert.equal(pi.amountUsd, '12.34');
    assert.equal(pi.currency, 'USDC');
  });

  test('the form refuses amounts below minAmount, with too many decimals, or not numbers: 400 with the reason', async () => {
    const l = await newLink({ amount: '10.00', minAmount: '5.00' });
    const cases = [
      ['4.99', /Enter at least 5.00 USD/],
      ['5.001', /at most 2 digits after the decimal separator/],
      ['ten', /Enter the amount as a number/],
      ['', /Enter an amount/],
      ['1e3', /Enter the amount as a number/],
    ];
    for (const [amount, reason] of cases) {
      const res = await submit(l.id, { amount, option: '31337:USDC' });
      const text = await res.text();
      assert.equal(res.status, 400, `amount ${JSON.stringify(amount)}`);
      assert.match(text, reason, `amount ${JSON.stringify(amount)}`);
      assert.match(text, /class="error-summary"/);
      assert.match(text, /<a href="#amount-input">/);
      assert.match(text, /aria-invalid="true"/);
    }
    const noOption = await submit(l.id, { amount: '6', option: '999:DOGE' });
    assert.equal(noOption.status, 400);
    assert.match(await noOption.text(), /Choose how you want to pay/);
  });

  test('German pages take a decimal comma and refuse an ambiguous point', async () => {
    const l = await newLink({ amount: '10.00', minAmount: '5.00' });
    const ok = await submit(l.id, { amount: '12,50', option: '31337:USDC' }, { 'Accept-Language': 'de-DE,de;q=0.9' });
    assert.equal(ok.status, 303);
    const refused = await submit(l.id, { amount: '1.000', option: '31337:USDC' }, { 'Accept-Language': 'de' });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /Geben Sie den Betrag als Zahl ein/);
    // The form's own lang field (the page's language) decides without headers.
    const fr = await submit(l.id, { amount: '1', option: '31337:USDC', lang: 'fr' });
    assert.equal(fr.status, 400);
    assert.match(await fr.text(), /Saisissez au moins 5,00 USD/);
  });

  test('a GET counts a view, once per client in a few minutes; HEAD and prefetches do not', async () => {
    const l = await newLink();
    assert.equal((await link(l.id)).views, 0);
    assert.equal((await page(`/pay/${l.id}`, { method: 'HEAD' })).status, 200);
    await (await page(`/pay/${l.id}`, { headers: { 'Sec-Purpose': 'prefetch' } })).text();
    await (await page(`/pay/${l.id}`, { headers: { Purpose: 'prefetch' } })).text();
    await (await page(`/pay/${l.id}`)).text();
    await (await page(`/pay/${l.id}`)).text(); // a reload: the same client
    // Views are written about once a second (issue 19): poll for the count.
    await eventually(async () => (await link(l.id)).views === 1, { what: 'one view written' });
    // Another client: a second loopback address as its source.
    const other = await new Promise((resolve, reject) => {
      const url = new URL(`/pay/${l.id}`, payd.url);
      httpRequest(url, { localAddress: '127.0.0.2' }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); })
        .on('error', reject).end();
    });
    assert.equal(other, 200);
    await eventually(async () => (await link(l.id)).views === 2, { what: "the other client's view written" });
    // Nothing else was counted meanwhile (a flush writes each view once).
    await (await page(`/pay/${l.id}`, { method: 'HEAD' })).text();
    assert.equal((await link(l.id)).views, 2);
  });

  test('unknown or malformed ids: a 404 page, or the JSON error when Accept prefers JSON', async () => {
    for (const id of ['plink_doesnotexist', 'pi_doesnotexist', 'nonsense', '%3Cscript%3E']) {
      const { res, text } = await html(`/pay/${id}`);
      assert.equal(res.status, 404, id);
      assert.match(res.headers.get('content-type'), /^text\/html/, id);
      assert.match(text, /Page not found/);
      assert.match(res.headers.get('content-security-policy'), /frame-ancestors 'none'/);
      assert.doesNotMatch(text, /<script>/);
      const json = await page(`/pay/${id}`, { headers: { Accept: 'application/json' } });
      assert.equal(json.status, 404);
      const body = await json.json();
      assert.equal(body.error.code, 'not_found');
      assert.ok(body.error.requestId);
    }
  });

  test('other paths under /pay: the 404 page for a browser, the JSON 404 for an API client', async () => {
    const navigation = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'Accept-Language': 'de' };
    const known = await html('/pay/pi_unknown', { headers: navigation });
    assert.equal(known.res.status, 404);
    const mainOf = (text) => text.slice(text.indexOf('<main'), text.indexOf('</main>'));
    for (const path of ['/pay/', '/pay/xyz/extra', '/pay/unknown-prefix_abc', '/pay/pi_x/extra', '/pay//', '/pay']) {
      for (const method of ['GET', 'POST']) {
        const { res, text } = await html(path, { method, headers: { ...navigation, ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) } });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.match(res.headers.get('content-type'), /^text\/html/, `${method} ${path}`);
        assert.equal(mainOf(text), mainOf(known.text), `${method} ${path}: the page /pay/pi_unknown gives`);
        assert.match(text, /<html lang="de">/);
        assert.match(res.headers.get('content-security-policy'), /frame-ancestors 'none'/);
      }
      const head = await page(path, { method: 'HEAD', headers: navigation });
      assert.equal(head.status, 404);
      assert.match(head.headers.get('content-type'), /^text\/html/, `HEAD ${path}`);
      // An API client: asking for JSON, or naming no type at all.
      for (const accept of ['application/json', undefined]) {
        const r = await new Promise((resolve, reject) => {
          const req = httpRequest(`${payd.url}${path}`, { headers: accept ? { Accept: accept } : {} }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], headers: res.headers, body }));
          });
          req.on('error', reject);
          req.end();
        });
        validateExchange({ method: 'GET', path, headers: accept ? { Accept: accept } : {} }, { status: r.status, headers: r.headers, text: r.body });
        if (accept === undefined && /^\/pay\/[^/]+$/.test(path)) continue;  // /pay/<id>: the page by default (DECISIONS §11)
        assert.equal(r.status, 404, `${path} (Accept ${accept})`);
        assert.equal(r.type, 'application/json; charset=utf-8', `${path} (Accept ${accept})`);
        assert.equal(JSON.parse(r.body).error.code, 'not_found');
      }
    }
  });

  test('security headers: a CSP without unsafe-inline, frame-ancestors from the allowed origins', async () => {
    const l = await newLink();
    const res = await page(`/pay/${l.id}`);
    const csp = res.headers.get('content-security-policy');
    assert.equal(csp, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
      + "form-action 'self'; base-uri 'none'; frame-ancestors 'self' https://shop.example https://*.example.org");
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'same-origin');
    const text = await res.text();
    assert.doesNotMatch(text, /style=/);
    assert.doesNotMatch(text, /<script>(?!<\/script>)/);  // no inline code
    for (const m of text.matchAll(/<script([^>]*)>/g)) {
      assert.match(m[1], /type="application\/json"|type="module" src="\/assets\//, m[0]);
    }
  });

  test('nothing a payer or merchant typed reaches the page unescaped', async () => {
    const l = await newLink({ name: HOSTILE, description: HOSTILE, minAmount: '5.00' });
    const { text } = await html(`/pay/${l.id}`);
    assert.ok(!text.includes(HOSTILE));
    assert.match(text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    const res = await submit(l.id, { amount: `"><script>alert(3)</script>`, option: '31337:USDC' });
    const body = await res.text();
    assert.equal(res.status, 400);
    assert.ok(!body.includes('<script>alert(3)'));
    assert.match(body, /value="&quot;&gt;&lt;script&gt;alert\(3\)/);
    // Metadata the payer sends never reaches the page (the payer's view has none).
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '1.00', currency: 'USDC', chainId: 31337, metadata: { note: HOSTILE } });
    const intentPage = await html(`/pay/${r.json.id}`);
    assert.ok(!intentPage.text.includes('<script>alert(1)'));
  });

  test('the intent page: exact amount, recipient, network, QR, wallet link, countdown; then paid with the explorer link', async () => {
    const l = await newLink({ amount: '7.00', returnUrl: 'https://shop.example/thanks' });
    const created = await submit(l.id, { amount: '7.00', option: '31337:USDC' });
    const path = created.headers.get('location');
    const id = path.slice('/pay/'.length);
    const pi = (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
    let { res, text } = await html(path);
    assert.equal(res.status, 200);
    assert.match(text, new RegExp(`data-page="intent" data-intent="${id}" data-integration="${shop.integration.id}" data-lang="en" data-return-url="https://shop.example/thanks" data-explorer-tx="https://explorer.example/tx/" data-status="CREATED"`));
    assert.match(text, /<dt>Amount to send<\/dt>/);
    // The digits that make it exact (what it adds after the price, 7) are marked (qr_code.test.mjs).
    assert.match(text, new RegExp(`<span id="amount" class="amount" data-copy="${pi.amountFormatted}">7\\.<mark class="exact-digits">${pi.amountFormatted.slice(2)}</mark> USDC</span>`));
    // The sentence that the exact amount matters sits right under the amount.
    assert.match(text, new RegExp(`</span>\n<button[^>]*id="copy-amount"[^>]*>Copy</button>\n<p id="exact-note" class="exact">Send exactly ${pi.amountFormatted.replace('.', '\\.')} USDC, to the last digit`));
    assert.match(text, new RegExp(`<code id="recipient" class="address">${PAYOUT}</code>`));
    assert.match(text, /Localnet/);
    assert.match(text, /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" id="qr"[^>]*role="img" aria-label="QR code to pay/);
    assert.equal((text.match(/<path /g) ?? []).length, 1);
    assert.ok(text.includes(`<a id="open-wallet" class="button" href="${pi.paymentUri.replaceAll('&', '&amp;')}">`));
    assert.match(text, new RegExp(`<time id="countdown" datetime="${pi.expiresAt}">`));
    assert.match(text, /Waiting for your payment/);
    await inEveryLanguage(path);
    for (const elementId of ['status', 'copy-amount', 'copy-recipient', 'confirmations', 'tx', 'missing', 'restart', 'wallet', 'wallet-error']) {
      assert.match(text, new RegExp(`id="${elementId}"`), elementId);
    }
    const data = JSON.parse(text.match(/<script type="application\/json" id="payd-intent">(.*?)<\/script>/)[1]);
    assert.equal(data.id, id);
    assert.equal(data.metadata, undefined);
    const chainData = JSON.parse(text.match(/<script type="application\/json" id="payd-chain">(.*?)<\/script>/)[1]);
    assert.deepEqual(chainData, { chainId: 31337, name: 'Localnet', nativeSymbol: 'ETH', nativeDecimals: 18, walletRpcUrl: null, explorerUrl: 'https://explorer.example', tokenAddress: pi.tokenAddress, decimals: 6 });
    assert.match(res.headers.get('content-security-policy'), /frame-ancestors 'self' https:\/\/shop.example https:\/\/\*.example.org$/);

    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    // Seen on chain, not yet confirmed: no block is mined until the test mines one.
    const seen = await eventually(async () => {
      const r = await html(path);
      return r.text.includes('data-status="PENDING"') ? r.text : null;
    }, { what: 'the page to show PENDING', timeout: 20000, interval: 200 });
    assert.match(seen, /Your payment is on the chain. Waiting for confirmations./);
    assert.match(seen, /<p id="confirmations">1 of 2 confirmations<\/p>/);
    await inEveryLanguage(path);
    await chain.mine(2);
    ({ text } = await eventually(async () => {
      const r = await html(path);
      return r.text.includes('data-status="PAID"') ? r : null;
    }, { what: 'the page to show PAID', timeout: 20000, interval: 200 }));
    assert.match(text, /Payment receipt/);
    assert.match(text, /Paid. Thank you!/);
    assert.match(text, new RegExp(`<dt>Amount paid</dt>\n<dd><span id="amount" class="amount" data-copy="${pi.amountFormatted}">`));
    assert.doesNotMatch(text, /Send exactly this amount/);
    assert.ok(text.includes(`<a id="tx" class="address" href="https://explorer.example/tx/${receipt.transactionHash}"`));
    await inEveryLanguage(path);
  });

  test('underpaid shows what is missing and how to send it; the rest completes it; overpaid says so', async () => {
    const waitPage = (path, marker) => eventually(async () => {
      const r = await html(path);
      return r.text.includes(marker) ? r.text : null;
    }, { what: marker, timeout: 20000, interval: 200 });
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 });
    const pi = r.json;
    const path = `/pay/${pi.id}`;
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER2)).status, 200);
    await chain.payUsdc(PAYOUT, 4_000_000n, { from: PAYER2 });
    let text = await waitPage(path, 'data-exception="UNDERPAID"');
    assert.match(text, /We received 4 USDC, less than the/);
    await inEveryLanguage(path);
    const missing = (BigInt(pi.amount) - 4_000_000n);
    const missingDecimal = formatUnits(missing, 6);
    assert.match(text, new RegExp(`<p id="missing">Still missing: ${missingDecimal.replace('.', '\\.')} USDC\\. Send exactly this from the same wallet`));
    // What to send is now the rest: the amount line, the wallet link and the QR code say so.
    assert.match(text, new RegExp(`<dt>Still to send</dt>\n<dd><span id="amount" class="amount" data-copy="${missingDecimal}">${missingDecimal} USDC</span>`));
    assert.ok(text.includes(`<a id="open-wallet" class="button" href="ethereum:${pi.tokenAddress}@31337/transfer?address=${PAYOUT}&amp;uint256=${missing}">`));
    assert.match(text, new RegExp(`aria-label="QR code to pay ${missingDecimal} USDC on Localnet"`));
    assert.doesNotMatch(text, /Send exactly this amount, to the last digit/);
    assert.doesNotMatch(text, /<p id="confirmations">/);
    const underView = (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    assert.equal(underView.paymentUri, `ethereum:${pi.tokenAddress}@31337/transfer?address=${PAYOUT}&uint256=${missing}`);
    await chain.payUsdc(PAYOUT, missing, { from: PAYER2 });
    await chain.mine(2);
    text = await waitPage(path, 'data-status="PAID"');
    assert.match(text, /Paid. Thank you!/);
    await inEveryLanguage(path);

    const over = (await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 })).json;
    assert.equal((await proveSender(payd, shop.integration.id, over.id, PAYER2)).status, 200);
    await chain.payUsdc(PAYOUT, BigInt(over.amount) + 1_000_000n, { from: PAYER2 });
    await chain.mine(2);
    text = await waitPage(`/pay/${over.id}`, 'data-exception="OVERPAID"');
    assert.match(text, /You sent more than the amount due/);
    await inEveryLanguage(`/pay/${over.id}`);
  });

  test('the receipt says paid once in every language; leading back to the shop adds where it goes (issue 17)', async () => {
    // The status line of the receipt, and the line the page shows while it
    // takes the payer back to the link's returnUrl (docs/checkout.md).
    const RECEIPT = {
      en: ['Paid. Thank you!', 'Paid. Thank you! Taking you back to the shop.'],
      de: ['Bezahlt. Vielen Dank!', 'Bezahlt. Vielen Dank! Wir bringen Sie zurück zum Shop.'],
      es: ['Pagado. ¡Gracias!', 'Pagado. ¡Gracias! Le llevamos de vuelta a la tienda.'],
      fr: ['Payé. Merci\u202f!', 'Payé. Merci\u202f! Nous vous ramenons à la boutique.'],
    };
    const back = await newLink({ amount: '4.00', allowCustomAmount: false, returnUrl: 'https://shop.example/thanks' });
    const stay = await newLink({ amount: '4.00', allowCustomAmount: false });
    const paths = [];
    for (const l of [back, stay]) {
      const created = await submit(l.id, { option: '31337:USDC' });
      assert.equal(created.status, 303);
      const path = created.headers.get('location');
      const pi = (await payd.request('GET', `/api/v1/payment-intents/${path.slice('/pay/'.length)}`, { key: shop.read.key })).json;
      await chain.payUsdc(PAYOUT, BigInt(pi.amount));
      paths.push(path);
    }
    await chain.mine(2);
    for (const path of paths) {
      await eventually(async () => (await html(path)).text.includes('data-status="PAID"'),
        { what: `${path} PAID`, timeout: 20000, interval: 200 });
    }
    for (const [lang, [paid, leaving]] of Object.entries(RECEIPT)) {
      const withReturn = (await html(`${paths[0]}?lang=${lang}`)).text;
      assert.equal(statusLine(withReturn), paid, `${lang}, with a returnUrl`);
      assert.equal(returnLine(withReturn), leaving, `${lang}, leading back`);
      // The script, when it cannot fetch the page's new rendering, says the
      // same sentences: the page hands them to it in its language.
      const messages = JSON.parse(withReturn.match(/<script type="application\/json" id="payd-messages">([^<]*)<\/script>/)[1]);
      assert.equal(`${messages.status_paid} ${messages.returning}`, leaving, `${lang}: the script's words`);
      const without = (await html(`${paths[1]}?lang=${lang}`)).text;
      assert.equal(statusLine(without), paid, `${lang}, without a returnUrl`);
      assert.equal(returnLine(without), null, `${lang}: without a returnUrl the page stays`);
    }
    // Opened before it was paid, the page does not yet know where it will lead.
    const waiting = await newLink({ amount: '4.00', allowCustomAmount: false, returnUrl: 'https://shop.example/thanks' });
    const open = await submit(waiting.id, { option: '31337:USDC' });
    assert.equal(returnLine((await html(open.headers.get('location'))).text), null);
  });

  test("the intent page says what is paid for: the link's name and description, the price in USD beside the exact token amount (issue 17)", async () => {
    const name = 'Poster <b>A3</b> & "frame"';
    const description = '<script>alert(1)</script> Signed & numbered, 1/50';
    const l = await newLink({ name, description, amount: '1234.50', allowCustomAmount: false });
    const created = await submit(l.id, { option: '31337:USDC' });
    const path = created.headers.get('location');
    const pi = (await payd.request('GET', `/api/v1/payment-intents/${path.slice('/pay/'.length)}`, { key: shop.read.key })).json;
    assert.equal(pi.amountUsd, '1234.50');
    for (const lang of ['en', 'de', 'fr']) {
      const { text } = await html(`${path}?lang=${lang}`);
      const said = textOf(text);
      assert.ok(said.includes(name), `${lang}: the link's name`);
      assert.ok(said.includes(description), `${lang}: the link's description`);
      const price = `${grouped('1234.50', NUMBERS[lang])} USD · ${grouped(pi.amountFormatted, NUMBERS[lang])} USDC`;
      assert.ok(said.includes(price), `${lang}: "${price}" on the page`);
      // Escaped, never markup.
      assert.ok(!text.includes('<b>A3</b>') && !text.includes('<script>alert(1)'), lang);
      assert.ok(text.includes('Poster &lt;b&gt;A3&lt;/b&gt; &amp; &quot;frame&quot;'), lang);
    }
    // Without a link: no name; a price in USD still stands beside the token amount.
    const usd = (await createIntent(payd, shop.integration.id, { amount_usd: '8', currency: 'USDC', chainId: 31337, metadata: { item: HOSTILE } })).json;
    const usdText = textOf((await html(`/pay/${usd.id}`)).text);
    assert.ok(usdText.includes(`8.00 USD · ${usd.amountFormatted} USDC`), usdText);
    assert.ok(!usdText.includes(HOSTILE));
    // Asked for in the token itself: the token amount alone.
    const token = (await createIntent(payd, shop.integration.id, { amount: '3500000', currency: 'USDC', chainId: 31337 })).json;
    const tokenText = textOf((await html(`/pay/${token.id}`)).text);
    assert.ok(tokenText.includes(`${token.amountFormatted} USDC`));
    assert.ok(!tokenText.includes('·') && !/\bUSD\b/.test(tokenText), 'no price in USD');
  });

  test('too many page reads from one address: a 429 page for browsers, the JSON error for API clients', async () => {
    const strict = await startPayd({ config: `[limits]\npublic_reads_per_min = 2\n${chainConfig(chain)}` });
    try {
      const m = createMerchant(strict);
      const r = await strict.request('POST', '/api/v1/payment-links', { key: m.rw.key, body: linkBody(m.integration.id) });
      const url = `${strict.url}/pay/${r.json.id}`;
      for (let i = 0; i < 2; i++) assert.equal((await checkedFetch(url)).status, 200);
      const res = await checkedFetch(url, { headers: { 'Accept-Language': 'de' } });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '60');
      assert.match(res.headers.get('content-type'), /^text\/html/);
      const text = await res.text();
      assert.match(text, /<html lang="de">/);
      assert.match(text, /<h1>Zu viele Anfragen<\/h1>/);
      assert.match(res.headers.get('content-security-policy'), /frame-ancestors 'none'/);
      const json = await checkedFetch(url, { headers: { Accept: 'application/json' } });
      assert.equal(json.status, 429);
      assert.equal((await json.json()).error.code, 'rate_limited');
    } finally {
      await strict.close();
    }
  });

  test('an expired intent of a link offers a way back to the link', async () => {
    // Expiry needs chain time; a payd with 2 s intents shares this chain.
    const short = await startPayd({ config: `[intents]\nlifetime_s = 2\n${chainConfig(chain)}` });
    try {
      const m = createMerchant(short);
      const r = await short.request('POST', '/api/v1/payment-links', { key: m.rw.key, body: linkBody(m.integration.id) });
      const res = await checkedFetch(`${short.url}/pay/${r.json.id}`, {
        method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ amount: '25.00', option: '31337:USDC' }).toString(),
      });
      const path = res.headers.get('location');
      const id = path.split('/').at(-1);
      const { expiresAt } = (await short.request('GET', `/api/v1/payment-intents/${id}`, { key: m.read.key })).json;
      // It expires once a block stamped after expiresAt is read (chain time,
      // whole seconds): the next whole second, stamped when the wall clock
      // gets there, so that the chain shared with later tests keeps to it.
      const past = Math.floor(Date.parse(expiresAt) / 1000) + 1;
      await new Promise((ok) => setTimeout(ok, Math.max(0, past * 1000 - Date.now()))); // sleep-ok: until the moment computed from expiresAt
      const latest = Number((await chain.client.getBlock({ blockTag: 'latest' })).timestamp);
      await chain.rpc('evm_setNextBlockTimestamp', [Math.max(past, latest + 1)]);
      await chain.mine(1);
      const text = await eventually(async () => {
        const t = await (await checkedFetch(short.url + path)).text();
        return t.includes('data-status="EXPIRED"') ? t : null;
      }, { what: 'EXPIRED page', timeout: 20000, interval: 200 });
      assert.match(text, /The time to pay has run out/);
      assert.match(text, new RegExp(`<a id="restart" class="button" href="/pay/${r.json.id}">Start a new payment</a>`));
      assert.match(text, /<section class="pay" aria-labelledby="pay-heading" data-part hidden>/);
      for (const lang of LANGUAGES) checkStatusLines(await (await checkedFetch(`${short.url}${path}?lang=${lang}`)).text(), `${path} ${lang}`);
    } finally {
      await short.close();
    }
  });

  test('languages: ?lang= wins and is remembered in a cookie, then Accept-Language, default English', async () => {
    const l = await newLink({ amount: '1234.50', allowCustomAmount: false });
    const de = await html(`/pay/${l.id}?lang=de`);
    assert.match(de.text, /<html lang="de">/);
    assert.match(de.text, /1\.234,50 USD/);
    assert.match(de.res.headers.get('set-cookie'), /^payd_lang=de;/);
    assert.match((await html(`/pay/${l.id}`, { headers: { Cookie: 'payd_lang=fr' } })).text, /<html lang="fr">/);
    assert.match((await html(`/pay/${l.id}`, { headers: { 'Accept-Language': 'xx, es;q=0.8, de;q=0.5' } })).text, /<html lang="es">/);
    const en = await html(`/pay/${l.id}`, { headers: { 'Accept-Language': 'ja' } });
    assert.match(en.text, /<html lang="en">/);
    assert.match(en.text, /1,234.50 USD/);
    for (const code of ['en', 'de', 'es', 'fr']) assert.match(en.text, new RegExp(`hreflang="${code}"|aria-current="true">`));
  });

  test('assets: ETag and 304, gzip when accepted, a year of caching with ?v=<hash>', async () => {
    const { text } = await html(`/pay/${(await newLink()).id}`);
    const css = text.match(/href="(\/assets\/css\/checkout.css\?v=([0-9a-f]{16}))"/);
    assert.ok(css, 'stylesheet link with a version');
    const res = await page(css[1], { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(res.headers.get('content-type'), /^text\/css/);
    const etag = res.headers.get('etag');
    const again = await page(css[1], { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' } });
    assert.equal(again.status, 304);
    const raw = await page('/assets/css/checkout.css', { headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(raw.headers.get('cache-control'), 'no-cache');
    assert.equal(raw.headers.get('content-encoding'), null);
    for (const path of ['/widget.js', '/assets/js/checkout.js', '/assets/js/link.js']) {
      const r = await page(path);
      assert.equal(r.status, 200, path);
      assert.match(r.headers.get('content-type'), /^text\/javascript/, path);
    }
    // The modules the page's script imports are cached for a year too: each
    // relative import carries the imported file's version.
    const entry = text.match(/src="(\/assets\/js\/link.js\?v=[0-9a-f]{16})"/);
    assert.ok(entry, 'the link script with a version');
    const source = await (await page(entry[1])).text();
    const imports = [...source.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]);
    assert.ok(imports.length >= 2, source.slice(0, 400));
    for (const name of imports) {
      assert.match(name, /^[a-z]+\.js\?v=[0-9a-f]{16}$/, 'import of link.js');
      const module = await page(`/assets/js/${name}`);
      assert.equal(module.status, 200, name);
      assert.equal(module.headers.get('cache-control'), 'public, max-age=31536000, immutable', name);
      await module.text();
    }
    assert.equal((await page('/assets/templates/layout.mustache')).status, 404);
    assert.equal((await page('/assets/i18n/en.json')).status, 404);
  });

  test('each page weighs at most 60 KB gzip-compressed as served (HTML + CSS + JS + QR)', async () => {
    const l = await newLink();
    const created = await submit(l.id, { amount: '25.00', option: '31337:USDC' });
    for (const path of [`/pay/${l.id}`, created.headers.get('location'), '/pay/nothing']) {
      const res = await page(path, { headers: { 'Accept-Encoding': 'gzip' } });
      const text = await res.text();
      let bytes = Number(res.headers.get('content-length'));
      assert.equal(res.headers.get('content-encoding'), 'gzip');
      // The page's stylesheet and scripts, and the modules those import.
      const assets = [...text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      for (const asset of assets) {
        const r = await checkedFetch(payd.url + asset, { headers: { 'Accept-Encoding': 'gzip' } });
        const body = await r.text();  // fetch decompresses; content-length is what travelled
        bytes += Number(r.headers.get('content-length') ?? Buffer.byteLength(body));
        for (const m of body.matchAll(/from '\.\/([^']+)'/g)) {
          const imported = `/assets/js/${m[1]}`;
          if (!assets.includes(imported)) assets.push(imported);
        }
      }
      console.log(`page weight ${path}: ${bytes} bytes gzip (${assets.length} assets)`);
      assert.ok(bytes <= 60 * 1024, `${path}: ${bytes} bytes`);
    }
  });
});
