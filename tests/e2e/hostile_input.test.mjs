// Hostile input at every edge (DECISIONS §3): a corpus of at least 10,000
// bad requests, generated from a seed (lib/hostile_requests.mjs), against a
// payd holding a real merchant's data (keys of every kind, a payment link,
// intents, a payment confirmed on a real chain, delivered webhooks).
//
// Checks: no 5xx; every refusal is the JSON error shape with X-Request-Id (or,
// for bytes that are not HTTP, a closed connection); payd keeps answering
// /healthz between batches and exits cleanly; and nothing stored changes: the
// dump of the main database and every tenant's events list are the same after
// the corpus as before. (The usage database, payd-usage.sqlite3, holds per-key
// rate windows and lastUsedAt, which legitimately move with every read; it is
// not compared, nor are the windows' tables on PostgreSQL.)
//
// PAYD_HOSTILE_SEED picks the corpus (printed at the start), PAYD_HOSTILE_COUNT
// its size (default 12,000), PAYD_HOSTILE_CONCURRENCY the requests in flight.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { judge } from './lib/hostile_judge.mjs';
import { rawExchange } from './lib/raw_http.mjs';
import { generateCases } from './lib/hostile_requests.mjs';
import { requestBytes } from './lib/hostile_raw.mjs';
import { MAX_UINT256, Rng } from './lib/hostile_values.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createIntent, createMerchant, mainnetKey, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const SEED = Number(process.env.PAYD_HOSTILE_SEED ?? 20261122) >>> 0;
const COUNT = Number(process.env.PAYD_HOSTILE_COUNT ?? 12000);
const CONCURRENCY = Number(process.env.PAYD_HOSTILE_CONCURRENCY ?? 8);
const BATCH = 500;
const OTHER_PAYOUT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

const CONFIG = `[limits]
api_requests_per_min = 1000000
public_intents_per_min = 1000000
public_reads_per_min = 1000000
[webhooks]
allow_private_targets = true
`;

