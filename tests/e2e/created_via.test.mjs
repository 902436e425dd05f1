// DECISIONS §13: "Every intent view carries `createdVia`: `api` (created with
// a key, `/v1`), `link` (from a payment link's page or widget) or `public`
// (key-less, amount chosen in the browser). A merchant ships an order only on
// `api` intents or after checking the amount." Each view a merchant or payer
// reads (the public answer, /api/v1, the recorded event) says who set the
// amount, whichever way the intent was made.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { checkedFetch } from './lib/openapi.mjs';

describe('createdVia: who set the amount', () => {
  let chain, payd, shop;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  const newLink = async () => {
    const r = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // The intent as the merchant reads it, and its PAYMENT_CREATED event's data.
  const merchantViews = async (id) => {
    const read = await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key });
    assert.equal(read.status, 200, read.text);
    const events = await payd.request('GET', '/api/v1/events', { key: shop.events.key });
    assert.equal(events.status, 200, events.text);
    const created = events.json.data.filter((e) => e.type === 'PAYMENT_CREATED' && e.data.id === id);
    assert.equal(created.length, 1, `one PAYMENT_CREATED for ${id}`);
    return [read.json, created[0].data];
  };

  test('an amount the browser chose on the public endpoint is "public" in every view', async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.createdVia, 'public');
    for (const view of await merchantViews(r.json.id)) assert.equal(view.createdVia, 'public');
  });

  test('an intent on a payment link\'s terms is "link", from the widget\'s endpoint and from the link page alike', async () => {
    const l = await newLink();
    const widget = await createIntent(payd, shop.integration.id, { paymentLinkId: l.id, amount_usd: '25.00', currency: 'USDC', chainId: 31337 });
    assert.equal(widget.status, 201, widget.text);
    assert.equal(widget.json.createdVia, 'link');
    for (const view of await merchantViews(widget.json.id)) assert.equal(view.createdVia, 'link');

    const page = await checkedFetch(`${payd.url}/pay/${l.id}`, {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '25.00', option: '31337:USDC' }).toString(),
    });
    assert.equal(page.status, 303, await page.text());
    const id = page.headers.get('location').slice('/pay/'.length);
    for (const view of await merchantViews(id)) assert.equal(view.createdVia, 'link');
  });
});
