// Idle connections cannot starve payd of file descriptors. With a small
// descriptor limit and more idle sockets than it allows, payd keeps what it
// needs for the database, the chain and webhooks: a payment is still seen and
// its webhook delivered, a client over the limit gets a quick 503 rather than
// a hang, and requests are served again once the sockets close.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, launch, preparePayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const IDLE_SOCKETS = 300;

// Opens `n` connections that never send a byte; resolves once all are connected.
async function openIdle(port, n) {
  const sockets = [];
  await Promise.all(Array.from({ length: n }, () => new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    s.on('error', () => {});  // payd may refuse or reset some: that is the point
    s.once('connect', resolve);
    s.once('close', resolve);
    setTimeout(() => reject(new Error('connect timed out')), 20000); // sleep-ok: a deadline, not a wait
    sockets.push(s);
  })));
  return sockets;
}

// One request on a new connection, with a deadline: a server that stopped
// accepting would hang it. (fetch could reuse a connection opened before.)
function requestWithin(port, path, ms) {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => { // sleep-ok: a deadline, not a wait
      s.destroy();
      reject(new Error(`no answer in ${ms} ms`));
    }, ms);
    s.on('error', () => {});
    s.on('data', (d) => (data += d));
    s.on('connect', () => s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    s.on('close', () => {
      clearTimeout(timer);
      const [head, body] = data.split('\r\n\r\n');
      const [status, ...lines] = (head ?? '').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(status.split(' ')[1]), headers, json: body ? JSON.parse(body) : null });
    });
  });
}

describe('connection limit', () => {
  let chain, payd, receiver, sockets = [];
  before(async () => {
    chain = await startChain();
  });
  after(() => stopAll(
    () => { for (const s of sockets) s.destroy(); },
    () => payd?.cleanup(),
    () => receiver?.close(),
    () => chain?.stop(),
  ));

  test('with its descriptor limit flooded by idle sockets, payd still records a payment and delivers its webhook', async () => {
    payd = preparePayd({
      // Every socket comes from one address: its share is set past the total, so that the
      // total is what the flood reaches (fair_share.test.mjs holds one address to its share).
      config: '[http]\nidle_timeout_s = 300\nmax_connections_per_client = 100000\n[webhooks]\nallow_private_targets = true\n' +
        chainConfig(chain, { confirmations: 2 }),
    });
    payd.launchPrefix = ['prlimit', '--nofile=256:256', '--'];
    const shop = createMerchant(payd);
    await launch(payd);
    const listening = payd.logs.find((l) => l.msg === 'listening');
    assert.equal(listening.openFilesLimit, 256);
    assert.equal(listening.maxConnections, 128, 'the limit less a reserve for the rest of payd');
    // Connection: close, so that no connection of this test's own outlives the request: a
    // keep-alive one would hold a slot through the flood and free it when fetch drops it (after
    // 4 s idle), and the client over the limit below would then be served.
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '4.00', currency: 'USDC', chainId: 31337 },
      { headers: { Connection: 'close' } })).json;

    sockets = await openIdle(payd.port, IDLE_SOCKETS);
    // The webhook endpoint comes now, so its delivery needs a new socket.
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    await eventually(() => receiver.of('PAYMENT_CONFIRMED').some((d) => d.payload.data.id === pi.id),
      { timeout: 30000, what: 'PAYMENT_CONFIRMED delivered while the sockets are open' });

    const busy = await requestWithin(payd.port, '/healthz', 10000);
    assert.equal(busy.status, 503);
    assert.equal(busy.json.error.code, 'unavailable');
    assert.equal(busy.json.error.requestId, busy.headers['x-request-id']);
    assert.ok(Number(busy.headers['retry-after']) > 0);

    for (const s of sockets) s.destroy();
    await eventually(async () => (await requestWithin(payd.port, '/healthz', 10000)).status === 200,
      { what: 'new connections served again' });
    const paid = (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    assert.equal(paid.status, 'PAID');
    await payd.stopCleanly();
  });

  test('payd raises its soft descriptor limit to the hard one', async () => {
    const raised = preparePayd();
    raised.launchPrefix = ['prlimit', '--nofile=200:4096', '--'];
    try {
      await launch(raised);
      const listening = raised.logs.find((l) => l.msg === 'listening');
      assert.equal(listening.openFilesLimit, 4096);
      assert.equal(listening.maxConnections, 3072);
      await raised.stopCleanly();
    } finally {
      await raised.cleanup();
    }
  });
});