// Everything the corpus may name: real ids of both tenants, keys of every kind.
async function buildFixtures(payd, chain, receiver) {
  const shop = createMerchant(payd);
  const other = createMerchant(payd, { name: 'Other', payout: OTHER_PAYOUT });
  const key = (args, opts) => payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'k', ...args], opts).key;
  const expired = key(['--scopes', 'payments:read,payments:write', '--expires', new Date(Date.now() + 1500).toISOString()]);
  const revoked = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'r', '--scopes', 'payments:read,payments:write']);
  payd.admin(['key', 'revoke', revoked.id]);
  const keys = {
    rw: shop.rw.key, read: shop.read.key, events: shop.events.key, other: other.rw.key,
    hooks: key(['--scopes', 'webhooks:write']),
    account: key(['--kind', 'account']),
    revoked: revoked.key,
    expired,
    mainnet: mainnetKey('payments:read,payments:write'),
    integration: key(['--kind', 'integration', '--integration', shop.integration.id]),
    otherIntegration: payd.admin(['key', 'create', '--tenant', other.tenant.id, '--name', 'w', '--kind', 'integration', '--integration', other.integration.id]).key,
  };
  const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
  receiver.secrets = [secret];
  const endpoint = payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  const otherEndpoint = payd.admin(['webhook-endpoint', 'add', '--tenant', other.tenant.id, '--url', receiver.url]);

  const link = async (merchant, k) => {
    const body = { integrationId: merchant.integration.id, type: 'LINK', name: 'T-shirt', amount: '25.00', currency: 'USD' };
    const r = await payd.request('POST', '/api/v1/payment-links', { key: k, body });
    assert.equal(r.status, 201, r.text);
    return r.json.id;
  };
  const linkId = await link(shop, keys.rw);
  const otherLinkId = await link(other, keys.other);
  const intent = async (integrationId, body, headers) => {
    const r = await createIntent(payd, integrationId, { currency: 'USDC', chainId: 31337, ...body }, { headers });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const idem = { key: 'hostile-fixture-1', body: { amount_usd: '7.00', currency: 'USDC', chainId: 31337 } };
  const intents = [
    await intent(shop.integration.id, { amount_usd: '25.00', metadata: { orderId: 'A-1', note: 'é\u202e' } }),
    await intent(shop.integration.id, idem.body, { 'Idempotency-Key': idem.key }),
    await intent(shop.integration.id, { amount_usd: '25.00', paymentLinkId: linkId }),
    // Holds the largest amount there is, 2^256-1 (one unit above its price,
    // DECISIONS §5 rule 1): a second intent at that price has no exact amount left.
    await intent(shop.integration.id, { amount: (MAX_UINT256 - 1n).toString() }),
  ];
  const otherIntent = await intent(other.integration.id, { amount_usd: '3.00' });
  const paid = await intent(shop.integration.id, { amount_usd: '1.25' });
  await chain.payUsdc(PAYOUT, BigInt(paid.amount));
  const payment = await eventually(async () => {
    const r = await payd.request('GET', '/api/v1/payments', { key: keys.read });
    return r.json.data.find((p) => p.intentId === paid.id && p.status === 'CONFIRMED');
  }, { what: 'the fixture payment confirmed', timeout: 30000 });
  intents.push(paid);
  const made = async (path, body) => {
    const r = await payd.request('POST', path, { key: keys.account, body });
    assert.equal(r.status, 201, r.text);
    return r.json.id;
  };
  const refundId = await made(`/api/v1/payments/${payment.id}/refunds`, { amount: '1' });
  const payoutId = await made('/api/v1/payouts', { name: 'Fixture', chainId: 31337, token: 'USDC', lines: [{ to: PAYER.address, amount: '1' }] });
  const deliveryOf = async (k) => (await payd.request('GET', '/api/v1/webhooks', { key: k })).json.data[0].id;
  await eventually(async () => {
    const r = await payd.request('GET', '/api/v1/payment-links', { key: keys.account });
    return (await payd.request('GET', '/api/v1/payment-links', { key: expired })).json?.error?.code === 'key_expired' && r.status === 200;
  }, { what: 'the expiring key to expire', timeout: 15000 });
  return {
    keys, linkId, intents, idem,
    integrationId: shop.integration.id,
    payer: PAYER.address,
    goodOrigins: ['https://shop.example', 'https://SHOP.example', 'https://shop.example:443', 'https://a.example.org', 'https://deep.a.example.org', payd.url],
    ids: {
      publicId: [shop.integration.id], intentId: intents.map((i) => i.id), linkId: [linkId], paymentId: [payment.id],
      endpointId: [endpoint.id], deliveryId: [await deliveryOf(keys.events)], integrationId: [shop.integration.id],
      keyId: [shop.read.id, revoked.id], refundId: [refundId], payoutId: [payoutId], token: ['ETH', 'USDC'],
    },
    foreign: {
      publicId: [other.integration.id], intentId: [otherIntent.id], linkId: [otherLinkId], paymentId: [],
      endpointId: [otherEndpoint.id], deliveryId: [await deliveryOf(other.events.key)], integrationId: [other.integration.id],
      keyId: [other.rw.id], refundId: [], payoutId: [], token: [],
    },
    allKeys: Object.values(keys),
    other: { integrationId: other.integration.id, linkId: otherLinkId, eventsKey: other.events.key },
    realPaths: ['/healthz', '/api/v1/payment-links', `/public/integrations/${shop.integration.id}/intent`, `/api/v1/payment-intents/${intents[0].id}`, `/public/integrations/${shop.integration.id}`],
  };
}

function dumpDatabase(payd) {
  const url = payd.env.PAYD_DATABASE_URL;
  // On PostgreSQL the rate windows (key_usage, client_windows) live beside the rest.
  const r = url
    ? spawnSync('pg_dump', ['--data-only', '--exclude-table-data=key_usage', '--exclude-table-data=client_windows', url], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120000 })
    : spawnSync('sqlite3', ['-cmd', '.timeout 60000', join(payd.dir, 'data', 'payd.sqlite3'), '.dump'], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  // pg_dump fences its output with a random \restrict token each time.
  return r.stdout.replace(/^\\(un)?restrict .*$/gm, '');
}

async function eventsOf(payd, keys) {
  return Promise.all(keys.map(async (key) => (await payd.request('GET', '/api/v1/events', { key })).json));
}

