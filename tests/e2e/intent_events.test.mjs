// GET /public/integrations/:publicId/intents/:id/events: the checkout's live
// state as server-sent events. A payer's page sees its intent go PENDING then
// PAID on a real chain, and the stream end; the public admission rules hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { intentViews, openEvents } from './lib/sse.mjs';

const SHOP = 'https://shop.example';

describe('live intent events', () => {
  let chain, payd, shop;
  const eventsUrl = (id, integration = shop.integration.id) =>
    `${payd.url}/public/integrations/${integration}/intents/${id}/events`;
  const newIntent = async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('sends the payer view at once, then PENDING and PAID as they happen, then ends', async () => {
    const pi = await newIntent();
    const stream = await openEvents(eventsUrl(pi.id), { headers: { Origin: SHOP } });
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type'), /^text\/event-stream/);
    assert.equal(stream.headers.get('access-control-allow-origin'), SHOP);
    assert.equal(stream.headers.get('cache-control'), 'no-store');
    await eventually(() => intentViews(stream).length === 1, { what: 'the first event' });
    assert.equal(stream.retry, 3000);
    const [first] = intentViews(stream);
    assert.deepEqual(first, (await payd.request('GET', `/public/integrations/${shop.integration.id}/intents/${pi.id}`, { headers: { Origin: SHOP } })).json);
    assert.equal(first.status, 'CREATED');

    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    const pending = await eventually(() => intentViews(stream).find((v) => v.status === 'PENDING'), { what: 'PENDING on the stream' });
    assert.equal(pending.txHash, receipt.transactionHash);
    assert.equal(pending.confirmations, 1);
    assert.equal(stream.ended, false);

    await chain.mine(1);
    await stream.done;
    const views = intentViews(stream);
    const last = views.at(-1);
    assert.equal(last.status, 'PAID');
    assert.equal(last.confirmations, 2);
    assert.equal(last.amountReceived, pi.amount);
    assert.equal(stream.ended, true, 'the server ended the stream after PAID');
    // Only changes are sent: no two neighbours alike.
    for (let i = 1; i < views.length; i++) assert.notDeepEqual(views[i], views[i - 1]);

    const line = await eventually(() => payd.requestLogs().find((l) => l.path?.endsWith(`${pi.id}/events`)), { what: 'the access-log line' });
    assert.equal(line.status, 200);
    assert.ok(line.streamBytes > 0);
  });

  test('a paid intent gets its view once and the stream ends', async () => {
    const pi = await newIntent();
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID', { what: 'PAID' });
    const stream = await openEvents(eventsUrl(pi.id), { headers: { Origin: SHOP } });
    await stream.done;
    assert.equal(stream.ended, true);
    assert.deepEqual(intentViews(stream).map((v) => v.status), ['PAID']);
  });

  test("payd's own origin is allowed; a disallowed origin is 403, no origin 403", async () => {
    const pi = await newIntent();
    const own = await openEvents(eventsUrl(pi.id), { headers: { Origin: payd.url } });
    assert.equal(own.status, 200);
    own.close();
    for (const headers of [{ Origin: 'https://evil.example' }, {}]) {
      const r = await openEvents(eventsUrl(pi.id), { headers });
      assert.equal(r.status, 403, JSON.stringify(headers));
      assert.equal(JSON.parse(r.text).error.code, 'origin_not_allowed');
    }
  });

  test('an unknown intent or integration is 404 not_found', async () => {
    const unknown = await openEvents(eventsUrl('pi_aaaaaaaaaaaaaaaaaaaaaaaaaa'), { headers: { Origin: SHOP } });
    assert.equal(unknown.status, 404);
    assert.equal(JSON.parse(unknown.text).error.code, 'not_found');
    const pi = await newIntent();
    const other = await openEvents(eventsUrl(pi.id, 'int_unknown'), { headers: { Origin: SHOP } });
    assert.equal(other.status, 404);
  });

  test('HEAD gets the headers only', async () => {
    const pi = await newIntent();
    const head = await openEvents(eventsUrl(pi.id), { method: 'HEAD', headers: { Origin: SHOP } });
    assert.equal(head.status, 200);
    assert.match(head.headers.get('content-type'), /^text\/event-stream/);
    assert.equal(head.text, '');
  });

  test('a client holds at most 10 streams; the 11th is 429; closing one frees it', async () => {
    const pi = await newIntent();
    const open = [];
    for (let i = 0; i < 10; i++) {
      const s = await openEvents(eventsUrl(pi.id), { headers: { Origin: SHOP } });
      assert.equal(s.status, 200);
      open.push(s);
    }
    const refused = await openEvents(eventsUrl(pi.id), { headers: { Origin: SHOP } });
    assert.equal(refused.status, 429);
    assert.equal(JSON.parse(refused.text).error.code, 'rate_limited');
    assert.equal(refused.headers.get('retry-after'), '60');
    open.pop().close();
    const again = await eventually(async () => {
      const s = await openEvents(eventsUrl(pi.id), { headers: { Origin: SHOP } });
      if (s.status === 200) return s;
      return null;
    }, { what: 'a slot freed by the closed stream' });
    open.push(again);
    for (const s of open) s.close();
  });
});
