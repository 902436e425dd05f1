// The JS SDK (sdk/js/payd.js, issue 9 item 5) in Node against the real payd
// and anvil: what a server-side shop or a native app does with it.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { Payd, PaydError } from '../../sdk/js/payd.js';
import { chainConfig, eventually, freePort, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createMerchant, launch, preparePayd, startPayd } from './lib/payd.mjs';
import { openEvents } from './lib/sse.mjs';

// A browser on the shop's origin sends Origin; Node does not by itself.
const fromOrigin = (origin) => (url, init = {}) => checkedFetch(url, { ...init, headers: { ...init.headers, Origin: origin } });

// Far longer than any test: an update that comes in time came by the stream.
const NO_POLLING = 10 * 60 * 1000;

// A hop between the SDK and payd (a load balancer, a flaky network) that
// passes everything through, each piece of payd's answer in two halves a
// moment apart (an event split across reads). It can end the streams passing
// through it, cut the connection in the middle of the next event, and hold new
// requests back.
async function startHop(target) {
  const hop = { requests: [], streams: new Set(), held: null, cutting: false, eventPieces: 0 };
  const server = createServer(async (req, res) => {
    hop.requests.push(req.url);
    if (hop.held) await hop.held.promise;
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, async (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      const stream = { res, answer, ending: false };
      hop.streams.add(stream);
      res.once('close', () => {
        hop.streams.delete(stream);
        answer.destroy();
      });
      const events = answer.headers['content-type']?.startsWith('text/event-stream');
      let cut = false;
      try {
        for await (const piece of answer) {
          const half = Math.ceil(piece.length / 2);
          res.write(piece.subarray(0, half));
          if (hop.cutting && events) {
            hop.cutting = false;
            res.socket.destroy();
            break;
          }
          await new Promise((r) => setTimeout(r, 5)); // sleep-ok: a slow network delivers the rest of an event later
          res.write(piece.subarray(half));
          if (events) hop.eventPieces++;
        }
      } catch {
        cut = !stream.ending;
      }
      if (res.destroyed) return;
      if (cut) res.destroy();
      else res.end();
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(hop, {
    url: `http://127.0.0.1:${server.address().port}`,
    // Each open stream ends cleanly, as payd ends one after 10 minutes.
    endStreams: () => hop.streams.forEach((stream) => {
      stream.ending = true;
      stream.answer.destroy();
    }),
    // The connection of the stream that next gets an event is cut after its first half.
    cutNextEvent: () => {
      hop.cutting = true;
    },
    hold: () => {
      let release;
      hop.held = { promise: new Promise((r) => (release = r)) };
      hop.held.release = release;
    },
    release: () => {
      hop.held?.release();
      hop.held = null;
    },
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(r);
    }),
  });
  return hop;
}

describe('JS SDK in Node', () => {
  let chain, payd, shop, sdk;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 3 }) });
    shop = createMerchant(payd);
    sdk = new Payd({ baseUrl: `${payd.url}/`, integration: shop.integration.id, fetch: fromOrigin('https://shop.example') });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  const intentPath = (id) => `/public/integrations/${shop.integration.id}/intents/${id}`;
  // What payd served for an intent's public paths: its access log, where a
  // stream's line is written once the stream has ended.
  const served = (id) => {
    const lines = payd.requestLogs();
    return {
      streams: lines.filter((l) => l.path === `${intentPath(id)}/events`),
      polls: lines.filter((l) => l.method === 'GET' && l.path === intentPath(id)),
    };
  };
  // Follows an intent, recording each reported state; a follow left behind
  // by a failing test stops with it (a 10-minute poll would hold the file).
  const follow = (t, client, id, options) => {
    const seen = [];
    const controller = new AbortController();
    t.after(() => controller.abort());
    const followed = client.followIntent(id, { onUpdate: (i) => seen.push(`${i.status}/${i.confirmations}`), signal: controller.signal, ...options });
    followed.catch(() => {});  // awaited by the test; aborted unawaited only when it has failed already
    return { seen, followed };
  };
  // Pays the intent, then mines block by block, each state reported before
  // the next block: CREATED/0 → PENDING/1 → PENDING/2 → PAID/3.
  const payStepByStep = async (intent, seen) => {
    await eventually(() => seen.length >= 1, { what: 'the first state reported' });
    const receipt = await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await eventually(() => seen.length >= 2, { what: 'PENDING/1 reported' });
    await chain.mine(1);
    await eventually(() => seen.length >= 3, { what: 'PENDING/2 reported' });
    await chain.mine(1);
    return receipt;
  };
  const EVERY_STATE = ['CREATED/0', 'PENDING/1', 'PENDING/2', 'PAID/3'];

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

  test("with an integration key, followIntent reads payd's event stream: every state once, in order, without polling", { timeout: 60000 }, async (t) => {
    const key = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'app', '--kind', 'integration',
      '--integration', shop.integration.id]);
    const app = new Payd({ baseUrl: payd.url, integration: shop.integration.id, integrationKey: key.key });
    assert.equal((await app.getConfig()).publicId, shop.integration.id, 'the key admits requests without an Origin');
    const intent = await app.createIntent({ amountUsd: '5.00', currency: 'USDC', chainId: 31337 });
    const { seen, followed } = follow(t, app, intent.id, { pollIntervalMs: NO_POLLING });
    const receipt = await payStepByStep(intent, seen);
    const paid = await followed;
    assert.deepEqual(seen, EVERY_STATE);
    assert.equal(paid.status, 'PAID');
    assert.equal(paid.txHash, receipt.transactionHash);
    assert.equal(paid.amountReceived, intent.amount);
    // One stream, admitted by the key, and not a single poll.
    const [stream] = await eventually(() => served(intent.id).streams.length && served(intent.id).streams,
      { what: "the stream's access-log line" });
    assert.equal(stream.status, 200);
    assert.equal(stream.keyId, key.id);
    assert.deepEqual(served(intent.id), { streams: [stream], polls: [] });

    // Followed again once PAID: payd sends the one final view and ends the stream.
    const again = follow(t, app, intent.id, { pollIntervalMs: NO_POLLING });
    assert.equal((await again.followed).status, 'PAID');
    assert.deepEqual(again.seen, ['PAID/3']);
    await eventually(() => served(intent.id).streams.length === 2, { what: "the second stream's access-log line" });
    assert.equal(served(intent.id).polls.length, 0);
  });

  test('a stream that ends before the intent is settled is opened again: the same state is not reported twice, a new one comes at once', { timeout: 60000 }, async (t) => {
    const hop = await startHop(payd.url);
    t.after(() => hop.close());
    const viaHop = new Payd({ baseUrl: hop.url, integration: shop.integration.id, fetch: fromOrigin('https://shop.example') });
    const intent = await viaHop.createIntent({ amountUsd: '6.00', currency: 'USDC', chainId: 31337 });
    const { seen, followed } = follow(t, viaHop, intent.id, { pollIntervalMs: NO_POLLING });
    const streamsAsked = () => hop.requests.filter((u) => u.endsWith(`${intent.id}/events`)).length;
    await eventually(() => seen.length >= 1, { what: 'CREATED reported' });
    // Ended with nothing new: the next stream starts with the same view.
    const pieces = hop.eventPieces;
    hop.endStreams();
    await eventually(() => streamsAsked() === 2 && hop.eventPieces > pieces, { what: 'the second stream and its first view' });
    // Ended again; the next one waits at the hop while the payment arrives.
    hop.hold();
    hop.endStreams();
    await eventually(() => streamsAsked() === 3, { what: 'the SDK opening the third stream' });
    const receipt = await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: shop.read.key })).json.status === 'PENDING',
      { what: 'payd seeing the payment' });
    assert.deepEqual(seen, ['CREATED/0']);
    hop.release();
    await eventually(() => seen.length >= 2, { what: 'PENDING/1 from the third stream' });
    await chain.mine(1);
    await eventually(() => seen.length >= 3, { what: 'PENDING/2 reported' });
    await chain.mine(1);
    const paid = await followed;
    assert.deepEqual(seen, EVERY_STATE);
    assert.equal(paid.txHash, receipt.transactionHash);
    await eventually(() => served(intent.id).streams.length === 3, { what: 'the three streams in the access log' });
    assert.equal(served(intent.id).polls.length, 0, 'no polling');
  });

  test('a stream cut off in the middle of an event: the SDK carries on and reports every state once', { timeout: 60000 }, async (t) => {
    const hop = await startHop(payd.url);
    t.after(() => hop.close());
    const viaHop = new Payd({ baseUrl: hop.url, integration: shop.integration.id, fetch: fromOrigin('https://shop.example') });
    const intent = await viaHop.createIntent({ amountUsd: '7.00', currency: 'USDC', chainId: 31337 });
    const { seen, followed } = follow(t, viaHop, intent.id, { pollIntervalMs: 200 });
    await eventually(() => seen.length >= 1, { what: 'CREATED reported' });
    hop.cutNextEvent();  // PENDING's event, half sent
    const receipt = await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await eventually(() => !hop.cutting && seen.length >= 2, { what: 'PENDING/1 reported after the cut' });
    await chain.mine(1);
    await eventually(() => seen.length >= 3, { what: 'PENDING/2 reported' });
    await chain.mine(1);
    const paid = await followed;
    assert.deepEqual(seen, EVERY_STATE);
    assert.equal(paid.txHash, receipt.transactionHash);
  });

  test('a stream payd refuses (the client already holds 10): polling takes over', { timeout: 60000 }, async (t) => {
    const intent = await sdk.createIntent({ amountUsd: '8.00', currency: 'USDC', chainId: 31337 });
    const events = `${payd.url}${intentPath(intent.id)}/events`;
    const open = [];
    try {
      for (let i = 0; i < 10; i++) open.push(await openEvents(events, { headers: { Origin: 'https://shop.example' } }));
      assert.deepEqual(open.map((s) => s.status), Array(10).fill(200));
      const { seen, followed } = follow(t, sdk, intent.id, { pollIntervalMs: 200 });
      await eventually(() => served(intent.id).polls.length > 0, { what: 'the SDK polling' });
      assert.equal(served(intent.id).streams.at(-1).status, 429);
      await payStepByStep(intent, seen);
      assert.equal((await followed).status, 'PAID');
      assert.deepEqual(seen, EVERY_STATE);
    } finally {
      open.forEach((s) => s.close());
      // Their slots free once payd has seen them go (it logs each then).
      await eventually(() => served(intent.id).streams.filter((l) => l.status === 200).length === 10, { what: 'the 10 streams closed at payd' });
    }
  });

  test('payd restarted while the SDK follows an intent: the follow waits for it and reaches PAID on the stream', { timeout: 60000 }, async (t) => {
    // A payd of its own on a fixed port, as a deployment has: it comes back where it was.
    const own = preparePayd({ config: chainConfig(chain, { confirmations: 3 }), env: { PAYD_LISTEN: `127.0.0.1:${await freePort()}` } });
    t.after(() => own.cleanup());
    await launch(own);
    const m = createMerchant(own);
    const failures = [];
    const page = new Payd({
      baseUrl: own.url, integration: m.integration.id,
      fetch: (url, init) => fromOrigin('https://shop.example')(url, init).catch((e) => {
        failures.push(url);
        throw e;
      }),
    });
    const intent = await page.createIntent({ amountUsd: '9.00', currency: 'USDC', chainId: 31337 });
    const { seen, followed } = follow(t, page, intent.id, { pollIntervalMs: NO_POLLING });
    let ended = null;
    followed.catch((e) => (ended = e));
    await eventually(() => seen.length >= 1, { what: 'CREATED reported' });
    assert.equal(await own.stop(), 0, 'a clean stop');
    // Paid and confirmed while payd is down; the SDK meanwhile fails to reach it, and tries again.
    const receipt = await chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await chain.mine(2);
    await eventually(() => ended || failures.length >= 2, { what: 'the SDK trying twice to reach the stopped payd' });
    assert.equal(ended, null, `the follow ended while payd was down: ${ended}`);
    await launch(own);
    const paid = await followed;
    assert.equal(paid.status, 'PAID');
    assert.equal(paid.txHash, receipt.transactionHash);
    assert.equal(seen[0], 'CREATED/0');
    assert.equal(seen.at(-1), 'PAID/3');
    assert.equal(new Set(seen).size, seen.length, `each state once: ${seen}`);
    // Back on a stream after the restart, not polling (its interval is 10
    // minutes); payd logs a stream once it has ended.
    const paths = () => own.requestLogs().map((l) => l.path);
    await eventually(() => paths().filter((p) => p.endsWith(`${intent.id}/events`)).length >= 2,
      { what: 'a stream before and after the restart, in the access log' });
    assert.ok(!paths().includes(`/public/integrations/${m.integration.id}/intents/${intent.id}`), 'no poll');
    await own.stopCleanly();
  });

  test("payd's own refusal ends a follow at once: 404 for an unknown intent, 403 for an origin it does not allow", { timeout: 20000 }, async (t) => {
    const unknown = await follow(t, sdk, 'pi_aaaaaaaaaaaaaaaaaaaaaaaaaa', { pollIntervalMs: NO_POLLING }).followed.catch((e) => e);
    assert.ok(unknown instanceof PaydError, String(unknown));
    assert.deepEqual([unknown.status, unknown.code], [404, 'not_found']);
    const intent = await sdk.createIntent({ amountUsd: '3.00', currency: 'USDC', chainId: 31337 });
    const elsewhere = new Payd({ baseUrl: payd.url, integration: shop.integration.id, fetch: fromOrigin('https://evil.example') });
    const refused = await follow(t, elsewhere, intent.id, { pollIntervalMs: NO_POLLING }).followed.catch((e) => e);
    assert.deepEqual([refused.status, refused.code], [403, 'origin_not_allowed']);
  });

  test('followIntent stops when its signal aborts, and closes its stream', { timeout: 20000 }, async () => {
    const intent = await sdk.createIntent({ amountUsd: '4.00', currency: 'USDC', chainId: 31337 });
    const controller = new AbortController();
    const followed = sdk.followIntent(intent.id, { signal: controller.signal, pollIntervalMs: NO_POLLING, onUpdate: () => controller.abort(new Error('left the page')) });
    await assert.rejects(followed, /left the page/);
    // payd logs a stream once it has ended: the SDK left, freeing the client's stream slot.
    const [stream] = await eventually(() => served(intent.id).streams.length && served(intent.id).streams, { what: 'the stream closed at payd' });
    assert.equal(stream.status, 200);
  });
});