// Sends one case: a client case with Node's HTTP client (keep-alive, as a
// merchant's backend would); one the client refuses to send (a NUL in a
// header, a space in a method) goes out as raw bytes instead.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function clientRequest(payd, c) {
  const url = new URL(payd.url + c.path);  // percent-encodes and resolves dot segments, as browsers do
  const body = c.body === undefined ? undefined : Buffer.isBuffer(c.body) ? c.body : Buffer.from(c.body);
  const headers = { ...c.headers };
  if (body) headers['Content-Length'] = body.length;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: c.method, headers, timeout: 20000 }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), head: c.method === 'HEAD' }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', reject);
    req.end(body);
  });
}

async function send(payd, c) {
  if (c.kind === 'raw') return { raw: true, ...(await rawExchange(payd.port, c.bytes, { head: c.head })) };
  let response;
  try {
    response = await clientRequest(payd, c);
  } catch (e) {
    if (!/^ERR_(INVALID_CHAR|INVALID_HTTP_TOKEN|UNESCAPED_CHARACTERS|HTTP_INVALID_HEADER_VALUE)$/.test(e.code)) {
      return { clientError: `${e.code ?? ''} ${e.message}` };
    }
    const bytes = requestBytes({ method: c.method, path: c.path, headers: c.headers, body: c.body });
    return { raw: true, converted: e.message, ...(await rawExchange(payd.port, bytes, { head: c.method === 'HEAD' })) };
  }
  return { responses: [response] };
}

