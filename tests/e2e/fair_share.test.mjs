// Issue 19: one client cannot keep the others out. Each client address gets
// a share of the connections (http.max_connections_per_client: past it, 429
// while others still get in), and of the live intent event streams (10
// each), with a total for streams ([public] max_event_streams: past it, 503
// for anyone). Clients are told apart by their loopback source address.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { openEvents } from './lib/sse.mjs';

const SHOP = 'https://shop.example';

// GET `path` from `localAddress`: its status and JSON body.
function getFrom(localAddress, url) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { localAddress, headers: { Connection: 'close' } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    }).on('error', reject).end();
  });
}

// A TCP connection from `localAddress` that sends nothing: it holds a slot until closed.
function hold(localAddress, port) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('fair shares of connections and event streams', () => {
  let chain, payd, shop;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({
      config: `${chainConfig(chain)}
[http]
max_connections = 60
max_connections_per_client = 16

[public]
max_event_streams = 12
`,
    });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('a client holding its share of connections gets 429; another client is served', async () => {
    const port = new URL(payd.url).port;
    const held = [];
    for (let i = 0; i < 16; i++) held.push(await hold('127.0.0.5', port));
    const refused = await getFrom('127.0.0.5', `${payd.url}/healthz`);
    assert.equal(refused.status, 429, refused.text);
    assert.equal(JSON.parse(refused.text).error.code, 'rate_limited');
    assert.match(JSON.parse(refused.text).error.message, /16 connections/);
    assert.equal((await getFrom('127.0.0.6', `${payd.url}/healthz`)).status, 200, 'another client gets in');
    for (const socket of held) socket.destroy();
    // Its slots come back as the server sees the connections close.
    await eventually(async () => (await getFrom('127.0.0.5', `${payd.url}/healthz`)).status === 200,
      { what: 'the client served again once it let go' });
    const limit = payd.logs.find((l) => l.msg === 'connection limit reached; refusing new connections');
    assert.ok(limit, 'the refusal is logged');
    assert.equal(limit.maxConnectionsPerClient, 16);
    assert.equal(payd.logs.find((l) => l.msg === 'listening').maxConnectionsPerClient, 16);
  });

  test('event streams: 10 per client, 12 in all; the client holding its share does not keep others out', async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    const url = `${payd.url}/public/integrations/${shop.integration.id}/intents/${r.json.id}/events`;
    const open = (localAddress) => openEvents(url, { headers: { Origin: SHOP }, localAddress });
    const streams = [];
    for (let i = 0; i < 10; i++) {
      const s = await open('127.0.0.7');
      assert.equal(s.status, 200);
      streams.push(s);
    }
    const eleventh = await open('127.0.0.7');
    assert.equal(eleventh.status, 429, eleventh.text);
    assert.equal(JSON.parse(eleventh.text).error.code, 'rate_limited');
    const others = [await open('127.0.0.8'), await open('127.0.0.8')];
    assert.deepEqual(others.map((s) => s.status), [200, 200], 'another client still gets streams');
    streams.push(...others);
    // Twelve open in all: nobody gets a thirteenth, whatever its share.
    const full = await open('127.0.0.9');
    assert.equal(full.status, 503, full.text);
    assert.equal(JSON.parse(full.text).error.code, 'unavailable');
    assert.ok(Number(full.headers.get('retry-after')) > 0);
    streams.pop().close();
    const again = await eventually(async () => {
      const s = await open('127.0.0.9');
      if (s.status === 200) return s;
      return null;
    }, { what: 'a stream slot freed by the closed stream' });
    streams.push(again);
    for (const s of streams) s.close();
  });
});

// Issue 35: behind the shipped nginx every connection comes from the proxy, so
// the share of connections cannot tell clients apart. payd then gives each
// client the proxy names its share of requests in flight (a stream holds one
// while it lasts): past it, 429 for that client while others are served.
describe('fair shares behind a trusted proxy', () => {
  let chain, payd, shop;
  before(async () => {
    chain = await startChain();
    payd = await startPayd({
      config: `trusted_proxies = ["127.0.0.1"]
[limits]
api_requests_per_min = 1000000
${chainConfig(chain)}
[http]
max_connections_per_client = 4
`,
    });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test("a forwarded client holding its share of requests gets 429; another forwarded client is served", async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    const url = `${payd.url}/public/integrations/${shop.integration.id}/intents/${r.json.id}/events`;
    const as = (client) => ({ Origin: SHOP, 'X-Forwarded-For': client });
    const streams = [];
    try {
      for (let i = 0; i < 4; i++) {
        const s = await openEvents(url, { headers: as('203.0.113.7') });
        streams.push(s);
        assert.equal(s.status, 200);
      }
      const refused = await fetch(`${payd.url}/healthz`, { headers: as('203.0.113.7') });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.match(await refused.text(), /"code":"rate_limited".*4 requests in flight/);
      assert.equal((await fetch(`${payd.url}/healthz`, { headers: as('203.0.113.8') })).status, 200, 'another client');
      streams.pop().close();
      await eventually(async () => (await fetch(`${payd.url}/healthz`, { headers: as('203.0.113.7') })).status === 200,
        { what: 'the freed share taken again' });
    } finally {
      for (const s of streams) s.close();
    }
  });
});
