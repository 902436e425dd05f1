// SIGTERM while connections come and go: payd must exit 0 whatever its
// connections were doing. A cold run on PostgreSQL once saw payd die with
// SIGSEGV at SIGTERM right after a test had opened ten event streams and
// closed them (issue 34). Each round starts payd, has clients open and abort
// event streams, send requests on kept-alive connections, half-send requests,
// connect and vanish, and pipeline requests, sends SIGTERM in the middle of
// all that, keeps the clients going while payd drains, and requires a clean
// exit (no crash, no sanitizer report). SHUTDOWN_ROUNDS sets the rounds.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { chainConfig, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, launch, preparePayd } from './lib/payd.mjs';

const ROUNDS = Number(process.env.SHUTDOWN_ROUNDS ?? 6);
const SHOP = 'https://shop.example';

// A small deterministic generator, so that a failing round can be replayed.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

// One raw connection that writes `bytes` in pieces and then, by `closeAfterMs`,
// goes away (or lets the server close it). Never rejects: payd may refuse, reset
// or close it at any point of its shutdown.
function rawClient(port, pieces, closeAfterMs) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.on('close', resolve);
    socket.on('connect', async () => {
      for (const piece of pieces) {
        if (socket.destroyed) break;
        socket.write(piece);
        await new Promise((r) => setImmediate(r));
      }
    });
    setTimeout(() => socket.destroy(), closeAfterMs); // sleep-ok: how long this client stays, the subject
  });
}

describe('SIGTERM while connections come and go', () => {
  let chain, payd, shop, intentId;
  before(async () => {
    chain = await startChain();
    // One database for every round: each round's payd opens it again.
    payd = preparePayd({ config: chainConfig(chain, { confirmations: 2 }) });
    await launch(payd);
    shop = createMerchant(payd);
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    intentId = r.json.id;
    await payd.stopCleanly();
  });
  after(() => stopAll(() => payd?.cleanup(), () => chain?.stop()));

  for (let round = 1; round <= ROUNDS; round++) {
    test(`round ${round}: payd exits 0`, async () => {
      const random = rng(round * 7919);
      payd.logs = [];
      await launch(payd);
      const port = payd.port;
      const events = `/public/integrations/${shop.integration.id}/intents/${intentId}/events`;
      const streamRequest = `GET ${events} HTTP/1.1\r\nHost: x\r\nOrigin: ${SHOP}\r\nAccept: text/event-stream\r\n\r\n`;
      const read = `GET /api/v1/payment-intents/${intentId} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${shop.read.key}\r\n\r\n`;
      let stopping = false;
      const clients = [];
      // Each kind of client, again and again until a while after SIGTERM.
      const churn = async (make) => {
        while (!stopping) await make();
      };
      const kinds = [
        // an event stream, aborted after a moment
        () => rawClient(port, [streamRequest], 5 + random() * 60),
        () => rawClient(port, [streamRequest], 5 + random() * 60),
        () => rawClient(port, [streamRequest, streamRequest], 5 + random() * 30),
        // requests kept alive on one connection, pipelined
        () => rawClient(port, [read, read, read], 20 + random() * 40),
        // a request sent in pieces, the client gone in the middle of it
        () => rawClient(port, [read.slice(0, 10), read.slice(10, 30), read.slice(30)], random() * 20),
        // connect and vanish
        () => rawClient(port, [], random() * 5),
        // HEAD of a stream
        () => rawClient(port, [streamRequest.replace('GET', 'HEAD')], 10 + random() * 20),
      ];
      for (const kind of kinds) clients.push(churn(kind));
      await new Promise((r) => setTimeout(r, 100 + random() * 300)); // sleep-ok: when SIGTERM comes, the subject
      const exited = payd.stop('SIGTERM');
      await new Promise((r) => setTimeout(r, 200 + random() * 300)); // sleep-ok: clients keep coming while payd drains
      stopping = true;
      await Promise.all(clients);
      const code = await exited;
      const other = payd.logs.filter((l) => l.msg === 'unparsed').map((l) => l.raw).join('\n');
      assert.equal(code, 0, `payd exited with ${code} after SIGTERM:\n${other}`);
    });
  }
});