describe('hostile input', () => {
  let chain, payd, receiver, ctx;

  before(async () => {
    chain = await startChain();
    receiver = await startReceiver();
    payd = await startPayd({ config: CONFIG + chainConfig(chain, { confirmations: 1 }) });
    ctx = await buildFixtures(payd, chain, receiver);
    // Webhooks delivered, nothing left to move before the corpus starts.
    for (const key of [ctx.keys.events, ctx.other.eventsKey]) {
      await eventually(async () => {
        const d = (await payd.request('GET', '/api/v1/webhooks?limit=100', { key })).json.data;
        return d.length > 0 && d.every((x) => x.status === 'DELIVERED');
      }, { what: 'the fixture webhooks delivered', timeout: 30000 });
    }
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test(`${COUNT} generated bad requests change nothing and get no 5xx`, { timeout: 600000 }, async () => {
    console.log(`hostile corpus: seed ${SEED} (PAYD_HOSTILE_SEED), ${COUNT} requests, ${CONCURRENCY} in flight`);
    const before = dumpDatabase(payd);
    const eventKeys = [ctx.keys.events, ctx.other.eventsKey];
    const eventsBefore = await eventsOf(payd, eventKeys);

    const rng = new Rng(SEED);
    const cases = generateCases(rng, ctx, COUNT);
    const findings = [];
    const statuses = {};
    let index = 0;
    let raw = 0;
    const started = Date.now();
    const worker = async (batchEnd) => {
      for (;;) {
        if (index >= batchEnd) return;
        const i = index++;
        const { value: c } = cases.next();
        const result = await send(payd, c);
        if (result.raw) raw++;
        for (const r of result.responses ?? []) statuses[r.status ?? 'fragment'] = (statuses[r.status ?? 'fragment'] ?? 0) + 1;
        if (result.raw && !result.responses?.length) statuses.closed = (statuses.closed ?? 0) + 1;
        for (const problem of judge(c, result)) findings.push({ i, problem, c, result });
      }
    };
    for (let batchEnd = Math.min(COUNT, BATCH); index < COUNT; batchEnd = Math.min(COUNT, batchEnd + BATCH)) {
      await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(batchEnd)));
      assert.equal(payd.proc.exitCode, null, `payd exited during the corpus:\n${payd.tail()}`);
      const health = await checkedFetch(`${payd.url}/healthz`, { signal: AbortSignal.timeout(10000) });
      assert.equal(health.status, 200, `payd stopped answering /healthz after ${index} requests`);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`hostile corpus: ${COUNT} requests (${raw} as raw bytes) in ${seconds.toFixed(1)} s; responses by status ${JSON.stringify(statuses)}`);

    const kinds = {};
    for (const f of findings) kinds[f.problem.replace(/[:(].*/, '')] = (kinds[f.problem.replace(/[:(].*/, '')] ?? 0) + 1;
    const report = `by kind ${JSON.stringify(kinds)}\n` + findings.slice(0, 15).map(({ i, problem, c, result }) =>
      `#${i} ${problem}\n  case: ${c.note}\n  request: ${describeCase(c)}\n  got: ${describeResult(result)}`).join('\n');
    assert.equal(findings.length, 0, `${findings.length} findings (seed ${SEED}):\n${report}`);

    assert.deepEqual(await eventsOf(payd, eventKeys), eventsBefore, 'the events lists changed');
    const afterDump = dumpDatabase(payd);
    assert.ok(afterDump === before, `the database changed (seed ${SEED}):\n${diffLines(before, afterDump)}`);
  });

  // What the corpus found, pinned so that each stays fixed whatever the seed.
  test('findings of the corpus', async (t) => {
    const publicPath = `/public/integrations/${ctx.integrationId}/intent`;
    await t.test('an error quoting bytes that are not UTF-8 is still UTF-8 JSON', async () => {
      const sent = [
        requestBytes({ method: 'GET', path: Buffer.from([0x2f, 0xff, 0xfe]) }),
        requestBytes({ method: 'GET', path: `/public/integrations/${ctx.integrationId}`, headers: { Origin: Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xc0, 0xaf]) } }),
        requestBytes({ method: 'GET', path: '/api/v1/payment-links?%ED%A0%80=1', headers: { 'X-API-Key': ctx.keys.read } }),
      ];
      for (const bytes of sent) {
        const { responses } = await rawExchange(payd.port, bytes);
        assert.equal(responses.length, 1);
        assert.deepEqual(judge({ kind: 'raw' }, { raw: true, responses }), []);
        assert.match(responses[0].body.toString('utf8'), /\uFFFD/u);
      }
    });
    await t.test('a number beyond a double in metadata is a 400 naming it, not a 500', async () => {
      const r = await payd.request('POST', publicPath, {
        rawBody: '{"amount_usd":"2.00","currency":"USDC","chainId":31337,"metadata":{"k":1e400}}',
        headers: { Origin: 'https://shop.example', 'Content-Type': 'application/json' },
      });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json.error.param, 'metadata.k');
    });
    await t.test('a second intent for 2^256-2 units is a 400: its only exact amount, 2^256-1, is held', async () => {
      const r = await createIntent(payd, ctx.integrationId, { amount: (MAX_UINT256 - 1n).toString(), currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.json.error.param, 'amount');
    });
    await t.test('HEAD with headers over the limit gets its 400 without a body', async () => {
      // Also when the request line alone is longer than the first read (the
      // parser then gives up before it has read the method).
      for (const path of ['/healthz', `/${'b'.repeat(12000)}`]) {
        const res = await clientRequest(payd, { method: 'HEAD', path, headers: { 'X-Pad': 'a'.repeat(20000) } });
        assert.equal(res.status, 400);
        assert.equal(res.body.length, 0);
      }
    });
  });
});

function describeCase(c) {
  if (c.kind === 'raw') return JSON.stringify(c.bytes.subarray(0, 300).toString('latin1'));
  const body = c.body === undefined ? '' : ` body ${JSON.stringify(String(c.body).slice(0, 200))}`;
  return `${c.method} ${c.path.slice(0, 200)} headers ${JSON.stringify(c.headers).slice(0, 400)}${body}`;
}

function describeResult(r) {
  if (r.clientError) return `the client failed: ${r.clientError}`;
  const shown = (r.responses ?? []).map((x) => (x.malformed !== undefined ? `fragment ${JSON.stringify(x.malformed.slice(0, 200))}` : `${x.status} ${x.body?.toString('latin1').slice(0, 300)}`));
  return `${r.converted ? `(sent raw: ${r.converted}) ` : ''}${r.timedOut ? 'TIMED OUT ' : ''}${shown.join(' | ') || 'connection closed, no response'}`;
}

function diffLines(a, b) {
  const left = new Set(a.split('\n'));
  const right = new Set(b.split('\n'));
  const gone = [...left].filter((l) => !right.has(l)).map((l) => `- ${l}`);
  const added = [...right].filter((l) => !left.has(l)).map((l) => `+ ${l}`);
  return [...gone, ...added].slice(0, 40).join('\n');
}
