// Several payd processes on one PostgreSQL database hold one truth (issue 10):
// limits count every process's requests, a revocation or an Idempotency-Key
// is seen by all at once, exact amounts never repeat, one process watches a
// chain and another takes over when it is killed, and webhook deliveries are
// shared without any being sent twice at once. Three processes each time,
// every request spread over all of them. Two processes on one SQLite data
// directory hold the same truth about keys: each keeps the keys it has seen
// in memory (issue 19), and a revocation anywhere still holds at once. A
// payer's page on any process follows a payment recorded by another (NOTIFY).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { chainLockHolder, ON_POSTGRES, sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, linkBody, preparePayd, sleep, storeOf } from './lib/payd.mjs';
import { intentViews, openEvents } from './lib/sse.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { pidOfConnection } from './lib/sockets.mjs';

const SKIP = !ON_POSTGRES && 'runs in the PostgreSQL pass (make test-postgres)';

// Three payd processes on one database, `config` for each.
async function startProcesses(config, count = 3, store = undefined) {
  const first = preparePayd({ config, store });
  const all = [first];
  for (let i = 1; i < count; i++) all.push(preparePayd({ config, env: storeOf(first), store }));
  try {
    for (const p of all) await launch(p);
  } catch (e) {
    await stopProcesses(all).catch(() => {});
    throw e;
  }
  return all;
}

// Each step runs whatever the one before did (lib/cleanup.mjs).
function stopProcesses(all = []) {
  return stopAll(
    ...all.map((p) => () => p.stop('SIGTERM')),
    // The first owns the database: it goes last.
    ...all.slice(1).map((p) => () => p.cleanup()),
    all[0] && (() => all[0].cleanup()),
  );
}

// DECISIONS §2: every process lets the key in first (so each may hold it in
// memory), then `revoke` ends it through one of them; the very next request
// on every process is refused.
async function assertRevokedEverywhere(procs, key, revoke) {
  for (const p of procs) assert.equal((await p.request('GET', '/api/v1/payment-links', { key: key.key })).status, 200);
  await revoke();
  for (const [i, p] of procs.entries()) {
    const r = await p.request('GET', '/api/v1/payment-links', { key: key.key });
    assert.equal(r.status, 401, `process ${i}: ${r.text}`);
    assert.equal(r.json.error.code, 'key_revoked');
  }
}

// Revocations through the API of process 0 and through the CLI.
function revocationTests(context) {
  test('a key revoked through one process\'s API is refused by every other on the next request', async () => {
    const { procs, shop } = context();
    const account = procs[0].admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    const k = shop.key('payments:read');
    await assertRevokedEverywhere(procs, k, async () => {
      const r = await procs[0].request('POST', `/api/v1/api-keys/${k.id}/revoke`, { key: account.key });
      assert.equal(r.status, 200, r.text);
    });
  });

  test('a key revoked through the CLI is refused by every process on the next request', async () => {
    const { procs, shop } = context();
    const k = shop.key('payments:read');
    await assertRevokedEverywhere(procs, k, async () => procs[1].admin(['key', 'revoke', k.id]));
  });
}

const watching = (p) => p.logs.filter((l) => l.msg === 'watching chain').length;

