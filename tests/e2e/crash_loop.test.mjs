// payd SIGKILLed at random moments, again and again, under a steady load
// (lib/crash_load.mjs: intent creations through the public endpoint, some
// with an idempotency key and retried with it after a kill; exact, doubled,
// under, over and unmatched payments in USDC and ETH; blocks mined; webhooks
// to a real receiver). Each kill is followed by a restart on the same data
// directory. Once the chain has settled: every acknowledged intent is there,
// every transfer on chain is one confirmed payment matched by the rules, every
// event reached the receiver under one webhook-id, and payd never died but
// by our hand.
//
// Kill moments, amounts and keys come from a seeded PRNG: the seed is
// printed, and PAYD_CRASH_SEED=<n> replays those choices (thread timing still
// varies). PAYD_CRASH_KILLS=<n> sets the number of kills.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { CrashLoad } from './lib/crash_load.mjs';
import { listAll, RestartablePayd, seededRandom, transferKey, transfersOnChain } from './lib/crash_loop.mjs';
import { createMerchant, PAYD_BIN, preparePayd, sleep } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const SANITIZED = /asan/i.test(PAYD_BIN) || Boolean(process.env.ASAN_OPTIONS);
const SEED = Number(process.env.PAYD_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
// Under ASan payd is several times slower: fewer operations per round, as many kills.
const PACE = SANITIZED
  ? { kills: 20, roundMs: [300, 2500], createMs: [30, 150], payMs: [10, 100], drainMs: 180000 }
  : { kills: 24, roundMs: [200, 2000], createMs: [5, 60], payMs: [0, 40], drainMs: 120000 };
const KILLS = Number(process.env.PAYD_CRASH_KILLS ?? PACE.kills);

const CONFIG = `[limits]
api_requests_per_min = 1000000
public_intents_per_min = 1000000
public_reads_per_min = 1000000
[public]
max_open_intents = 0
[intents]
lifetime_s = 86400
[webhooks]
allow_private_targets = true
retry_schedule_s = [1, 1, 1, 1, 1, 1, 1, 1, 1]
`;

const groupBy = (list, key) => {
  const out = new Map();
  for (const x of list) {
    const k = key(x);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(x);
  }
  return out;
};

// Seconds between consecutive deliveries of one event: min, max.
function redeliveryGaps(deliveries) {
  const gaps = [];
  for (const list of groupBy(deliveries, (d) => d.id).values()) {
    for (let i = 1; i < list.length; i++) gaps.push((list[i].at - list[i - 1].at) / 1000);
  }
  return gaps.length ? [Math.min(...gaps), Math.max(...gaps)].map((g) => Number(g.toFixed(1))) : [];
}

// Which intent each transfer pays by the rules (DECISIONS §5): the intent
// whose exact amount it is, unless an earlier transfer paid that one already.
function expectedMatches(acks, onChain) {
  const owners = new Map(acks.map((a) => [`${a.json.currency}:${a.json.amount}`, a.id]));
  const intentOf = new Map();  // transfer -> intent id or null
  const paidBy = new Map();    // intent id -> its paying transfer
  for (const tr of onChain) {
    const owner = owners.get(`${tr.token}:${tr.amount}`);
    const pays = owner && !paidBy.has(owner);
    if (pays) paidBy.set(owner, tr);
    intentOf.set(transferKey(tr), pays ? owner : null);
  }
  return { intentOf, paidBy };
}

// Every acknowledged intent is there as acknowledged, in the status the chain
// says; a request made one intent at most.
function checkIntents(load, intents, paidBy) {
  for (const [seq, made] of groupBy(intents, (i) => i.metadata.seq)) {
    assert.equal(made.length, 1, `request ${seq} made ${made.length} intents: ${made.map((i) => i.id)}`);
  }
  const listed = new Map(intents.map((i) => [i.id, i]));
  for (const a of load.acks) {
    const i = listed.get(a.id);
    assert.ok(i, `acknowledged intent ${a.id} (request ${a.request.seq}) is missing`);
    for (const field of ['amount', 'currency', 'chainId', 'createdAt']) {
      assert.deepEqual(i[field], a.json[field], `${a.id}.${field}`);
    }
    // The payer's answer leaves metadata out; the merchant's view has what was sent.
    assert.deepEqual(i.metadata, { seq: String(a.request.seq) }, `${a.id}.metadata`);
    const paid = paidBy.get(a.id);
    assert.equal(i.status, paid ? 'PAID' : 'CREATED', `${a.id} status`);
    assert.equal(i.exception, null, `${a.id} exception`);
    if (paid) {
      assert.equal(i.txHash.toLowerCase(), paid.txHash, `${a.id} paid by its first exact transfer`);
      assert.equal(i.amountReceived, a.json.amount);
    }
  }
  const acked = new Set(load.acks.map((a) => a.id));
  for (const i of intents.filter((x) => !acked.has(x.id))) {
    assert.ok(load.unknown.has(i.metadata.seq), `intent ${i.id} made by request ${i.metadata.seq}, which was answered otherwise`);
    assert.equal(i.status, 'CREATED', `${i.id}, never paid`);
  }
}

// One live payment per transfer on chain, confirmed, matched as the rules say.
function checkPayments(payments, onChain, intentOf) {
  const byTransfer = groupBy(payments, transferKey);
  for (const [key, list] of byTransfer) {
    assert.equal(list.length, 1, `transfer ${key} recorded ${list.length} times`);
    assert.ok(intentOf.has(key), `payment ${list[0].id} of ${key}, which is not on chain`);
  }
  for (const tr of onChain) {
    const [p] = byTransfer.get(transferKey(tr)) ?? [];
    assert.ok(p, `transfer ${transferKey(tr)} of ${tr.amount} ${tr.token} (block ${tr.blockNumber}) has no payment`);
    assert.equal(p.status, 'CONFIRMED', `${p.id} status`);
    assert.equal(p.token, tr.token);
    assert.equal(p.amount, String(tr.amount));
    assert.equal(p.blockNumber, Number(tr.blockNumber));
    assert.equal(p.senderAddress.toLowerCase(), tr.sender);
    assert.equal(p.intentId, intentOf.get(transferKey(tr)), `payment ${p.id} (${tr.amount} ${tr.token}) matched to`);
  }
}

// Every event reached the receiver, verified, each under one webhook-id with
// one body; every change of every object was announced once.
function checkWebhooks(deliveries, records, recent, intents, payments) {
  assert.deepEqual(deliveries.filter((d) => !d.ok).map((d) => d.id), [], 'deliveries failing standardwebhooks verification');
  const byId = groupBy(deliveries, (d) => d.id);
  for (const [id, list] of byId) {
    assert.equal(new Set(list.map((d) => JSON.stringify(d.payload))).size, 1, `event ${id} delivered with different bodies`);
  }
  for (const [body, list] of groupBy(deliveries, (d) => JSON.stringify(d.payload))) {
    assert.equal(new Set(list.map((d) => d.id)).size, 1, `one event delivered under several webhook-ids: ${body}`);
  }
  assert.deepEqual(records.filter((r) => r.status !== 'DELIVERED').map((r) => `${r.eventId} ${r.type} ${r.status}`), [], 'deliveries not DELIVERED');
  const recorded = groupBy(records, (r) => r.eventId);
  assert.equal(recorded.size, records.length, 'one delivery record per event and endpoint');
  assert.deepEqual(new Set(byId.keys()), new Set(recorded.keys()), 'the events received are the events with delivery records');
  for (const e of recent.filter((x) => x.type !== 'WEBHOOK_SENT')) {
    const got = byId.get(e.id);
    assert.ok(got, `event ${e.id} (${e.type}) never reached the receiver`);
    assert.equal(got[0].payload.type, e.type);
    assert.deepEqual(got[0].payload.data, e.data);
  }
  const announced = groupBy([...byId.values()].map((list) => list[0]), (d) => `${d.payload.type}:${d.payload.data.id}`);
  const count = (type, id) => announced.get(`${type}:${id}`)?.length ?? 0;
  // Each move of the lifecycle is one event, in order, even when one pass
  // makes several (a payment first seen already confirmed, payd having been
  // down): a paid intent had PAYMENT_PENDING, then PAYMENT_CONFIRMED. The
  // records are newest first, and recorded in the events' order.
  const recordOf = new Map(records.map((r, at) => [r.eventId, at]));
  for (const i of intents) {
    const paid = i.status === 'PAID' ? 1 : 0;
    assert.equal(count('PAYMENT_CREATED', i.id), 1, `PAYMENT_CREATED events of ${i.id}`);
    assert.equal(count('PAYMENT_PENDING', i.id), paid, `PAYMENT_PENDING events of ${i.id}`);
    assert.equal(count('PAYMENT_CONFIRMED', i.id), paid, `PAYMENT_CONFIRMED events of ${i.id}`);
    if (!paid) continue;
    const [pending, confirmed] = ['PAYMENT_PENDING', 'PAYMENT_CONFIRMED'].map((type) => announced.get(`${type}:${i.id}`)[0]);
    assert.equal(pending.payload.data.status, 'PENDING', `${i.id} as it was at PAYMENT_PENDING`);
    assert.ok(recordOf.get(pending.id) > recordOf.get(confirmed.id), `${i.id}: PAYMENT_PENDING recorded before PAYMENT_CONFIRMED`);
  }
  for (const p of payments) assert.equal(count('PAYMENT_UNMATCHED', p.id), p.intentId ? 0 : 1, `PAYMENT_UNMATCHED events of ${p.id}`);
  const expectedTypes = ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'PAYMENT_UNMATCHED'];
  assert.deepEqual([...new Set(deliveries.map((d) => d.payload.type))].filter((x) => !expectedTypes.includes(x)), [], 'unexpected event types');
  return byId.size;
}

