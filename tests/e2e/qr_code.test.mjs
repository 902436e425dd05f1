// QR and copy modes for the wallets that exist (issue 38 item 3): an integration's `qrCode`
// says what the payment page's QR code holds (the EIP-681 URI with the amount, the address
// alone with the amount shown large beside it, or the URI with the amount also in the forms
// other wallets read), set through the API and the CLI; whatever the code holds, the page marks
// the digits that make the amount exact and says in the payer's language why they matter.
// What the code decodes to in a real browser is tests/browser/qr_code.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import { PAYOUT, USDC_ADDRESS } from './lib/chain.mjs';
import { assertApiError, createIntent } from './lib/payd.mjs';
import { chainMerchantForSuite } from './lib/suite.mjs';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k]);
const unescapeHtml = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const textOf = (html) => unescapeHtml(html.replace(/<[^>]*>/g, ''));
const attribute = (html, id, name) => unescapeHtml(html.match(new RegExp(`id="${id}"[^>]*?${name}="([^"]*)"`))?.[1] ?? '');
const element = (html, re) => textOf(html.match(re)?.[1] ?? '');

// The digits that make an amount exact (DECISIONS §5: the price plus a few smallest units):
// what the amount adds after the price as the price is written, "000002" of 25.000002 for 25.
function addedDigits(amountFormatted, price) {
  const prefix = price.includes('.') ? price : `${price}.`;
  assert.ok(amountFormatted.startsWith(prefix), `${amountFormatted} begins with ${prefix}`);
  return amountFormatted.slice(prefix.length);
}

