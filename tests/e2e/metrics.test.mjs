// Prometheus metrics (issue 17 item 4; docs/operator-guide.md "Metrics"):
// GET /metrics on a listener of its own ([metrics] listen, off by default),
// read as a monitoring system would, with the values an operator's
// dashboards and alerts rely on checked against what the test did and what
// anvil says; `promtool check metrics` on the real scrape, and the alert
// rules of deploy/prometheus/ through `promtool check rules` and `test rules`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, freePort, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, launch, PAYD_BIN, preparePayd, startPayd } from './lib/payd.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { openEvents } from './lib/sse.mjs';

const SHOP = 'https://shop.example';
const METRICS = '\n[metrics]\nlisten = "127.0.0.1:0"\n';

// The text exposition format: one sample a line, `name{label="value",...} value`.
function parseSamples(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[k] = v.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

// The one sample of `name` whose labels include `labels`, or undefined.
function valueOf(samples, name, labels = {}) {
  const found = samples.filter((s) => s.name === name
    && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value;
}

// Listening TCP sockets of a process, from iproute2's `ss`.
function listeningPorts(pid) {
  const r = spawnSync('ss', ['-Hltnp'], { encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => l.includes(`pid=${pid},`))
    .map((l) => Number(l.split(/\s+/)[3].split(':').pop()));
}

// spawnSync blocks the event loop, where no test time-out can end it: a deadline of its own.
function promtool(args, input) {
  return spawnSync('promtool', args, { encoding: 'utf8', input, timeout: 60000 });
}

describe('metrics', () => {
  let chain, payd, shop, receiver, metricsUrl, deadPort;
  const scrape = async () => {
    const res = await checkedFetch(metricsUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    return { text, samples: parseSamples(text) };
  };

  before(async () => {
    chain = await startChain();
    // Two RPC URLs: the first refuses connections and carries a provider's
    // secret, which must never appear in a label; payd fails over to anvil.
    deadPort = await freePort();
    const config = chainConfig(chain, { confirmations: 1 }).replace(
      `rpc_urls = ["${chain.url}"]`,
      `rpc_urls = ["http://127.0.0.1:${deadPort}/v3/PROVIDER-SECRET", "${chain.url}"]`,
    );
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${config}${METRICS}` });
    const listening = payd.logs.find((l) => l.msg === 'listening');
    assert.ok(listening.metricsPort > 0, listening.raw);
    assert.notEqual(listening.metricsPort, payd.port);
    metricsUrl = `http://127.0.0.1:${listening.metricsPort}/metrics`;
    shop = createMerchant(payd);
    const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    receiver = await startReceiver({ secrets: [secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test('the main listener has no /metrics; the metrics listener has nothing else', async () => {
    const main = await payd.request('GET', '/metrics');
    assert.equal(main.status, 404);
    assert.equal(main.json.error.code, 'not_found');
    // Unchecked: the document describes this path as the main listener serves it.
    assert.equal((await fetch(metricsUrl.replace('/metrics', '/api/v1/payment-links'))).status, 404);
    assert.equal((await checkedFetch(metricsUrl, { method: 'POST' })).status, 405);
    // payd's own two listeners, nothing more.
    assert.deepEqual(listeningPorts(payd.proc.pid).sort(), [payd.port, new URL(metricsUrl).port * 1].sort());
  });

  test('requests count by route template and status, exactly; latency by template', async () => {
    const before = (await scrape()).samples;
    const count = (samples, route, status, method = 'GET') =>
      valueOf(samples, 'payd_http_requests_total', { route, method, status: String(status) }) ?? 0;
    const latency = (samples, route) =>
      valueOf(samples, 'payd_http_request_duration_seconds_count', { route, method: 'GET' }) ?? 0;

    for (let i = 0; i < 3; i++) {
      assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).status, 200);
    }
    const ids = ['plink_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'plink_bbbbbbbbbbbbbbbbbbbbbbbbbb'];
    for (const id of ids) {
      assert.equal((await payd.request('GET', `/api/v1/payment-links/${id}`, { key: shop.read.key })).status, 404);
    }
    assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: 'pk_wrong' })).status, 401);
    assert.equal((await payd.request('GET', '/no/such/route/xyz123')).status, 404);

    const { text, samples } = await scrape();
    assert.equal(count(samples, '/api/v1/payment-links', 200) - count(before, '/api/v1/payment-links', 200), 3);
    assert.equal(count(samples, '/api/v1/payment-links', 401) - count(before, '/api/v1/payment-links', 401), 1);
    assert.equal(count(samples, '/api/v1/payment-links/:id', 404) - count(before, '/api/v1/payment-links/:id', 404), 2);
    assert.equal(count(samples, 'unmatched', 404) - count(before, 'unmatched', 404), 1);
    assert.equal(latency(samples, '/api/v1/payment-links') - latency(before, '/api/v1/payment-links'), 4);
    assert.equal(latency(samples, '/api/v1/payment-links/:id') - latency(before, '/api/v1/payment-links/:id'), 2);
    // Templates only: no id, no raw path, no scrape of /metrics itself.
    for (const raw of [...ids, 'xyz123', '/metrics']) assert.ok(!text.includes(raw), raw);
    const inf = valueOf(samples, 'payd_http_request_duration_seconds_bucket',
      { route: '/api/v1/payment-links', method: 'GET', le: '+Inf' });
    assert.equal(inf, latency(samples, '/api/v1/payment-links'));
  });

  test('open connections and requests in flight (an event stream) are gauges that go back down', async () => {
    const gauge = async (name) => valueOf((await scrape()).samples, name);
    const baseline = await gauge('payd_http_open_connections');
    const sockets = await Promise.all([0, 1, 2].map(() => new Promise((resolve, reject) => {
      const s = connect(payd.port, '127.0.0.1', () => resolve(s));
      s.on('error', reject);
    })));
    await eventually(async () => (await gauge('payd_http_open_connections')) >= baseline + 3,
      { what: 'three more open connections' });
    for (const s of sockets) s.destroy();
    await eventually(async () => (await gauge('payd_http_open_connections')) <= baseline,
      { what: 'the connections closed' });

    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 })).json;
    const stream = await openEvents(
      `${payd.url}/public/integrations/${shop.integration.publicId}/intents/${pi.id}/events`,
      { headers: { Origin: SHOP } },
    );
    assert.equal(stream.status, 200);
    assert.ok((await gauge('payd_http_requests_in_flight')) >= 1);
    stream.close();
    await eventually(async () => (await gauge('payd_http_requests_in_flight')) === 0,
      { what: 'no request in flight' });
  });

  test('a payment on anvil: chain head and processed block, intents, payments, webhooks, database', async () => {
    const created = await createIntent(payd, shop.integration.id, { amount_usd: '25.00', currency: 'USDC', chainId: 31337 });
    assert.equal(created.status, 201, created.text);
    const pi = created.json;
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID',
      { what: 'intent PAID' });
    await eventually(() => receiver.of('PAYMENT_CONFIRMED').some((d) => d.payload.data.id === pi.id),
      { what: 'PAYMENT_CONFIRMED delivered' });

    // Nothing mines now: the head payd reports must be anvil's.
    const head = Number(await chain.blockNumber());
    const chainLabels = { chain_id: '31337' };
    // The database gauges are read at most every 5 s (MetricsListener::kStoreRefresh).
    const { text, samples } = await eventually(async () => {
      const s = await scrape();
      const ok = valueOf(s.samples, 'payd_chain_head_block', chainLabels) === head
        && valueOf(s.samples, 'payd_intents', { status: 'paid' }) === 1
        && valueOf(s.samples, 'payd_webhook_queue_depth') === 0;
      return ok && s;
    }, { timeout: 20000, what: 'the scrape to show the payment' });

    assert.equal(valueOf(samples, 'payd_chain_processed_block', chainLabels), head);
    assert.equal(valueOf(samples, 'payd_chain_lag_blocks', chainLabels), 0);
    assert.equal(valueOf(samples, 'payd_chain_watching', chainLabels), 1);
    // Two intents in all: this one, PAID, and the previous test's, still open.
    assert.equal(valueOf(samples, 'payd_intents', { status: 'created' }), 1);
    for (const status of ['pending', 'expired', 'failed']) {
      assert.equal(valueOf(samples, 'payd_intents', { status }), 0, status);
    }
    assert.equal(valueOf(samples, 'payd_payments', { status: 'confirmed' }), 1);
    assert.equal(valueOf(samples, 'payd_payments', { status: 'pending' }), 0);
    assert.equal(valueOf(samples, 'payd_payments', { status: 'reorged' }), 0);
    // No refund yet: every status is shown, at 0 (a rate over it never starts from nothing).
    for (const status of ['requested', 'address_needed', 'ready', 'sent', 'confirmed', 'canceled', 'reversed']) {
      assert.equal(valueOf(samples, 'payd_refunds', { status }), 0, status);
    }
    for (const status of ['ready', 'sent', 'confirmed', 'canceled', 'reversed']) {
      assert.equal(valueOf(samples, 'payd_payout_lines', { status }), 0, status);
    }

    // The dead first endpoint failed, counted under its index, never its URL.
    assert.ok(valueOf(samples, 'payd_chain_rpc_errors_total', { ...chainLabels, endpoint: '0', kind: 'transport' }) >= 1);
    assert.ok(!text.includes('PROVIDER-SECRET'));
    assert.ok(!text.includes(String(deadPort)));

    // Every delivery the receiver got (each intent's events) was answered 200 at the first attempt.
    const delivered = receiver.deliveries.filter((d) => d.ok).length;
    assert.equal(delivered, receiver.deliveries.length);
    assert.ok(delivered >= 2);
    assert.equal(valueOf(samples, 'payd_webhook_deliveries_total', { outcome: 'delivered' }), delivered);
    assert.equal(valueOf(samples, 'payd_webhook_oldest_due_age_seconds'), 0);

    assert.equal(valueOf(samples, 'payd_database_up'), 1);
    assert.ok(valueOf(samples, 'payd_db_transaction_duration_seconds_count', { kind: 'write' }) > 0);
    assert.ok(valueOf(samples, 'payd_db_transaction_duration_seconds_count', { kind: 'read' }) > 0);
    assert.equal(typeof valueOf(samples, 'payd_db_conflicts_total'), 'number');

    const version = spawnSync(PAYD_BIN, ['--version'], { encoding: 'utf8', timeout: 20000 }).stdout.trim();
    assert.equal(valueOf(samples, 'payd_build_info', { version }), 1);

    // PAYD_METRICS_SCRAPE=<file> keeps this scrape (for a note, or to read by eye).
    if (process.env.PAYD_METRICS_SCRAPE) writeFileSync(process.env.PAYD_METRICS_SCRAPE, text);
    // What Prometheus's own linter says of the real scrape.
    const check = promtool(['check', 'metrics'], text);
    assert.equal(check.status, 0, `promtool check metrics:\n${check.stdout}${check.stderr}`);
  });
});