describe('JS SDK following an intent while payd cannot be reached', () => {
  // In simulated time (the SDK's waits and clock): a fetch that never reaches
  // payd, as fetch fails when nothing listens; each try's moment is recorded.
  const unreachable = (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
    const tries = [];
    const client = new Payd({
      baseUrl: 'http://127.0.0.1:9', integration: 'int_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      fetch: async () => {
        tries.push(Date.now());
        throw new TypeError('fetch failed');
      },
    });
    // Lets the SDK run, then moves the clock on, until `done()`.
    const runUntil = async (done) => {
      for (;;) {
        await new Promise((r) => setImmediate(r));
        if (done()) return;
        if (Date.now() > 20 * 60000) throw new Error('still trying after 20 minutes');
        t.mock.timers.tick(100);
      }
    };
    return { client, tries, runUntil };
  };

  test('tries again with growing waits up to 15 s apart, and fails with network_error after 5 minutes', async (t) => {
    const { client, tries, runUntil } = unreachable(t);
    let outcome = null;
    client.followIntent('pi_aaaaaaaaaaaaaaaaaaaaaaaaaa').then((v) => (outcome = v), (e) => (outcome = e));
    await runUntil(() => outcome);
    assert.ok(outcome instanceof PaydError, String(outcome));
    assert.deepEqual([outcome.status, outcome.code], [0, 'network_error']);
    const gaps = tries.slice(1).map((at, i) => at - tries[i]);
    assert.ok(gaps[0] >= 200 && gaps[0] <= 500, `first wait ${gaps[0]} ms`);
    assert.ok(Math.max(...gaps) <= 15100, `waits ${gaps}`);
    assert.ok(gaps.slice(-5).every((g) => g >= 7400), `the waits grew to 7.5-15 s: ${gaps}`);
    assert.ok(tries.at(-1) >= 5 * 60000 && tries.at(-1) <= 5 * 60000 + 15100, `gave up at ${tries.at(-1)} ms`);
  });

  test('its signal ends it in the middle of a wait', async (t) => {
    const { client, tries, runUntil } = unreachable(t);
    const controller = new AbortController();
    let outcome = null;
    client.followIntent('pi_aaaaaaaaaaaaaaaaaaaaaaaaaa', { signal: controller.signal }).catch((e) => (outcome = e));
    await runUntil(() => tries.length >= 3 || outcome);
    controller.abort(new Error('left the page'));
    for (let i = 0; i < 10 && !outcome; i++) await new Promise((r) => setImmediate(r));
    assert.equal(outcome?.message, 'left the page', 'ended without the clock moving on');
    assert.equal(tries.length, 3);
  });
});