describe('three payd processes on one PostgreSQL: limits, keys, idempotency, amounts', { skip: SKIP }, () => {
  let chain, procs, shop;
  before(async () => {
    chain = await startChain();
    procs = await startProcesses(`[limits]\napi_requests_per_min = 100000\npublic_reads_per_min = 30\npublic_intents_per_min = 1000\n${chainConfig(chain)}`);
    shop = createMerchant(procs[0]);
  });
  after(() => stopAll(() => stopProcesses(procs), () => chain?.stop()));

  test('the per-key limit counts every process: the 61st request in the minute is 429 wherever it lands', async () => {
    const k = shop.key('payments:read', ['--rate-limit', '60']);
    for (let i = 0; i < 60; i++) {
      const r = await procs[i % 3].request('GET', '/api/v1/payment-links', { key: k.key });
      assert.equal(r.status, 200, `request ${i + 1} on process ${i % 3}`);
    }
    for (const p of procs) {
      const r = await p.request('GET', '/api/v1/payment-links', { key: k.key });
      assert.equal(r.status, 429, r.text);
      assert.equal(r.json.error.code, 'rate_limited');
    }
  });

  test('the per-client limit of the public endpoints counts every process too', async () => {
    const other = createMerchant(procs[1], { name: 'Reads' });
    const path = `/public/integrations/${other.integration.id}`;
    const headers = { Origin: 'https://shop.example' };
    for (let i = 0; i < 30; i++) {
      assert.equal((await procs[i % 3].request('GET', path, { headers })).status, 200, `read ${i + 1}`);
    }
    for (const p of procs) {
      const r = await p.request('GET', path, { headers });
      assert.equal(r.status, 429, r.text);
      assert.ok(r.headers.get('retry-after'));
    }
  });

  revocationTests(() => ({ procs, shop }));

  test('one Idempotency-Key sent to every process at once creates one payment link', async () => {
    const before = (await procs[0].request('GET', '/api/v1/payment-links', { key: shop.read.key })).json.length;
    for (let round = 0; round < 5; round++) {
      const key = `multi-${round}-${Date.now()}`;
      const body = linkBody(shop.integration.id, { name: `Once ${round}` });
      const results = await Promise.all([0, 1, 2, 0, 1, 2].map((i) => procs[i].request('POST', '/api/v1/payment-links', {
        key: shop.rw.key, body, headers: { 'Idempotency-Key': key },
      })));
      for (const r of results) assert.equal(r.status, 201, r.text);
      assert.equal(new Set(results.map((r) => r.json.id)).size, 1, `round ${round}: one link`);
      assert.equal(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 5);
    }
    const afterCount = (await procs[2].request('GET', '/api/v1/payment-links', { key: shop.read.key })).json.length;
    assert.equal(afterCount, before + 5);
  });

  test('intents created at once on every process never share an exact amount', async () => {
    const results = await Promise.all(Array.from({ length: 45 }, (_, i) =>
      createIntent(procs[i % 3], shop.integration.id, { amount_usd: '7.00', currency: 'USDC', chainId: 31337 })));
    for (const r of results) assert.equal(r.status, 201, r.text);
    const amounts = results.map((r) => BigInt(r.json.amount));
    assert.equal(new Set(amounts.map(String)).size, 45, 'every exact amount differs');
    // The fewest extra units, at least one: 7.000001 up to 7.000045, each once.
    assert.deepEqual(amounts.sort((a, b) => (a < b ? -1 : 1)), Array.from({ length: 45 }, (_, i) => 7_000_001n + BigInt(i)));
  });
});

describe('two payd processes on one SQLite data directory: keys', { skip: ON_POSTGRES && 'runs in the SQLite pass' }, () => {
  let procs, shop;
  before(async () => {
    procs = await startProcesses('[limits]\napi_requests_per_min = 100000\n', 2, 'sqlite');
    shop = createMerchant(procs[0]);
  });
  after(() => stopProcesses(procs));

  revocationTests(() => ({ procs, shop }));
});

