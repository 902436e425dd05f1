// The reference deployment (docs/deployment.md): two payd processes on one
// PostgreSQL database, started with the command line and environment of
// deploy/systemd/payd@.service and the config deploy/payd.toml, behind
// Debian's nginx running deploy/nginx/. Everything below goes through nginx
// only: a merchant's API calls, a checkout paid on chain and followed by
// polling and by server-sent events, the client's address as payd logs it,
// a rolling restart under load, /readyz, and the TLS site.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, freePort, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { ON_POSTGRES } from './lib/database.mjs';
import {
  DEPLOY, establishedTo, nginxBinary, rawRequest, reference, replaceOnce, selfSignedCert, startNginx, unitCommand, verifyUnit,
  writeNginxConfig,
} from './lib/deployment.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createMerchant, jsonOrNull, launch, linkBody, PAYD_BIN, preparePayd, sleep, storeOf } from './lib/payd.mjs';
import { intentViews, openEvents } from './lib/sse.mjs';

const SKIP = !ON_POSTGRES && 'runs in the PostgreSQL pass (make test-postgres): the reference deployment is on PostgreSQL';
const SHOP = 'https://shop.example';

// `promise`, or a failure naming `what` after `ms`.
function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms} ms`)), ms); }); // sleep-ok: a deadline, not a wait
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('the reference deployment: nginx in front of two payd processes on one PostgreSQL', { skip: SKIP }, () => {
  let dir, chain, nginx, procs, shop, key, cert, instanceConfig;
  const unit = reference('systemd/payd@.service');

  // payd@PORT as systemd would start it: the unit's arguments and
  // environment, its credentials directory holding the config and pgpass.
  function prepareInstance(port, first) {
    const credentials = join(dir, `credentials-${port}`);
    mkdirSync(credentials, { mode: 0o700 });
    const cmd = unitCommand(unit, { instance: String(port), credentials, state: join(dir, 'state') });
    assert.deepEqual(Object.keys(cmd.credentials).sort(), ['payd.toml', 'pgpass']);
    writeFileSync(join(credentials, 'payd.toml'), instanceConfig, { mode: 0o400 });
    // The test server trusts local connections: libpq never needs the password.
    writeFileSync(join(credentials, 'pgpass'), '# no password needed here\n', { mode: 0o400 });
    const payd = preparePayd({ env: { ...cmd.env, ...(first ? storeOf(first) : {}) } });
    payd.serveArgs = cmd.args;
    payd.env.PAYD_CONFIG = join(credentials, 'payd.toml'); // admin commands: --config as the operator does
    return payd;
  }

  before(async () => {
    const bin = nginxBinary();
    assert.ok(bin, 'nginx is not installed (scripts/install-deps.sh installs Debian\'s nginx)');
    dir = mkdtempSync(join(tmpdir(), 'payd-deploy-'));
    mkdirSync(join(dir, 'state', 'payd'), { recursive: true, mode: 0o700 });
    chain = await startChain();
    const [nginxPort, p1, p2, httpPort, httpsPort] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    const publicUrl = `http://127.0.0.1:${nginxPort}`;

    // deploy/payd.toml with the test's public URL and chain; its database URL
    // gives way to PAYD_DATABASE_URL (a scratch database). Limits raised for the load below.
    let config = reference('payd.toml');
    config = replaceOnce(config, 'public_url = "https://pay.example.com"', `public_url = "${publicUrl}"`, 'payd.toml');
    config = replaceOnce(config, 'chains = ["base"]', 'chains = ["localnet"]', 'payd.toml');
    const base = config.indexOf('\n[chain.base]\n');
    assert.ok(base > 0, 'payd.toml ends with its [chain.base] table');
    config = config.slice(0, base + 1);
    // The test's chain is not in payd's catalog: configured by hand under its name.
    const local = chainConfig(chain).replace('[[chains]]', '[chain.localnet]').replace('[[chains.tokens]]', '[[chain.localnet.tokens]]');
    instanceConfig = `${config}${local}\n[limits]\npublic_reads_per_min = 100000\npublic_intents_per_min = 100000\n`;

    const first = prepareInstance(p1);
    procs = [first, prepareInstance(p2, first)];
    for (const p of procs) await launch(p);
    assert.deepEqual(procs.map((p) => p.port), [p1, p2]);
    shop = createMerchant(procs[0], { origins: SHOP });
    key = shop.key('payments:read,payments:write', ['--rate-limit', '1000000']).key;

    const nginxDir = join(dir, 'nginx');
    mkdirSync(nginxDir);
    cert = selfSignedCert(nginxDir, 'pay.example.com');
    writeNginxConfig(nginxDir, { port: nginxPort, upstreamPorts: [p1, p2], site: { httpPort, httpsPort, ...cert } });
    nginx = await startNginx(bin, nginxDir, nginxPort);
    nginx.site = { http: `http://127.0.0.1:${httpPort}`, https: `https://127.0.0.1:${httpsPort}` };
  });

  after(() => stopAll(
    () => nginx?.stop(),
    ...(procs ?? []).map((p) => () => p.stop('SIGTERM')),
    ...(procs ?? []).slice(1).map((p) => () => p.cleanup()),
    () => procs?.[0].cleanup(),
    () => chain?.stop(),
    () => dir && rmSync(dir, { recursive: true, force: true }),
  ));

  // A request through nginx (never to a payd port).
  const call = async (method, path, { headers = {}, body } = {}) => {
    const h = { ...headers };
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const res = await checkedFetch(nginx.url + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: jsonOrNull(text) };
  };
  const api = (method, path, opts = {}) => call(method, path, { ...opts, headers: { 'X-API-Key': key, ...opts.headers } });
  const logOf = (requestId) => eventually(
    () => procs.flatMap((p) => p.requestLogs()).find((l) => l.requestId === requestId),
    { what: `payd's log line of ${requestId}` });

  test('the unit passes systemd-analyze verify', (t) => {
    const r = verifyUnit(unit, dir, PAYD_BIN);
    if (!r) {
      // Only on a machine set up by hand: scripts/install-deps.sh installs systemd.
      t.skip('systemd-analyze is not installed');
      return;
    }
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr.trim(), '', 'no warnings');
  });

  test('deploy/payd.toml as it is, its chain named from the catalog, is a valid config: payd migrate takes it', () => {
    const r = procs[0].adminRaw(['migrate', '--json', '--config', join(DEPLOY, 'payd.toml')]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).environment, 'mainnet');
  });

  test("a merchant's API calls: idempotent creation, public_url in the link, /readyz", async () => {
    const idem = randomUUID();
    const body = linkBody(shop.integration.id);
    const created = await api('POST', '/api/v1/payment-links', { body, headers: { 'Idempotency-Key': idem } });
    assert.equal(created.status, 201, created.text);
    assert.ok(created.json.url.startsWith(`${nginx.url}/pay/`), `link URL from public_url: ${created.json.url}`);
    const again = await api('POST', '/api/v1/payment-links', { body, headers: { 'Idempotency-Key': idem } });
    assert.equal(again.json.id, created.json.id);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const read = await api('GET', `/api/v1/payment-links/${created.json.id}`);
    assert.equal(read.status, 200);
    assert.ok(read.headers.get('x-request-id'), 'payd\'s X-Request-Id passes nginx');
    const ready = await call('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.json, { status: 'ready', database: 'ok', environment: 'mainnet' });
  });

  test('requests are spread over both processes, on connections nginx keeps open', async () => {
    const before = procs.map((p) => p.requestLogs().length);
    for (let i = 0; i < 20; i++) assert.equal((await call('GET', '/healthz')).status, 200);
    const served = procs.map((p, i) => p.requestLogs().length - before[i]);
    assert.ok(served.every((n) => n >= 5), `each process served some of 20 requests: ${served}`);
    const ports = new Set(nginx.accessLog().filter((l) => l.includes('/healthz'))
      .map((l) => l.match(/upstream=127\.0\.0\.1:(\d+)/)?.[1]));
    assert.ok(procs.every((p) => ports.has(String(p.port))), `nginx's log names both: ${[...ports]}`);
    const kept = procs.map((p) => establishedTo(p.port));
    assert.ok(kept.every((n) => n > 0), `idle upstream connections kept open: ${kept}`);
  });

  test("payd logs the client nginx saw, never the client's own X-Forwarded-For", async () => {
    // From 127.0.0.1 (inside trusted_proxies, as nginx is): nginx replaces
    // the header with the address it saw, so the spoof is gone.
    const spoofed = await call('GET', `/public/integrations/${shop.integration.id}`, {
      headers: { Origin: SHOP, 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=198.51.100.9' },
    });
    assert.equal(spoofed.status, 200);
    const line = await logOf(spoofed.headers.get('x-request-id'));
    assert.equal(line.remote, '127.0.0.1');
    // From another address: payd names it, and nginx as the proxy.
    const other = await rawRequest(`${nginx.url}/public/integrations/${shop.integration.id}`, {
      localAddress: '127.0.0.5', headers: { Origin: SHOP, 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=198.51.100.9' },
    });
    assert.equal(other.status, 200);
    const otherLine = await logOf(other.headers['x-request-id']);
    assert.equal(otherLine.remote, '127.0.0.5');
    assert.equal(otherLine.proxy, '127.0.0.1');
  });

  test('a checkout paid on chain, followed by polling and by server-sent events through nginx', async () => {
    const created = await call('POST', `/public/integrations/${shop.integration.id}/intent`, {
      headers: { Origin: SHOP }, body: { amount_usd: '4.00', currency: 'USDC', chainId: 31337 },
    });
    assert.equal(created.status, 201, created.text);
    const pi = created.json;
    const path = `/public/integrations/${shop.integration.id}/intents/${pi.id}`;
    // Not buffered: the headers and the first event come at once, while the
    // stream goes on (a buffering nginx holds even the headers back).
    const stream = await within(5000, openEvents(`${nginx.url}${path}/events`, { headers: { Origin: SHOP } }), 'the stream\'s headers through nginx');
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type'), /^text\/event-stream/);
    await eventually(() => intentViews(stream).length === 1, { what: 'the first event through nginx', timeout: 3000 });
    assert.equal(intentViews(stream)[0].status, 'CREATED');

    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await eventually(() => intentViews(stream).some((v) => v.status === 'PENDING'), { what: 'PENDING on the stream', timeout: 5000 });
    assert.equal(stream.ended, false, 'PENDING arrived before the stream ended');
    await chain.mine(1);
    await eventually(async () => (await api('GET', `/api/v1/payment-intents/${pi.id}`)).json?.status === 'PAID',
      { what: 'PAID by polling the API' });
    assert.equal((await call('GET', path, { headers: { Origin: SHOP } })).json.status, 'PAID');
    await within(10000, stream.done, 'the end of the stream');
    assert.equal(intentViews(stream).at(-1).status, 'PAID');
    assert.equal(stream.ended, true, 'payd ended the stream after PAID, and nginx passed the end on');
  });

  test('a rolling restart under load, one process at a time: no request fails', async () => {
    const failures = [];
    let requests = 0;
    let stop = false;
    const check = async (what, fn, ok) => {
      requests++;
      try {
        const r = await fn();
        if (!ok(r.status)) failures.push(`${what}: ${r.status} ${r.text.slice(0, 100)}`);
      } catch (e) {
        failures.push(`${what}: ${e.message}`);
      }
    };
    const link = (await api('POST', '/api/v1/payment-links', { body: linkBody(shop.integration.id) })).json;
    const integration = `/public/integrations/${shop.integration.id}`;
    // As fast as they go: nginx always has idle connections to both processes
    // and a request on its way to each, POSTs included.
    const load = async () => {
      while (!stop) {
        await check('GET link', () => api('GET', `/api/v1/payment-links/${link.id}`), (s) => s === 200);
        await check('POST link', () => api('POST', '/api/v1/payment-links', {
          body: linkBody(shop.integration.id), headers: { 'Idempotency-Key': randomUUID() },
        }), (s) => s === 201);
        await check('GET integration', () => call('GET', integration, { headers: { Origin: SHOP } }), (s) => s === 200);
        await check('POST intent', () => call('POST', `${integration}/intent`, {
          headers: { Origin: SHOP }, body: { amount_usd: '2.00', currency: 'USDC', chainId: 31337 },
        }), (s) => s === 201);
        await check('GET /readyz', () => call('GET', '/readyz'), (s) => s === 200);
      }
    };
    const loaders = Array.from({ length: 8 }, load);
    const stops = [];
    try {
      for (const p of procs) {
        await sleep(300); // sleep-ok: pacing: the load runs a moment between two restarts
        const stopping = Date.now();
        assert.equal(await p.stop('SIGTERM'), 0, 'payd exits 0 on SIGTERM');
        stops.push(Date.now() - stopping);
        const served = p.requestLogs().length;
        await sleep(500); // sleep-ok: the upgrade takes a while, the process being down meanwhile
        await launch(p);
        const ready = await rawRequest(`http://127.0.0.1:${p.port}/readyz`);
        assert.equal(ready.status, 200, 'the new process is ready (asked directly)');
        // nginx sends it requests again once fail_timeout has passed.
        await eventually(() => p.requestLogs().length > served + 20, { what: 'the restarted process serving', timeout: 15000 });
      }
    } finally {
      stop = true;
      await Promise.all(loaders);
    }
    const passedOn = nginx.accessLog().filter((l) => /upstream=\S+, /.test(l)).length;
    console.log(`rolling restart: ${requests} requests through nginx, ${failures.length} failed, ` +
      `${passedOn} passed on to the other process by nginx; SIGTERM to exit ${stops.join(' and ')} ms`);
    // What nginx made of each failure, beside it.
    const upstreamErrors = nginx.errorLog().split('\n').filter((l) => /upstream|no live/.test(l));
    assert.deepEqual(failures, [], `${failures.length} failed, the first: ${failures.slice(0, 5).map((f) => f.slice(0, 160)).join('; ')}\n` +
      `nginx's error log:\n${upstreamErrors.slice(-40).join('\n')}`);
    assert.ok(passedOn > 0, 'nginx passed refused connections on to the other process');
  });

  test('the TLS site: http redirects to https, which serves payd', async () => {
    const redirect = await rawRequest(`${nginx.site.http}/pay/x?y=1`, { headers: { Host: 'pay.example.com' } });
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.location, 'https://pay.example.com/pay/x?y=1');
    const ready = await rawRequest(`${nginx.site.https}/readyz`, {
      ca: cert.pem, servername: 'pay.example.com', headers: { Host: 'pay.example.com' },
    });
    assert.equal(ready.status, 200, ready.body);
    assert.equal(JSON.parse(ready.body).status, 'ready');
    assert.match(ready.headers['strict-transport-security'], /max-age=/);
  });
});