describe('payd SIGKILLed in a loop under load', () => {
  let chain, payd, shop, receiver;
  before(async () => {
    chain = await startChain();
    payd = preparePayd({ config: CONFIG + chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
    const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    receiver = await startReceiver({ secrets: [secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
  });
  after(() => stopAll(() => payd?.cleanup(), () => receiver?.close(), () => chain?.stop()));

  test(`${KILLS} kills at random moments: nothing acknowledged lost, nothing counted twice, every event delivered`, { timeout: 15 * 60000 }, async (t) => {
    console.log(`crash loop: seed ${SEED} (PAYD_CRASH_SEED=${SEED} replays it), ${KILLS} kills, ${SANITIZED ? 'sanitizer' : 'release'} pace`);
    const started = Date.now();
    const handle = new RestartablePayd(payd);
    const load = new CrashLoad({ handle, chain, integrationId: shop.integration.id, seed: SEED, pace: PACE });
    const startBlock = await chain.blockNumber();
    // A failure names the seed, says whether payd died by itself, and shows its last lines.
    const explain = (e) => {
      handle.noteCrash();
      handle.noteSanitizerReports();
      if (handle.crashes.length) e.message += `\npayd ended other than by our SIGKILL:\n${handle.crashes.join('\n')}`;
      e.message += `\n(seed ${SEED}, after ${handle.kills} kills)\n--- payd's last log lines:\n${payd.tail()}`;
      return e;
    };
    let killsDone;
    try {
      await handle.start();
      // Once the watcher has seen a payment its cursor is stored: a kill from
      // then on cannot move its starting point past a transfer.
      const first = await load.create(load.request(seededRandom(SEED)));
      assert.ok(first, `the first intent: ${load.problems}`);
      load.pay(first, 'exact');
      load.start();
      await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${first.id}`, { key: shop.read.key })).json?.status !== 'CREATED',
        { timeout: 30000, what: 'the first payment seen' });
      const killer = seededRandom(SEED + 6);
      for (let round = 1; round <= KILLS; round++) {
        // A random moment; sometimes right after the restart, while payd catches up.
        await sleep(killer.chance(0.25) ? killer.int(0, 300) : killer.int(...PACE.roundMs)); // sleep-ok: the kill moment, drawn from the seed
        await handle.kill();
        await sleep(killer.int(0, 300)); // sleep-ok: how long payd stays down, drawn from the seed: transfers land meanwhile
        await handle.start();
        await load.replaySome(killer, 3);
      }
      killsDone = Date.now();
      await load.stop();
    } catch (e) {
      await load.abandon();
      throw explain(e);
    }
    const loadDone = Date.now();
    let onChain, payments, intents, events;
    try {
      await chain.mine(3);  // every transfer at least two blocks deep: confirmed

      onChain = await transfersOnChain(chain, PAYOUT, startBlock);
      assert.deepEqual(new Set(onChain.map(transferKey)), new Set(load.sent.map(transferKey)), 'the chain holds the transfers made');
      const { intentOf, paidBy } = expectedMatches(load.acks, onChain);

      // payd settles (a delivery leased by a killed payd waits for its 60 s
      // lease to run out); whatever is still wrong then, the checks name.
      const settle = (fn, timeout) => eventually(fn, { timeout, context: null }).catch(() => null);
      const paymentsNow = () => listAll(payd, '/api/v1/payments', shop.read.key);
      payments = await settle(async () => {
        const all = await paymentsNow();
        return all.length >= onChain.length && all.every((p) => p.status === 'CONFIRMED') && all;
      }, 60000) ?? await paymentsNow();
      const recordsNow = () => listAll(payd, '/api/v1/webhooks', shop.events.key);
      const records = await settle(async () => {
        const all = await recordsNow();
        const received = new Set(receiver.deliveries.map((d) => d.id));
        return all.every((r) => r.status === 'DELIVERED' && received.has(r.eventId)) && all;
      }, PACE.drainMs) ?? await recordsNow();
      intents = await listAll(payd, '/api/v1/payment-intents', shop.read.key);
      const recent = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
      await load.replayAll();  // every key once more, to the last payd

      assert.deepEqual(handle.crashes, [], 'payd ended other than by our SIGKILL');
      checkPayments(payments, onChain, intentOf);
      checkIntents(load, intents, paidBy);
      events = checkWebhooks(receiver.deliveries, records, recent, intents, payments);
      assert.deepEqual(load.problems, [], 'answers that must never happen');
      // payd dropped a connection or hung (60 s) while nobody killed it.
      assert.deepEqual(load.stats.unexplainedFailures, [], 'requests failed without a kill');
      assert.deepEqual(payd.logs.filter((l) => l.level === 'error').map((l) => l.raw), [], 'errors logged');
    } catch (e) {
      throw explain(e);
    }
    await payd.stopCleanly();

    const { stats } = load;
    const figures = {
      seed: SEED, kills: handle.kills, intentsAcknowledged: load.acks.length, intentsListed: intents.length,
      keylessUnknownOutcome: load.unknown.size, keyedRetriesAfterKill: stats.keyedRetries, ackedOnRetry: stats.ackedOnRetry,
      replayedOnRetry: stats.replayedOnRetry, replaysChecked: stats.replaysChecked, transfers: onChain.length,
      transfersByKind: Object.fromEntries([...groupBy(load.sent, (s) => s.kind)].map(([k, v]) => [k, v.length])),
      paymentsMatched: payments.filter((p) => p.intentId).length, paymentsUnmatched: payments.filter((p) => !p.intentId).length,
      events, deliveries: receiver.deliveries.length, duplicatesDelivered: receiver.deliveries.length - events,
      // A delivery cut short by a kill is sent again when its lease runs out.
      duplicateGapsS: redeliveryGaps(receiver.deliveries),
      attemptsNotRecorded: payd.logs.filter((l) => l.msg === 'webhook attempt not recorded; it will be retried').length,
      chainPassesFailed: payd.logs.filter((l) => l.msg === 'chain pass failed; retrying').length,
      killsS: (killsDone - started) / 1000, settleS: (Date.now() - loadDone) / 1000, durationS: (Date.now() - started) / 1000,
    };
    t.diagnostic(`crash loop figures: ${JSON.stringify(figures)}`);
  });
});