describe('metrics off by default', () => {
  test('no [metrics] listen: one listener, /metrics is 404', async () => {
    const payd = await startPayd();
    try {
      const listening = payd.logs.find((l) => l.msg === 'listening');
      assert.equal(listening.metricsPort, null);
      assert.deepEqual(listeningPorts(payd.proc.pid), [payd.port]);
      assert.equal((await payd.request('GET', '/metrics')).status, 404);
    } finally {
      await payd.close();
    }
  });
});

describe('metrics from the environment or the command line', () => {
  for (const [how, setup] of [
    ['PAYD_METRICS_LISTEN', () => preparePayd({ env: { PAYD_METRICS_LISTEN: '127.0.0.1:0' } })],
    ['serve --metrics-listen', () => {
      const p = preparePayd();
      p.serveArgs = ['serve', '--metrics-listen', '127.0.0.1:0'];
      return p;
    }],
  ]) {
    test(`${how} turns the listener on`, async () => {
      const payd = setup();
      try {
        await launch(payd);
        const { metricsPort } = payd.logs.find((l) => l.msg === 'listening');
        assert.ok(metricsPort > 0);
        assert.deepEqual(listeningPorts(payd.proc.pid).sort(), [payd.port, metricsPort].sort());
        const text = await (await checkedFetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        assert.match(text, /^payd_build_info\{version="[^"]+"\} 1$/m);
      } finally {
        await payd.close();
      }
    });
  }
});

describe('alert rules (deploy/prometheus)', () => {
  test('promtool check rules and test rules pass', () => {
    const check = promtool(['check', 'rules', 'deploy/prometheus/payd-alerts.yml']);
    assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
    const run = promtool(['test', 'rules', 'deploy/prometheus/payd-alerts.test.yml']);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  });
});
