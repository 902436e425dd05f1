// Changing a payment link after it was made (issue 17 item 2, DECISIONS §13): PATCH
// /api/v1/payment-links/:id (scope payments:write) changes its name, description, amount terms
// and return URL, checked as at creation, and switches it off and on. A deactivated link's page
// says it no longer takes payments, and the public endpoint refuses intents for it; intents
// already made from it keep their terms. Every change is in the audit log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';

describe('changing payment links', () => {
  let chain, payd, shop, account;
  const patch = (id, body, key = shop.rw.key) => payd.request('PATCH', `/api/v1/payment-links/${id}`, { key, body });
  const get = async (id) => (await payd.request('GET', `/api/v1/payment-links/${id}`, { key: shop.read.key })).json;
  const make = async (extra = {}) => {
    const r = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, extra) });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const page = async (id, init) => {
    const r = await fetch(`${payd.url}/pay/${id}`, init);
    return { status: r.status, text: await r.text() };
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain) });
    shop = createMerchant(payd);
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('name, description, amount and return URL change; intents already made keep their terms', async () => {
    const link = await make({ description: 'Cotton', returnUrl: 'https://shop.example/done' });
    const made = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337, paymentLinkId: link.id });
    assert.equal(made.status, 201, made.text);

    const r = await patch(link.id, { name: 'T-shirt (blue)', description: null, amount: '27.50', minAmount: '20.00', returnUrl: null });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.name, 'T-shirt (blue)');
    assert.equal(r.json.description, null);
    assert.equal(r.json.amount, '27.50');
    assert.equal(r.json.minAmount, '20.00');
    assert.equal(r.json.returnUrl, null);
    assert.equal(r.json.status, 'active');
    assert.equal(r.json.createdAt, link.createdAt);
    assert.deepEqual(await get(link.id), r.json);
    assert.match((await page(link.id)).text, /T-shirt \(blue\)/);
    assert.match((await page(link.id)).text, /27\.50/);

    const intent = (await payd.request('GET', `/api/v1/payment-intents/${made.json.id}`, { key: shop.read.key })).json;
    assert.equal(intent.amountUsd, '25.00', 'the intent made before keeps its amount');
    // New intents keep to the new terms: below the new minimum is refused.
    const under = await createIntent(payd, shop.integration.id, { amount_usd: '19.99', currency: 'USDC', chainId: 31337, paymentLinkId: link.id });
    assertApiError(under, 400, 'invalid_request');
  });

  test('a deactivated link takes no payments; reactivated, it does again', async () => {
    const link = await make();
    const off = await patch(link.id, { status: 'inactive' });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.status, 'inactive');

    const html = await page(link.id);
    assert.equal(html.status, 404);
    assert.match(html.text, /This link no longer takes payments/);
    assert.doesNotMatch(html.text, /<form/, 'no form to pay with');
    const german = await page(link.id, { headers: { 'Accept-Language': 'de' } });
    assert.match(german.text, /nimmt keine Zahlungen mehr an/);
    const json = await payd.request('GET', `/pay/${link.id}`, { headers: { Accept: 'application/json' } });
    assert.equal(json.status, 200, json.text);
    assert.equal(json.json.status, 'inactive', 'the widget can tell');
    const form = await fetch(`${payd.url}/pay/${link.id}`, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'amount=25.00&option=31337%3AUSDC',
    });
    assert.equal(form.status, 404);
    assert.match(await form.text(), /no longer takes payments/);
    const refused = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337, paymentLinkId: link.id });
    assertApiError(refused, 400, 'invalid_request', 'paymentLinkId');
    assert.equal((await get(link.id)).views, link.views, 'a switched-off page is no view');

    const on = await patch(link.id, { status: 'active' });
    assert.equal(on.json.status, 'active');
    assert.equal((await page(link.id)).status, 200);
    const ok = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337, paymentLinkId: link.id });
    assert.equal(ok.status, 201, ok.text);

    const log = (await payd.request('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data.filter((a) => a.objectId === link.id);
    assert.deepEqual(log.map((a) => a.action), ['payment_link.reactivate', 'payment_link.deactivate', 'payment_link.create']);
    assert.equal(log[1].before.status, 'active');
    assert.equal(log[1].after.status, 'inactive');
    assert.equal(log[1].actor, shop.rw.id);
    assert.equal(log[2].before, null, 'a creation has nothing before');
    assert.equal(log[2].after.status, 'active');
    assert.equal(log[2].after.id, link.id);
    assert.equal(log[2].actor, shop.rw.id);
  });

  test('bad changes are a 400 naming the field, and the link stays as it was', async () => {
    const link = await make({ allowCustomAmount: false });
    const cases = [
      [{}, undefined], [{ type: 'BUTTON' }, 'type'], [{ integrationId: shop.integration.id }, 'integrationId'],
      [{ name: '' }, 'name'], [{ name: null }, 'name'], [{ amount: '0' }, 'amount'], [{ amount: '1.234' }, 'amount'],
      [{ amount: '1e3' }, 'amount'], [{ amount: 25 }, 'amount'], [{ currency: 'EUR' }, 'currency'], [{ currency: 'USDC' }, 'currency'],
      [{ denominationType: 'FIAT' }, 'denominationType'], [{ denominationType: 'TOKEN' }, 'currency'],
      [{ minAmount: '1.00' }, 'minAmount'], [{ allowCustomAmount: true, minAmount: '26.00' }, 'minAmount'],
      [{ returnUrl: 'javascript:alert(1)' }, 'returnUrl'], [{ description: 'd'.repeat(1001) }, 'description'],
      [{ status: 'paused' }, 'status'], [{ status: null }, 'status'], [{ views: 0 }, 'views'],
    ];
    for (const [body, param] of cases) assertApiError(await patch(link.id, body), 400, 'invalid_request', param);
    assert.deepEqual(await get(link.id), link);
    // The whole terms are checked: a token link needs a token currency with its amount.
    const token = await patch(link.id, { denominationType: 'TOKEN', currency: 'USDC', amount: '12.345678' });
    assert.equal(token.status, 200, token.text);
    assert.equal(token.json.currency, 'USDC');
  });

  test('payments:read may not change a link; another tenant\'s link is 404', async () => {
    const link = await make();
    const denied = await patch(link.id, { name: 'x' }, shop.read.key);
    assertApiError(denied, 403, 'insufficient_scope');
    assert.match(denied.json.error.message, /payments:write/);
    const other = createMerchant(payd, { name: 'Other' });
    assertApiError(await patch(link.id, { status: 'inactive' }, other.rw.key), 404, 'not_found');
    assertApiError(await patch('plink_nosuchlink', { name: 'x' }), 404, 'not_found');
    assert.equal((await get(link.id)).status, 'active');
  });
});
