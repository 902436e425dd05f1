// The JS SDK (sdk/js/payd.js, issue 9 item 5) in Node against the real payd
// and anvil: what a server-side shop or a native app does with it.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { Payd, PaydError } from '../../sdk/js/payd.js';
import { chainConfig, PAYOUT, startChain } from './lib/chain.mjs';
import { createMerchant, startPayd } from './lib/payd.mjs';

// A browser on the shop's origin sends Origin; Node does not by itself.
const fromOrigin = (origin) => (url, init = {}) => fetch(url, { ...init, headers: { ...init.headers, Origin: origin } });

describe('JS SDK in Node', () => {
  let chain, payd, shop, sdk;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
    sdk = new Payd({ baseUrl: `${payd.url}/`, integration: shop.integration.id, fetch: fromOrigin('https://shop.example') });
  });
  after(async () => {
    await payd.stopCleanly();
    await payd.cleanup();
    await chain.stop();
  });

  test('getConfig reads the integration: chains, tokens, preferred token', async () => {
    const config = await sdk.getConfig();
    assert.equal(config.publicId, shop.integration.id);
    assert.deepEqual(config.allowChains, [31337]);
    assert.deepEqual(config.chains['31337'].tokens.map((t) => t.symbol), ['USDC', 'ETH']);
  });

  test('createIntent sends camelCase options as the API fields and returns the payer view', async () => {
    const intent = await sdk.createIntent({ amountUsd: '12.50', currency: 'USDC', chainId: 31337, metadata: { orderId: 'S-1' } });
    assert.match(intent.id, /^pi_/);
    assert.equal(intent.status, 'CREATED');
    assert.equal(intent.amountUsd, '12.50');
    assert.equal(intent.recipient, PAYOUT);
    assert.equal(intent.metadata, undefined, "the payer's view");
    const merchantView = (await payd.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: shop.read.key })).json;
    assert.deepEqual(merchantView.metadata, { orderId: 'S-1' });
    const got = await sdk.getIntent(intent.id);
    assert.equal(got.id, intent.id);
    assert.equal(got.amount, intent.amount);
    assert.throws(() => sdk.createIntent({ amountUSD: '1' }), /unknown option "amountUSD"/);
  });

  test("payd's refusals arrive as a PaydError with status, code, param and requestId", async () => {
    const bad = await sdk.createIntent({ amountUsd: '1.001', currency: 'USDC', chainId: 31337 }).catch((e) => e);
    assert.ok(bad instanceof PaydError, String(bad));
    assert.equal(bad.status, 400);
    assert.equal(bad.code, 'invalid_request');
    assert.equal(bad.param, 'amount_usd');
    assert.match(bad.requestId, /\S/);

    const missing = await sdk.getIntent('pi_aaaaaaaaaaaaaaaaaaaaaaaaaa').catch((e) => e);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'not_found');

    // Node without an Origin (and without an integration key) is refused.
    const bare = new Payd({ baseUrl: payd.url, integration: shop.integration.id });
    const refused = await bare.getConfig().catch((e) => e);
    assert.equal(refused.status, 403);
    assert.equal(refused.code, 'origin_not_allowed');

    const down = new Payd({ baseUrl: 'http://127.0.0.1:9', integration: shop.integration.id });
    const unreachable = await down.getConfig().catch((e) => e);
    assert.equal(unreachable.status, 0);
    assert.equal(unreachable.code, 'network_error');
  });

  test('followIntent reports each new state and resolves once the intent is PAID', async () => {
    const intent = await sdk.createIntent({ amountUsd: '3.00', currency: 'USDC', chainId: 31337 });
    const seen = [];
    const followed = sdk.followIntent(intent.id, { onUpdate: (i) => seen.push(`${i.status}/${i.confirmations}`), pollIntervalMs: 100 });
    await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    const mining = setInterval(() => chain.mine(1).catch(() => {}), 300);
    try {
      const paid = await followed;
      assert.equal(paid.status, 'PAID');
      assert.equal(paid.id, intent.id);
    } finally {
      clearInterval(mining);
    }
    assert.equal(seen[0], 'CREATED/0');
    assert.equal(seen.at(-1).split('/')[0], 'PAID');
    assert.equal(new Set(seen).size, seen.length, 'each state once');
  });

  test('followIntent stops when its signal aborts', async () => {
    const intent = await sdk.createIntent({ amountUsd: '4.00', currency: 'USDC', chainId: 31337 });
    const controller = new AbortController();
    const followed = sdk.followIntent(intent.id, { signal: controller.signal, pollIntervalMs: 100, onUpdate: () => controller.abort(new Error('left the page')) });
    await assert.rejects(followed, /left the page/);
  });

  test("an integration key admits the SDK without an Origin, and followIntent follows payd's event stream to PAID", async () => {
    const key = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'app', '--kind', 'integration',
      '--integration', shop.integration.id]).key;
    const app = new Payd({ baseUrl: payd.url, integration: shop.integration.id, integrationKey: key });
    assert.equal((await app.getConfig()).publicId, shop.integration.id);
    const intent = await app.createIntent({ amountUsd: '5.00', currency: 'USDC', chainId: 31337 });
    const seen = [];
    const followed = app.followIntent(intent.id, { onUpdate: (i) => seen.push(i.status) });
    await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    const mining = setInterval(() => chain.mine(1).catch(() => {}), 300);
    try {
      assert.equal((await followed).status, 'PAID');
    } finally {
      clearInterval(mining);
    }
    assert.equal(seen[0], 'CREATED');
    assert.equal(seen.at(-1), 'PAID');
  });
});

// The event stream as the contract describes it (stream B's endpoint), from a
// loopback server, until payd serves it: keepalive comments, retry, one event
// split across writes, the stream ending after the final state.
describe('JS SDK reading server-sent events', () => {
  let server, base;
  const views = (status) => ({ id: 'pi_x', status, exception: null, confirmations: status === 'PAID' ? 2 : 0 });
  before(async () => {
    server = createServer((req, res) => {
      assert.equal(req.headers['x-api-key'], 'svc_test_abc');
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('retry: 3000\n: keepalive\n\n');
      res.write(`event: intent\ndata: ${JSON.stringify(views('CREATED'))}\n\n`);
      const paid = `event: intent\ndata: ${JSON.stringify(views('PAID'))}\n\n`;
      setTimeout(() => res.write(paid.slice(0, 20)), 20);
      setTimeout(() => res.end(paid.slice(20)), 40);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => new Promise((r) => server.close(r)));

  test('followIntent follows the stream to PAID without polling', async () => {
    const sdk = new Payd({ baseUrl: base, integration: 'int_x', integrationKey: 'svc_test_abc' });
    const seen = [];
    const paid = await sdk.followIntent('pi_x', { onUpdate: (i) => seen.push(i.status), pollIntervalMs: 60000 });
    assert.equal(paid.status, 'PAID');
    assert.deepEqual(seen, ['CREATED', 'PAID']);
  });
});