describe('three payd processes on one PostgreSQL: one chain watcher', { skip: SKIP }, () => {
  let chain, procs, shop;
  before(async () => {
    chain = await startChain();
    procs = await startProcesses(`[limits]\napi_requests_per_min = 100000\npublic_intents_per_min = 1000\n${chainConfig(chain, { confirmations: 1 })}`);
    shop = createMerchant(procs[0]);
  });
  after(() => stopAll(() => stopProcesses(procs), () => chain?.stop()));

  // Issue 19 P3: the process that records a payment NOTIFYs, every process
  // LISTENs and wakes its open pages. A page on a process that does not
  // watch would otherwise learn of it only when it re-reads on its clock
  // (every 30 s while the change feed is live, beyond these waits).
  test('a payer\'s page served by a process that does not watch follows the payment, also after its feed is cut', async () => {
    await eventually(() => procs.filter(watching).length === 1, { what: 'one process watching' });
    const other = procs.find((p) => !watching(p));
    const payee = createMerchant(procs[0]);  // a shop of its own: the next test counts the first shop's payments
    const follow = async (amountUsd) => {
      const pi = (await createIntent(other, payee.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 })).json;
      const stream = await openEvents(`${other.url}/public/integrations/${payee.integration.id}/intents/${pi.id}/events`,
        { headers: { Origin: 'https://shop.example' } });
      await eventually(() => intentViews(stream).length === 1, { what: 'the first view' });
      await chain.payUsdc(PAYOUT, BigInt(pi.amount));  // one confirmation is all this chain asks
      await eventually(() => intentViews(stream).at(-1).status === 'PAID', { what: 'PAID on the other process\'s page' });
      await stream.done;
    };
    await follow('21.00');

    // Every process's LISTEN session ends, as a failover would end it.
    const cut = sql(procs[0], "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = 'LISTEN payd_intents' AND datname = current_database()");
    assert.equal(Number(cut), procs.length, 'one listening session per process');
    for (const p of procs) {
      await eventually(() => p.logs.some((l) => l.msg.startsWith('intent change feed lost')) &&
        p.logs.some((l) => l.msg === 'intent change feed restored'), { what: 'the feed lost, then restored' });
    }
    await follow('22.00');
  });

  test('one process watches; killed while payments arrive, another takes over and records each payment once', async () => {
    await eventually(() => procs.filter(watching).length === 1 &&
      procs.filter((p) => p.logs.some((l) => l.msg === 'standing by: another payd process watches this chain')).length === 2,
    { what: 'one process watching, two standing by' });
    const leader = procs.find(watching);
    let killedAt;
    const intents = [];
    for (let i = 0; i < 12; i++) {
      const r = await createIntent(procs[i % 3], shop.integration.id, { amount_usd: `${3 + i}.00`, currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 201, r.text);
      intents.push(r.json);
    }
    // Payments arrive, one block each; the watcher is killed halfway.
    for (let i = 0; i < intents.length; i++) {
      await chain.payUsdc(PAYOUT, BigInt(intents[i].amount), { from: i % 2 ? PAYER2 : PAYER });
      if (i === 5) {
        await leader.stop('SIGKILL');
        killedAt = Date.now();
      }
      await sleep(100); // sleep-ok: pacing: payments arrive over time while the watcher is killed
    }
    const others = procs.filter((p) => p !== leader);
    await eventually(() => others.some(watching), { what: 'another process watching', timeout: 10000 });
    const takeover = Date.now() - killedAt;
    await chain.mine(2);
    for (const pi of intents) {
      await eventually(async () => (await others[0].request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID',
        { what: `intent ${pi.id} PAID`, timeout: 20000 });
    }
    const payments = (await others[1].request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.equal(payments.length, intents.length, 'each transfer recorded once');
    assert.deepEqual(new Set(payments.map((p) => p.intentId)), new Set(intents.map((i) => i.id)));
    const events = (await others[0].request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    for (const pi of intents) {
      assert.equal(events.filter((e) => e.type === 'PAYMENT_CONFIRMED' && e.data.id === pi.id).length, 1, `${pi.id} confirmed once`);
    }
    assert.equal(others.filter(watching).length, 1, 'still one watcher');
    console.log(`takeover: another process watching ${takeover} ms after the SIGKILL (or sooner)`);
  });
});

const LOCK_HOLDER = chainLockHolder(31337);

describe('two payd processes on one PostgreSQL: the leader loses its lock session', { skip: SKIP }, () => {
  let chain, procs, shop;
  before(async () => {
    chain = await startChain();
    procs = await startProcesses(`[limits]\napi_requests_per_min = 100000\n${chainConfig(chain, { confirmations: 1 })}`, 2);
    shop = createMerchant(procs[0]);
  });
  after(() => stopAll(() => stopProcesses(procs), () => chain?.stop()));

  test('its session terminated while payments arrive: one process leads, the cursor never goes back, each payment once', async () => {
    await eventually(() => procs.filter(watching).length === 1, { what: 'one process watching' });
    const intents = [];
    for (let i = 0; i < 10; i++) {
      const r = await createIntent(procs[i % 2], shop.integration.id, { amount_usd: `${4 + i}.00`, currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 201, r.text);
      intents.push(r.json);
    }
    const cursors = [];
    const sample = () => cursors.push(Number(sql(procs[0], 'SELECT number FROM chain_cursors WHERE chain_id = 31337') || -1));
    let terminated = 0;
    for (let i = 0; i < intents.length; i++) {
      await chain.payUsdc(PAYOUT, BigInt(intents[i].amount), { from: i % 2 ? PAYER2 : PAYER });
      sample();
      if (i % 3 === 1) {
        // Whoever leads now loses its lock session, as a database failover or a network cut would do.
        const pid = sql(procs[0], LOCK_HOLDER);
        assert.match(pid, /^\d*$/, 'at most one holder in this database');
        if (pid) {
          sql(procs[0], `SELECT pg_terminate_backend(${Number(pid)})`);
          terminated++;
        }
      }
      sample();
    }
    assert.ok(terminated >= 2, `lock sessions terminated: ${terminated}`);
    await chain.mine(2);
    for (const pi of intents) {
      await eventually(async () => {
        sample();
        return (await procs[1].request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID';
      }, { what: `intent ${pi.id} PAID`, timeout: 30000 });
    }
    for (let i = 1; i < cursors.length; i++) {
      assert.ok(cursors[i] >= cursors[i - 1], `the cursor went back from ${cursors[i - 1]} to ${cursors[i]}: ${cursors.join(' ')}`);
    }
    const payments = (await procs[0].request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.equal(payments.length, intents.length, 'each transfer recorded once');
    const events = (await procs[1].request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    for (const pi of intents) {
      assert.equal(events.filter((e) => e.type === 'PAYMENT_CONFIRMED' && e.data.id === pi.id).length, 1, `${pi.id} confirmed once`);
    }
    await eventually(() => sql(procs[0], LOCK_HOLDER) !== '', { what: 'a process leading again' });
    const said = (msg) => procs.reduce((n, p) => n + p.logs.filter((l) => l.msg === msg).length, 0);
    console.log(`lock sessions terminated: ${terminated}; passes failed and retried: ${said('chain pass failed; retrying')}; ` +
      `stood down after another moved the cursor: ${said("another process moved this chain's cursor; standing down")}; ` +
      `cursor samples: ${cursors.length}`);
  });
});

describe('two payd processes on one PostgreSQL: the leader freezes', { skip: SKIP }, () => {
  let chain, procs, shop;
  before(async () => {
    chain = await startChain();
    procs = await startProcesses(`[limits]\napi_requests_per_min = 100000\n${chainConfig(chain, { confirmations: 1 })}`, 2);
    shop = createMerchant(procs[0]);
  });
  after(() => stopAll(
    () => { for (const p of procs ?? []) p.proc?.kill('SIGCONT'); },
    () => stopProcesses(procs),
    () => chain?.stop(),
  ));

  // A stopped process (SIGSTOP, a paused VM) keeps its TCP connection, so
  // keepalives never end its lock session: the server's idle timeout must.
  test('another process leads within 30 s, and the frozen one, woken, stands down: each payment once', async () => {
    await eventually(() => procs.filter(watching).length === 1, { what: 'one process watching' });
    const frozen = procs.find(watching);
    const other = procs.find((p) => p !== frozen);
    const intents = [];
    for (let i = 0; i < 4; i++) {
      const r = await createIntent(other, shop.integration.id, { amount_usd: `${7 + i}.00`, currency: 'USDC', chainId: 31337 });
      assert.equal(r.status, 201, r.text);
      intents.push(r.json);
    }
    await chain.payUsdc(PAYOUT, BigInt(intents[0].amount), { from: PAYER });
    const paid = async (pi) => (await other.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status;
    await eventually(async () => (await paid(intents[0])) !== 'CREATED', { what: 'the first payment seen by the leader' });
    frozen.proc.kill('SIGSTOP');
    const frozenAt = Date.now();
    await chain.payUsdc(PAYOUT, BigInt(intents[1].amount), { from: PAYER2 });
    await eventually(() => watching(other) === 1, { what: 'the other process leading', timeout: 30000 });
    const takeover = Date.now() - frozenAt;
    await chain.payUsdc(PAYOUT, BigInt(intents[2].amount), { from: PAYER });
    frozen.proc.kill('SIGCONT');
    await chain.payUsdc(PAYOUT, BigInt(intents[3].amount), { from: PAYER2 });
    await chain.mine(2);
    for (const pi of intents) {
      await eventually(async () => (await paid(pi)) === 'PAID', { what: `intent ${pi.id} PAID`, timeout: 30000 });
    }
    await eventually(() => frozen.logs.some((l) => l.msg === 'standing by: another payd process watches this chain'),
      { what: 'the woken process standing by' });
    assert.equal(sql(procs[0], LOCK_HOLDER).split('\n').filter(Boolean).length, 1, 'one lock holder');
    const payments = (await frozen.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.equal(payments.length, intents.length, 'each transfer recorded once');
    const events = (await frozen.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
    for (const pi of intents) {
      assert.equal(events.filter((e) => e.type === 'PAYMENT_CONFIRMED' && e.data.id === pi.id).length, 1, `${pi.id} confirmed once`);
    }
    console.log(`frozen leader: another process leading ${takeover} ms after the SIGSTOP`);
  });
});

describe('three payd processes on one PostgreSQL: webhook deliveries', { skip: SKIP }, () => {
  let procs, shop, receiver, hang;
  const config = '[limits]\napi_requests_per_min = 100000\n[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1, 1, 1]\ntimeout_s = 6\nlease_s = 8\n';
  before(async () => {
    procs = await startProcesses(config);
    shop = createMerchant(procs[0]);
    const secret = procs[0].admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    receiver = await startReceiver({ secrets: [secret] });
    // Once `hang` is set, the first delivery of an event not seen before is
    // held open: its sender is found by its connection and killed mid-delivery.
    const handle = receiver.handle.bind(receiver);
    receiver.open = [];
    receiver.handle = async (req, res) => {
      const at = performance.now();
      const id = req.headers['webhook-id'];
      const known = receiver.open.some((o) => o.id === id);
      receiver.open.push({ id, at, port: req.socket.remotePort });
      if (hang && !hang.seen && !known) {
        hang.seen = { id, port: req.socket.remotePort };
        return; // never answered
      }
      await handle(req, res);
      receiver.open.find((o) => o.id === id && o.at === at).end = performance.now();
    };
    procs[0].admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  after(() => stopAll(() => stopProcesses(procs), () => receiver?.close()));

  test('every event is delivered, never by two processes at once; one cut off by a killed process is sent by another, same id', async () => {
    const links = [];
    for (let i = 0; i < 24; i++) {
      const r = await procs[i % 3].request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, { name: `L${i}` }) });
      assert.equal(r.status, 201, r.text);
      links.push(r.json.id);
    }
    await eventually(() => new Set(receiver.of('PAYMENT_LINK_CREATED').map((d) => d.payload.data.id)).size === 24,
      { what: '24 PAYMENT_LINK_CREATED deliveries', timeout: 20000 });
    // No webhook-id was in flight twice at the same time.
    const byId = new Map();
    for (const o of receiver.open) byId.set(o.id, [...(byId.get(o.id) ?? []), o]);
    for (const [id, sends] of byId) {
      sends.sort((a, b) => a.at - b.at);
      for (let i = 1; i < sends.length; i++) assert.ok(sends[i - 1].end <= sends[i].at, `${id} sent twice at once`);
    }

    // One more event, whose first delivery hangs: kill whoever sends it.
    hang = {};
    const r = await procs[0].request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, { name: 'Cut off' }) });
    // The sender is found by its connection while the delivery hangs (until
    // payd's timeout_s, 6 s), before anything else is looked at.
    await eventually(() => hang.seen, { what: 'the delivery to hang', timeout: 10000 });
    const pid = await eventually(() => pidOfConnection(hang.seen.port, receiver.port, procs.map((p) => p.proc.pid)), { what: 'the sending process' });
    const sender = procs.find((p) => p.proc.pid === pid);
    await sender.stop('SIGKILL');
    const event = await eventually(async () => (await procs.find((p) => p !== sender).request('GET', '/api/v1/events', { key: shop.events.key }))
      .json.data.find((e) => e.type === 'PAYMENT_LINK_CREATED' && e.data.id === r.json.id), { what: 'the event' });
    assert.equal(hang.seen.id, event.id);
    const redelivered = await eventually(() => receiver.of('PAYMENT_LINK_CREATED').find((d) => d.id === event.id),
      { what: 'the delivery sent again by another process', timeout: 20000 });
    assert.equal(redelivered.id, event.id, 'the same webhook-id');
    assert.equal(receiver.of('PAYMENT_LINK_CREATED').filter((d) => d.id === event.id).length, 1, 'delivered once');
  });
});
