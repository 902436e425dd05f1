// The webhook dispatcher under faults a merchant's endpoint or the database can
// bring: an event that cannot be rendered, one tenant's endpoint that never
// answers, proxies in payd's environment. Each time the other deliveries must
// go out, promptly, and payd must stay up.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createMerchant, launch, linkBody, preparePayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const WEBHOOKS = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1, 1, 1]\n';

const deliveryOf = async (payd, key, eventId) =>
  (await payd.request('GET', '/api/v1/webhooks?limit=100', { key })).json.data.find((d) => d.eventId === eventId);

// An HTTP server that reads requests and never answers them: a hung endpoint.
// `log` records, in order, each request arriving and each one the client gave up on.
async function startHangingServer(log) {
  const open = new Set();
  const server = createServer((req, res) => {
    open.add(res);
    log.push({ what: 'hung request', id: req.headers['webhook-id'] });
    server.maxOpen = Math.max(server.maxOpen, open.size);
    res.on('close', () => {
      open.delete(res);
      log.push({ what: 'hung request closed', id: req.headers['webhook-id'] });
    });
  });
  server.maxOpen = 0;
  server.open = open;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  server.url = `http://127.0.0.1:${server.address().port}/hooks`;
  return server;
}

describe('webhook dispatcher faults', () => {
  test('an event that cannot be rendered fails its delivery; payd stays up and delivers the rest', async () => {
    const payd = preparePayd({ config: WEBHOOKS });
    let receiver;
    try {
      const shop = createMerchant(payd);
      const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
      receiver = await startReceiver({ secrets: [secret] });
      payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
      // Two events queued while payd is stopped; one of them is damaged in the
      // database, as a bad migration or a hand edit could leave it.
      const broken = payd.admin(['webhook', 'test', '--tenant', shop.tenant.id]);
      const good = payd.admin(['webhook', 'test', '--tenant', shop.tenant.id]);
      sql(payd, `UPDATE events SET data = '{"not json' WHERE id = '${broken.eventId}'`);

      await launch(payd);
      await eventually(() => receiver.deliveries.some((d) => d.id === good.eventId), { what: 'the good event delivered' });
      const failed = await eventually(async () => {
        const d = await deliveryOf(payd, shop.events.key, broken.eventId);
        return d?.status === 'FAILED' ? d : null;
      }, { what: 'the broken delivery FAILED' });
      assert.match(failed.lastError, /cannot be built/);
      assert.equal(failed.nextAttemptAt, null, 'never retried: it cannot get better by waiting');
      assert.equal((await payd.request('GET', '/healthz')).status, 200);
      assert.ok(!receiver.deliveries.some((d) => d.id === broken.eventId));
      await eventually(() => payd.logs.some((l) => l.msg === 'webhook delivery cannot be built' && l.eventId === broken.eventId),
        { what: 'the error logged' });

      // A restart neither crashes on it nor tries it again; new events still go out.
      await payd.stopCleanly();
      const logged = payd.logs.length;
      await launch(payd);
      const after = payd.admin(['webhook', 'test', '--tenant', shop.tenant.id]);
      await eventually(() => receiver.deliveries.some((d) => d.id === after.eventId), { what: 'a new event delivered after the restart' });
      // FAILED unsent: `attempts` counts requests sent, and none was (nor will be).
      assert.equal((await deliveryOf(payd, shop.events.key, broken.eventId)).attempts, 0);
      assert.ok(!payd.logs.slice(logged).some((l) => l.msg === 'webhook delivery cannot be built'), 'logged once, not at every start');
      await payd.stopCleanly();
    } finally {
      await stopAll(() => receiver?.close(), () => payd.cleanup());
    }
  });

  test("one tenant's hung endpoint holds a bounded share of the workers; another tenant's webhooks go out at once", async () => {
    // 4 workers, a 15 s time-out: before fairness, 4 of A's deliveries took
    // every worker and B waited for A's time-outs.
    const payd = preparePayd({ config: '[webhooks]\nallow_private_targets = true\nconcurrency = 4\n' });
    const log = [];
    const hanging = await startHangingServer(log);
    let receiver;
    try {
      const a = createMerchant(payd, { name: 'A' });
      const b = createMerchant(payd, { name: 'B' });
      payd.admin(['webhook-endpoint', 'add', '--tenant', a.tenant.id, '--url', hanging.url]);
      receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', b.tenant.id]).secret] });
      receiver.server.on('request', (req) => log.push({ what: 'B delivered', id: req.headers['webhook-id'] }));
      payd.admin(['webhook-endpoint', 'add', '--tenant', b.tenant.id, '--url', receiver.url]);
      await launch(payd);

      for (let i = 0; i < 8; i++) {
        const r = await payd.request('POST', '/api/v1/payment-links', { key: a.rw.key, body: linkBody(a.integration.id) });
        assert.equal(r.status, 201);
      }
      await eventually(() => hanging.open.size >= 2, { what: "A's endpoint holding deliveries" });
      const link = await payd.request('POST', '/api/v1/payment-links', { key: b.rw.key, body: linkBody(b.integration.id) });
      assert.equal(link.status, 201);
      // Longer than A's 15 s time-out, so that without fairness the order below decides.
      await eventually(() => receiver.of('PAYMENT_LINK_CREATED').some((d) => d.payload.data.id === link.json.id),
        { timeout: 40000, what: "B's webhook" });
      const arrived = log.findIndex((e) => e.what === 'B delivered');
      const firstGiveUp = log.findIndex((e) => e.what === 'hung request closed');
      assert.ok(firstGiveUp === -1 || arrived < firstGiveUp,
        `B's webhook waited for A's time-outs: ${JSON.stringify(log.map((e) => e.what))}`);
      assert.ok(hanging.maxOpen <= 2, `A's endpoint held ${hanging.maxOpen} deliveries at once`);
      // Let A's attempts end now rather than at their time-out, so payd stops promptly.
      hanging.closeAllConnections();
      await payd.stopCleanly();
    } finally {
      await stopAll(() => { hanging.closeAllConnections(); hanging.close(); }, () => receiver?.close(), () => payd.cleanup());
    }
  });

  test('proxies named in the environment are never used for deliveries', async () => {
    // A proxy would connect to whatever the name resolves to at its end,
    // bypassing the address the guard approved. It records what it is asked.
    const asked = [];
    const proxy = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(502).end();
    });
    proxy.on('connect', (req, socket) => {
      asked.push(`CONNECT ${req.url}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;
    const payd = preparePayd({
      config: WEBHOOKS,
      env: {
        http_proxy: proxyUrl, HTTP_PROXY: proxyUrl, https_proxy: proxyUrl, HTTPS_PROXY: proxyUrl,
        all_proxy: proxyUrl, ALL_PROXY: proxyUrl,
      },
    });
    let receiver;
    try {
      const shop = createMerchant(payd);
      receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
      payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
      await launch(payd);
      const sent = payd.admin(['webhook', 'test', '--tenant', shop.tenant.id]);
      await eventually(() => receiver.deliveries.some((d) => d.id === sent.eventId && d.ok), { what: 'the delivery, direct' });
      const delivery = await eventually(async () => {
        const d = await deliveryOf(payd, shop.events.key, sent.eventId);
        return d?.status === 'DELIVERED' ? d : null;
      }, { what: 'DELIVERED' });
      assert.equal(delivery.attempts, 1);
      // Only webhook traffic is judged here: the chain client is not under test.
      const viaProxy = asked.filter((line) => line.includes(`:${receiver.port}`));
      assert.deepEqual(viaProxy, []);
      await payd.stopCleanly();
    } finally {
      await stopAll(() => { proxy.closeAllConnections(); proxy.close(); }, () => receiver?.close(), () => payd.cleanup());
    }
  });
});
