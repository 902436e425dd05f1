// New heads pushed over the node's WebSocket (a chain's ws_url): the watcher
// passes as soon as the node has a block, and when the socket fails it says so
// once, polls at its interval, and subscribes again when it can.
//
// The WebSocket goes through a TCP relay in front of anvil that the tests cut
// (every open connection reset: what a node restart looks like) or refuse.
import assert from 'node:assert/strict';
import { createConnection, createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

// Relays TCP to `port`; `up = false` resets new connections, `cut()` the open ones.
async function startRelay(port) {
  const relay = { up: true, connections: 0, open: new Set() };
  const server = createServer((client) => {
    relay.connections++;
    if (!relay.up) return client.resetAndDestroy();
    const node = createConnection({ host: '127.0.0.1', port });
    for (const [a, b] of [[client, node], [node, client]]) {
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
    relay.open.add(client);
    client.on('close', () => relay.open.delete(client));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  relay.url = `ws://127.0.0.1:${server.address().port}`;
  relay.cut = () => {
    for (const c of relay.open) c.resetAndDestroy();
  };
  relay.close = () => {
    relay.cut();
    return new Promise((r) => server.close(r));
  };
  return relay;
}

const config = (chain, wsUrl, pollMs) =>
  chainConfig(chain, { confirmations: 2, extra: `ws_url = "${wsUrl}"` }).replace(
    'poll_interval_ms = 100',
    `poll_interval_ms = ${pollMs}`,
  );

async function statusOf(payd, key, id) {
  return (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key })).json.status;
}

async function payAndConfirm(chain, payd, shop, amountUsd) {
  const pi = (await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 })).json;
  await chain.payUsdc(PAYOUT, BigInt(pi.amount));
  await eventually(async () => (await statusOf(payd, shop.read.key, pi.id)) === 'PENDING', { what: 'PENDING' });
  await chain.mine(1);
  await eventually(async () => (await statusOf(payd, shop.read.key, pi.id)) === 'PAID', { what: 'PAID' });
}

const logged = (payd, msg) => payd.logs.filter((l) => l.msg === msg);

// A chain, a relay in front of its WebSocket (up or not), and a payd polling
// every `pollMs` whose ws_url is the relay's; `after` stops them all.
function withRelayedChain(pollMs, relayUp) {
  const t = {};
  before(async () => {
    t.chain = await startChain();
    t.relay = await startRelay(new URL(t.chain.url).port);
    t.relay.up = relayUp;
    t.payd = await startPayd({ config: config(t.chain, t.relay.url, pollMs) });
    t.shop = createMerchant(t.payd);
  });
  after(() => stopAll(() => t.payd?.close(), () => t.relay?.close(), () => t.chain?.stop()));
  return t;
}

describe('pushed heads, with polling every 10 minutes', () => {
  // Only the first pass (at start) and pushed heads can move anything here.
  const t = withRelayedChain(600000, true);

  test('a payment is seen and confirmed as its blocks are pushed', async () => {
    const { chain, relay, payd, shop } = t;
    await payAndConfirm(chain, payd, shop, '3.00');
    assert.deepEqual(logged(payd, 'head subscription failed; polling until it is back'), []);
  });

  test('a socket cut (the node restarted): one line, then subscribed again, and heads confirm', async () => {
    const { chain, relay, payd, shop } = t;
    const connections = relay.connections;
    relay.cut();
    await eventually(() => logged(payd, 'head subscription restored').length === 1, { what: 'subscribed again' });
    assert.ok(relay.connections > connections, 'a new connection');
    assert.equal(logged(payd, 'head subscription failed; polling until it is back').length, 1);
    await payAndConfirm(chain, payd, shop, '4.00');
  });
});

describe('a WebSocket that fails: polling at the interval', () => {
  const t = withRelayedChain(100, false);

  test('payments confirm by polling, and the outage is logged once however many retries', async () => {
    const { chain, relay, payd, shop } = t;
    await payAndConfirm(chain, payd, shop, '5.00');
    await eventually(() => relay.connections >= 2, { what: 'a second attempt at the socket' });
    const failed = logged(payd, 'head subscription failed; polling until it is back');
    assert.equal(failed.length, 1);
    assert.equal(failed[0].chainId, 31337);
    assert.equal(failed[0].ws, relay.url);
    relay.up = true;
    await eventually(() => logged(payd, 'head subscription restored').length === 1, {
      what: 'subscribed once the socket answers',
      timeout: 20000,
    });
  });
});