describe('QR and copy modes (qrCode)', () => {
  let chain, payd, shop, account;
  const integrationPath = () => `/api/v1/integrations/${shop.integration.id}`;
  const patch = (body) => payd.request('PATCH', integrationPath(), { key: account.key, body });
  const current = async () => (await payd.request('GET', integrationPath(), { key: account.key })).json;
  const page = async (id, lang = 'en') => (await payd.request('GET', `/pay/${id}?lang=${lang}`)).text;
  const newIntent = async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    assert.notEqual(r.json.amount, '25000000', 'uniqueness units were added');
    return r.json;
  };

  const suite = chainMerchantForSuite();
  before(() => ({ chain, payd, shop, account } = suite));

  test('by default the code holds the EIP-681 URI with the amount, and the page marks the digits that make it exact', async () => {
    assert.equal((await current()).qrCode, 'eip681');
    const pi = await newIntent();
    const html = await page(pi.id);
    const uri = `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${pi.amount}`;
    assert.equal(attribute(html, 'open-wallet', 'href'), uri);
    assert.equal(attribute(html, 'qr', 'aria-label'), `QR code to pay ${pi.amountFormatted} USDC on Localnet`);
    const digits = addedDigits(pi.amountFormatted, '25');
    assert.equal(element(html, /<mark class="exact-digits">([^<]*)<\/mark>/), digits);
    assert.equal(element(html, /<span id="amount"[^>]*>(.*?)<\/span>/), `${pi.amountFormatted} USDC`);
    assert.equal(element(html, /<p id="exact-note"[^>]*>([^<]*)<\/p>/),
      fill(catalog('en').exact_digits_note, { amount: `${pi.amountFormatted} USDC`, digits, rounded: '25 USDC' }));
    assert.doesNotMatch(html, /class="big-amount"/, 'the amount beside the code is for an address-only code');
  });

  test('every language says which digits make the amount exact', async () => {
    const pi = await newIntent();
    const digits = addedDigits(pi.amountFormatted, '25');
    for (const lang of ['de', 'es', 'fr']) {
      const t = catalog(lang);
      const amount = `${pi.amountFormatted.replace('.', t.meta.decimal)} USDC`;
      const note = element(await page(pi.id, lang), /<p id="exact-note"[^>]*>([^<]*)<\/p>/);
      assert.equal(note, fill(t.exact_digits_note, { amount, digits, rounded: '25 USDC' }), lang);
      assert.notEqual(note, fill(catalog('en').exact_digits_note, { amount, digits, rounded: '25 USDC' }), `${lang} is not English`);
    }
  });

  test('address only: the code holds the payout address, the exact amount stands large beside it, the wallet button still carries the amount', async () => {
    const r = await patch({ qrCode: 'address' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.qrCode, 'address');
    const pi = await newIntent();
    const html = await page(pi.id);
    assert.equal(attribute(html, 'qr', 'aria-label'), fill(catalog('en').qr_address_label, { network: 'Localnet' }));
    const digits = addedDigits(pi.amountFormatted, '25');
    const big = element(html, /<p class="big-amount"[^>]*>(.*?)<\/p>/);
    assert.equal(big, `${pi.amountFormatted} USDC`);
    assert.match(html, new RegExp(`<p class="big-amount"[^>]*>[^<]*<mark class="exact-digits">${digits}</mark>`));
    assert.equal(element(html, /<p id="qr-address-note"[^>]*>([^<]*)<\/p>/), catalog('en').qr_address_note);
    assert.equal(attribute(html, 'open-wallet', 'href'), `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${pi.amount}`);
    // The payer view's paymentUri stays the plain EIP-681 URI whatever the page's code holds.
    const view = (await payd.request('GET', `/public/integrations/${shop.integration.id}/intents/${pi.id}`, { headers: { Origin: 'https://shop.example' } })).json;
    assert.equal(view.paymentUri, `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${pi.amount}`);
  });

  test('compatible: the URI carries the amount in scientific notation and as whole tokens, never value beside a token', async () => {
    const r = await patch({ qrCode: 'eip681_compatible' });
    assert.equal(r.status, 200, r.text);
    const pi = await newIntent();
    const href = attribute(await page(pi.id), 'open-wallet', 'href');
    // 25000137 is 2.5000137e7: the digits after the first, then the power of ten.
    const units = pi.amount.replace(/0+$/, '');
    const scientific = `${units[0]}${units.length > 1 ? `.${units.slice(1)}` : ''}e${pi.amount.length - 1}`;
    assert.equal(href, `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${scientific}&amount=${pi.amountFormatted}`);
    assert.doesNotMatch(href, /[?&]value=/);
  });

  test('a choice payd does not know is refused by the API and the CLI, and nothing changes', async () => {
    assert.equal((await patch({ qrCode: 'address' })).status, 200);
    for (const qrCode of ['EIP681', 'qr', '', 7, null]) {
      assertApiError(await patch({ qrCode }), 400, 'invalid_request', 'qrCode');
    }
    assert.equal((await current()).qrCode, 'address');
    const before = (await payd.request('GET', '/api/v1/integrations', { key: account.key })).json.data.length;
    const made = await payd.request('POST', '/api/v1/integrations', {
      key: account.key,
      body: { name: 'Kiosk', chains: [31337], tokens: ['USDC'], payoutAddress: PAYOUT, qrCode: 'uri' },
    });
    assertApiError(made, 400, 'invalid_request', 'qrCode');
    assert.equal((await payd.request('GET', '/api/v1/integrations', { key: account.key })).json.data.length, before);
    // The same request with a known choice is made: the refusal was the choice's.
    const ok = await payd.request('POST', '/api/v1/integrations', {
      key: account.key,
      body: { name: 'Kiosk', chains: [31337], tokens: ['USDC'], payoutAddress: PAYOUT, qrCode: 'address' },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.json.qrCode, 'address');

    const refused = payd.adminRaw(['integration', 'update', shop.integration.id, '--qr-code', 'uri', '--json']);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /--qr-code/);
    assert.equal((await current()).qrCode, 'address');
    const updated = payd.admin(['integration', 'update', shop.integration.id, '--qr-code', 'eip681']);
    assert.equal(updated.qrCode, 'eip681');
    assert.equal((await current()).qrCode, 'eip681');
  });
});
