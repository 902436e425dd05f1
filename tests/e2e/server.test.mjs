// The HTTP server's contract: health endpoints, the error shape and
// X-Request-Id on every response, body and media-type limits, keep-alive,
// time-outs for slow clients, and a graceful shutdown.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createMerchant, linkBody, sleep, startPayd } from './lib/payd.mjs';

// Opens a raw TCP connection; resolves with everything the server sends until it closes.
function rawExchange(port, chunks, { gapMs = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const started = Date.now();
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ data, ms: Date.now() - started }));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        if (gapMs) await sleep(gapMs); // sleep-ok: a client scripted to send slowly
      }
    });
  });
}

// Whether the server on `port` has accepted the connection from local port
// `clientPort` and read all that came on it: its side in /proc/net/tcp
// (Linux) has a socket (inode 0 while in the accept queue) and nothing unread.
function serverHolds(port, clientPort) {
  const hex = (p) => `:${p.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, remote, , queues, , , , , inode] = line.trim().split(/\s+/);
    if (local?.endsWith(hex(port)) && remote?.endsWith(hex(clientPort))) return inode !== '0' && queues.endsWith(':00000000');
  }
  return false;
}

function assertErrorShape(r, status, code) {
  assert.equal(r.status, status, r.text);
  assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(r.json.error.code, code);
  assert.equal(typeof r.json.error.message, 'string');
  assert.match(r.headers.get('x-request-id'), /^req_[a-z2-7]{16}$/);
  assert.equal(r.json.error.requestId, r.headers.get('x-request-id'));
}

describe('HTTP server', () => {
  let payd, shop;
  before(async () => {
    payd = await startPayd({ config: '[http]\nrequest_timeout_s = 1\nidle_timeout_s = 2\n' });
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('healthz and readyz answer without a key', async () => {
    const live = await payd.request('GET', '/healthz');
    assert.equal(live.status, 200);
    assert.deepEqual(live.json, { status: 'ok' });
    const ready = await payd.request('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.json.database, 'ok');
    assert.ok(ready.headers.get('x-request-id'));
  });

  test('every response has a unique X-Request-Id', async () => {
    const ids = new Set();
    for (const path of ['/healthz', '/nope', '/api/v1/payment-links']) {
      const r = await payd.request('GET', path);
      ids.add(r.headers.get('x-request-id'));
    }
    assert.equal(ids.size, 3);
  });

  test('unknown routes are 404 not_found', async () => {
    assertErrorShape(await payd.request('GET', '/api/v2/payment-links'), 404, 'not_found');
    assertErrorShape(await payd.request('GET', '/api/v1/payment-links/x/y'), 404, 'not_found');
    assertErrorShape(await payd.request('POST', '/'), 404, 'not_found');
  });

  test('a wrong method is 405 method_not_allowed with Allow', async () => {
    const r = await payd.request('DELETE', '/api/v1/payment-links', { key: shop.rw.key });
    assertErrorShape(r, 405, 'method_not_allowed');
    assert.equal(r.headers.get('allow'), 'GET, POST, HEAD');
    const one = await payd.request('PUT', '/api/v1/payment-links/plink_x', { key: shop.rw.key, body: {} });
    assertErrorShape(one, 405, 'method_not_allowed');
    assert.equal(one.headers.get('allow'), 'GET, PATCH, HEAD');
  });

  test('HEAD answers with the headers of GET and no body', async () => {
    const r = await checkedFetch(`${payd.url}/healthz`, { method: 'HEAD' });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-length'), '15');
    assert.equal(await r.text(), '');
  });

  test('bodies over 64 KiB are 413 payload_too_large', async () => {
    const body = JSON.stringify({ ...linkBody(shop.integration.id), description: 'x'.repeat(70 * 1024) });
    const r = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, rawBody: body, headers: { 'Content-Type': 'application/json' },
    });
    assertErrorShape(r, 413, 'payload_too_large');
    // Exactly at the limit is still read (and then judged on its content).
    const pad = 64 * 1024 - JSON.stringify({ ...linkBody(shop.integration.id), description: '' }).length;
    const atLimit = JSON.stringify({ ...linkBody(shop.integration.id), description: 'x'.repeat(pad) });
    assert.equal(Buffer.byteLength(atLimit), 64 * 1024);
    const ok = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, rawBody: atLimit, headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(ok.status, 400);
    assert.equal(ok.json.error.param, 'description');
  });

  test('a POST body that is not JSON is 415 unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const r = await payd.request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, rawBody: JSON.stringify(linkBody(shop.integration.id)),
        headers: type ? { 'Content-Type': type } : {},
      });
      assertErrorShape(r, 415, 'unsupported_media_type');
    }
    const withCharset = await payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, rawBody: JSON.stringify(linkBody(shop.integration.id)),
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
    });
    assert.equal(withCharset.status, 201);
  });

  test('malformed JSON and non-object bodies are 400 invalid_request', async () => {
    for (const raw of ['{', '', '[]', '"text"', '{"a":1}{', 'null']) {
      const r = await payd.request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, rawBody: raw, headers: { 'Content-Type': 'application/json' },
      });
      assertErrorShape(r, 400, 'invalid_request');
    }
  });

  test('keep-alive serves many requests on one connection', async () => {
    const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    const last = 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const { data } = await rawExchange(payd.port, [request, request, last]);
    assert.equal(data.match(/HTTP\/1\.1 200 OK/g).length, 3);
  });

  test('a client that sends half a request is cut off by the request time-out', async () => {
    const { data, ms } = await rawExchange(payd.port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n']);
    assert.equal(data, '');
    assert.ok(ms >= 900 && ms < 5000, `closed after ${ms} ms`);
  });

  test('an idle keep-alive connection is closed after the idle time-out', async () => {
    const { data, ms } = await rawExchange(payd.port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n']);
    assert.match(data, /200 OK/);
    assert.ok(ms >= 1900 && ms < 6000, `closed after ${ms} ms`);
  });

  test('garbage is answered with a JSON 400', async () => {
    const { data } = await rawExchange(payd.port, ['NOT HTTP AT ALL\r\n\r\n']);
    assert.match(data, /^HTTP\/1\.1 400/);
    assert.match(data, /"code":"invalid_request"/);
  });

  test('one JSON access-log line per request', async () => {
    const ids = [];
    for (const path of ['/healthz', '/nope']) ids.push((await payd.request('GET', path)).headers.get('x-request-id'));
    // The lines reach us through payd's stderr, which may come after the responses.
    const linesOf = () => ids.map((id) => payd.requestLogs().filter((l) => l.requestId === id));
    await eventually(() => linesOf().every((found) => found.length > 0), { what: 'both log lines' });
    const lines = linesOf();
    assert.deepEqual(lines.map((found) => found.length), [1, 1], 'one line each');
    assert.deepEqual(lines.map(([l]) => [l.method, l.path, l.status]), [['GET', '/healthz', 200], ['GET', '/nope', 404]]);
    for (const [l] of lines) {
      assert.match(l.ts, /Z$/);
      assert.match(l.requestId, /^req_/);
    }
  });
});

describe('graceful shutdown', () => {
  test('SIGTERM lets a request in flight finish, then exits 0', async () => {
    const payd = await startPayd();
    try {
      const shop = createMerchant(payd);
      const body = JSON.stringify(linkBody(shop.integration.id, { name: 'in flight' }));
      const half = Math.floor(body.length / 2);
      const head = `POST /api/v1/payment-links HTTP/1.1\r\nHost: x\r\nX-API-Key: ${shop.rw.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      // An idle keep-alive connection must not hold the shutdown up.
      const idle = connect(payd.port, '127.0.0.1');
      await new Promise((r) => idle.on('connect', r));
      const socket = connect(payd.port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d));
      const closed = new Promise((resolve, reject) => {
        socket.on('error', reject);
        socket.on('close', resolve);
      });
      await new Promise((r) => socket.on('connect', r));
      socket.write(head + body.slice(0, half));
      await eventually(() => serverHolds(payd.port, idle.localPort) && serverHolds(payd.port, socket.localPort),
        { what: 'payd holding both connections, half the body read' });
      const exitCode = new Promise((r) => payd.proc.once('exit', (code) => r(code)));
      payd.proc.kill('SIGTERM');
      const shutting = await eventually(() => payd.logs.find((l) => l.msg === 'shutting down'), { what: "payd's 'shutting down' line" });
      assert.equal(shutting.openConnections, 2, 'the idle connection and the request in flight');
      socket.write(body.slice(half));
      await closed;
      assert.match(data, /^HTTP\/1\.1 201 Created/);
      assert.match(data, /Connection: close/i);
      assert.equal(await exitCode, 0);
      idle.destroy();
    } finally {
      await payd.cleanup();
    }
  });

  // A proxy (nginx) picks an idle upstream connection and sends a request on
  // it; were payd closing that connection at the same moment, a POST would
  // fail (nginx never resends one). So a trusted proxy's idle connection is
  // left open while draining, for the proxy to close or to use once more.
  for (const [who, trusted, stays] of [['a trusted proxy', '127.0.0.1', true], ['any other client', '10.0.0.0/8', false]]) {
    test(`SIGTERM: an idle keep-alive connection of ${who} ${stays ? 'stays open for one more request' : 'is closed at once'}`, async () => {
      const payd = await startPayd({ env: { PAYD_TRUSTED_PROXIES: trusted } });
      try {
        const shop = createMerchant(payd);
        const body = JSON.stringify(linkBody(shop.integration.id, { name: 'after SIGTERM' }));
        const post = `POST /api/v1/payment-links HTTP/1.1\r\nHost: x\r\nX-API-Key: ${shop.rw.key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        const socket = connect(payd.port, '127.0.0.1');
        let data = '';
        let closed = false;
        socket.on('data', (d) => (data += d));
        socket.on('error', () => {});
        const ended = new Promise((r) => socket.on('close', () => r((closed = true))));
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        await eventually(() => data.includes('"ok"'), { what: 'the first answer' });
        const exitCode = new Promise((r) => payd.proc.once('exit', (code) => r(code)));
        payd.proc.kill('SIGTERM');
        await eventually(() => payd.logs.some((l) => l.msg === 'shutting down'), { what: 'the drain' });
        if (!stays) {
          await ended;
          assert.equal(await exitCode, 0);
          return;
        }
        await sleep(300); // sleep-ok: a negative: payd still holds the connection 300 ms into the drain
        assert.equal(closed, false, 'the connection is still open');
        assert.equal(payd.proc.exitCode, null, 'payd waits for the proxy');
        data = '';
        socket.write(post);
        await ended;
        assert.match(data, /^HTTP\/1\.1 201 Created/);
        assert.match(data, /Connection: close/i);
        assert.equal(await exitCode, 0);
        assert.equal(payd.logs.some((l) => l.msg === 'shutdown grace period over; closing remaining connections'), false);
      } finally {
        await payd.cleanup();
      }
    });
  }
});
