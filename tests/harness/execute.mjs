// Runs one scenario: plays its steps against the world, settles (faults off,
// payd up, enough blocks mined for every confirmation, payd caught up,
// webhooks delivered), reads the final chain and judges payd (checks.mjs).
import { writeFileSync } from 'node:fs';

import { sleep } from '../e2e/lib/payd.mjs';
import { OTHER, PAYERS, PAYOUTS, TYPIST, USDC_ADDRESS } from './chain.mjs';
import * as chainSteps from './chain_steps.mjs';
import { checkScenario } from './checks.mjs';
import { readFinalChain } from './final_chain.mjs';
import { intentStep, requestedUnits } from './intent_steps.mjs';
import { CONFIRMATIONS, describeStep, LIES } from './generate.mjs';
import { Prng } from './prng.mjs';
import { SLOW, startWorld } from './world.mjs';

const lower = (a) => a?.toLowerCase();

export async function runScenario(plan, { log = () => {} } = {}) {
  const world = await startWorld(plan);
  // HARNESS_TRACE=file records every JSON-RPC call payd made and what it got.
  const firstSim = world.chains.get(plan.chains[0]).sim;
  if (process.env.HARNESS_TRACE) firstSim.trace = [];
  const run = new Run(plan, world, log);
  const started = Date.now();
  const stamp = () => `${((Date.now() - started) / 1000).toFixed(2).padStart(6)}s`;
  try {
    for (const [i, step] of plan.steps.entries()) {
      log(`  ${String(i).padStart(2)} ${stamp()} ${describeStep(step)}`);
      await run.play(step);
      await run.pace(step.wait);
    }
    log(`     ${stamp()} settling`);
    await run.settle();
    log(`     ${stamp()} judging`);
    return await run.judge();
  } catch (e) {
    // A payd found hung (world.mjs) is the finding, whatever failed after it.
    if (world.crashes.length) e.crashes = [...world.crashes];
    throw e;
  } finally {
    if (firstSim.trace) writeTrace(process.env.HARNESS_TRACE, firstSim.trace, started);
    await world.stop(log);
  }
}

// What a scenario keeps per chain: the chain and its simulator, dropped
// transactions that may come back, where a flip starts from, the floor no
// reorganisation goes below, the latest chain time payd may have seen. The
// chain steps (chain_steps.mjs) take a lane.
class Lane {
  constructor(run, id, { chain, sim, sims, setupHeight }) {
    Object.assign(this, { run, id, chain, sim, sims });
    this.dropped = [];
    this.snapshot = null;   // {id, height}
    this.floor = setupHeight;
    this.maxTime = 0;       // seconds
  }

  get log() { return this.run.log; }
  get counts() { return this.run.counts; }
  get world() { return this.run.world; }
  get intents() { return this.run.intents; }
}

// Faults that hide logs of blocks payd has already read: an intent may then
// rightly pass through EXPIRED or FAILED and back (docs/api-reference.md, Matching).
const HIDING_FAULTS = new Set(['logsLag', 'unindexed']);

class Run {
  constructor(plan, world, log) {
    this.plan = plan;
    this.world = world;
    this.log = log;
    this.lanes = new Map([...world.chains].map(([id, c]) => [id, new Lane(this, id, c)]));
    this.intents = [];      // by plan index: the harness's view of each intent
    this.proofs = null;     // whether payd answers the sender-proof endpoints
    this.sentAt = new Map(); // transaction hash -> when it was first sent (wall clock, ms)
    this.refusals = [];     // intent creations payd refused
    // chainId -> [[from, to]] wall-clock spans in which a reorganisation or a
    // log-hiding fault may have shown payd a transient state
    this.disturbances = new Map(this.plan.chains.map((c) => [c, []]));
    this.hiding = new Map(); // `${chainId}|${fault}` -> since when
    this.lying = new Map(); // chainId -> lie -> which of its providers tells it
    this.counts = { v1: 0, transfers: 0, reorgs: 0, flipBacks: 0, flipBacksExact: 0, faults: 0, restarts: 0, returned: 0, crossChain: 0 };
    if (plan.store === 'postgres') Object.assign(this.counts, { leaderKills: 0, lockSessions: 0 });
  }

  lane(step) {
    return this.lanes.get(step.chain ?? this.plan.chains[0]);
  }

  async play(step) {
    const started = Date.now();
    await this[step.op](step);
    if (['reorg', 'flip'].includes(step.op)) this.disturbances.get(step.chain).push([started, Date.now()]);
    if (!['intent', 'fault', 'unfault', 'kill', 'start', 'terminate', 'noop'].includes(step.op)) {
      for (const lane of step.chain ? [this.lane(step)] : this.lanes.values()) lane.maxTime = Math.max(lane.maxTime, await lane.chain.time());
    }
  }

  async pace(wait) {
    const { sim } = this.lanes.get(this.plan.chains[0]);
    if (wait.polls && this.world.paydUp) await sim.waitForPolls(wait.polls, 3000 * SLOW);
    else if (wait.ms) await sleep(wait.ms); // sleep-ok: the scenario's pacing between steps
  }

  // Intents whose events may rightly hold extra moves: on a chain that a
  // reorganisation or a log-hiding fault touched after they were created.
  disturbedIntents() {
    const end = Date.now();
    for (const [k, since] of this.hiding) this.disturbances.get(Number(k.split('|')[0])).push([since, end]);
    return new Set(this.intents.filter((i) => i?.id && this.disturbances.get(i.chainId).some(([, to]) => to >= i.createdAt)).map((i) => i.id));
  }

  intent(step) {
    return intentStep(this, step);
  }

  async pay(step) {
    const rng = new Prng(step.r, 'pay');
    const intent = step.intent === null ? null : this.intents[step.intent];
    const payer = PAYERS[step.payer];
    const { chain } = this.lane(step);
    const to = intent ? intent.recipient : PAYOUTS[step.to];
    const send = (token, dest, amount, from = payer) => {
      this.counts.transfers++;
      return token === 'USDC' ? chain.usdcTransfer(from, dest, amount) : chain.ethTransfer(from, dest, amount);
    };
    const half = (x) => (x / 2n > 0n ? x / 2n : 1n);
    let sent;
    switch (step.kind) {
      case 'exact':
      case 'dup':
      case 'crossChain':
        if (step.kind === 'crossChain') this.counts.crossChain++;
        sent = [await send(intent.token, to, intent.exact)];
        break;
      case 'other':
        sent = [await send(intent?.token ?? step.token, OTHER, intent?.exact ?? rng.big(100_001n, 9_999_999n))];
        break;
      case 'under':
        sent = [await send(intent.token, to, intent.requested - rng.big(1n, half(intent.requested)))];
        break;
      case 'over':
        sent = [await send(intent.token, to, intent.exact + rng.big(1n, half(intent.requested)))];
        break;
      case 'split': {
        const cuts = Array.from({ length: step.parts - 1 }, () => rng.big(1n, intent.requested - 1n)).sort((a, b) => (a < b ? -1 : 1));
        const edges = [0n, ...cuts, intent.requested];
        sent = [];
        for (let i = 1; i < edges.length; i++) if (edges[i] > edges[i - 1]) sent.push(await send(intent.token, to, edges[i] - edges[i - 1]));
        break;
      }
      case 'internal':
      case 'deepInternal':
        this.counts.transfers++;
        sent = [await chain.relayTransfer(payer, to, intent.exact, step.depth)];
        break;
      case 'round': // the price itself (typed), or short by an exchange's fee, or a merchant's own round sum:
      case 'fee': // from a payer no intent names, matched by the near-amount rule or by nobody (model.mjs)
      case 'ownRound':
        sent = [await send(intent?.token ?? 'USDC', to, step.kind === 'ownRound' ? requestedUnits({ token: 'USDC', by: 'usd', value: step.value }) : intent.requested - (intent.requested * BigInt(step.permille ?? 0)) / 1000n, TYPIST)];
        break;
      case 'unmatched':
        sent = [await send(step.token, to, step.token === 'USDC' ? rng.big(100_001n, 9_999_999n) : rng.big(10n ** 12n, 10n ** 15n))];
        break;
      case 'zero':
        this.counts.transfers++;
        if (step.how === 'transferFrom') sent = [await chain.usdcZeroFrom(PAYERS[step.victim].address, to)];
        else sent = [step.how === 'eth' ? await chain.ethTransfer(payer, to, 0n) : await chain.usdcTransfer(payer, to, 0n)];
        break;
      default:
        throw new Error(step.kind);
    }
    for (const s of sent) if (!this.sentAt.has(s.hash)) this.sentAt.set(s.hash, Date.now());
    this.log(`     sent ${sent.map((s) => s.hash.slice(0, 10)).join(' ')}`);
  }

  async noop() {}

  async mine(step) {
    await this.lane(step).chain.mine(step.n);
  }

  reorg(step) {
    return chainSteps.reorg(this.lane(step), step);
  }

  snap(step) {
    return chainSteps.snap(this.lane(step));
  }

  flip(step) {
    return chainSteps.flip(this.lane(step), step);
  }

  rebroadcast(step) {
    return chainSteps.rebroadcast(this.lane(step));
  }

  async jump(step) {
    for (const lane of this.lanes.values()) await chainSteps.jump(lane, step);
  }

  async fault(step) {
    this.counts.faults++;
    const { sim, sims } = this.lane(step);
    if (HIDING_FAULTS.has(step.name)) this.hiding.set(`${step.chain}|${step.name}`, Date.now());
    if (step.name === 'down') return sim.setDown(true);
    if (step.name === 'twoLiars') {
      for (const lie of step.params.lies) this.lie(step.chain, sims, lie.name, lie, step.name);
      return undefined;
    }
    if (!LIES.has(step.name)) return sim.set(step.name, step.params);
    return this.lie(step.chain, sims, step.name, step.params, step.name);
  }

  // A lie, told by one of the chain's three providers, of the scenario's own payouts and amounts.
  lie(chain, sims, name, { liar, to, amount, value }, fault) {
    this.counts.lies = (this.counts.lies ?? 0) + 1;
    const telling = this.lying.get(chain) ?? new Map();
    this.lying.set(chain, telling.set(`${fault}/${name}`, liar));
    if (new Set(telling.values()).size > 1) this.counts.twoLiars = 1;
    const told = { to: to && PAYOUTS[to], amount: amount && BigInt(amount), value: value && BigInt(value) };
    if (name === 'fabricateLog') Object.assign(told, { token: USDC_ADDRESS, from: PAYERS[0].address });
    sims[liar].set(name, told);
  }

  async unfault(step) {
    const { sim, sims } = this.lane(step);
    if (LIES.has(step.name) || step.name === 'twoLiars') {
      const told = this.lying.get(step.chain) ?? new Map();
      for (const key of [...told.keys()]) {
        const [fault, name] = key.split('/');
        if (fault !== step.name) continue;
        told.delete(key);
        sims.forEach((s) => s.clear(name));
      }
      return undefined;
    }
    const k = `${step.chain}|${step.name}`;
    if (this.hiding.has(k)) {
      this.disturbances.get(step.chain).push([this.hiding.get(k), Date.now()]);
      this.hiding.delete(k);
    }
    if (step.name === 'down') sim.setDown(false);
    else sim.clear(step.name);
  }

  // In the PostgreSQL mode, the process that leads the step's chain (`leaderOf`).
  async kill(step) {
    await sleep(step.delayMs); // sleep-ok: the scenario's moment of a kill
    if (!this.world.paydUp) return;
    let payd = this.world.payd;
    if (step.leaderOf) {
      payd = await this.world.pg.leader(step.leaderOf);
      if (!payd) return this.log(`     (no process holds chain ${step.leaderOf}'s lock: no kill)`);
      this.log(`     process ${this.world.procs.indexOf(payd)}, leading chain ${step.leaderOf}`);
      this.counts.leaderKills++;
    }
    this.counts.restarts++;
    return this.world.kill(payd);
  }

  async start() {
    await this.world.launch();
  }

  // The PostgreSQL session holding the chain's watch lock ends; its process stays up.
  async terminate(step) {
    if (!(await this.world.pg.terminateLockSession(step.chain))) return this.log(`     (no process holds chain ${step.chain}'s lock)`);
    this.counts.lockSessions++;
    return undefined;
  }

  // Faults off, payd up, on each chain the clock at the latest time payd may
  // have seen (so expiry never goes backwards) and every confirmation mined;
  // then wait for payd's cursor of each chain to reach its head and every
  // event to be delivered.
  async settle() {
    for (const lane of this.lanes.values()) lane.sims.forEach((sim) => sim.clearAll());
    await this.world.launch();
    const heads = new Map();
    for (const lane of this.lanes.values()) {
      await lane.chain.flushPool();
      const now = await lane.chain.time();
      if (lane.maxTime > now) await lane.chain.mine(1, { timestamp: lane.maxTime });
      await lane.chain.mine(CONFIRMATIONS[lane.id] + 1);
      heads.set(lane.id, await lane.chain.block('latest'));
    }
    // payd has caught up when its cursors are the heads; it is stuck when a
    // cursor has not moved for a while and its last failed pass has been
    // retried (its back-off grows to 30 s after a long outage).
    const cursorOf = async (id) => this.world.cursor(id);
    const behind = async () => {
      const lagging = [];
      for (const [id, head] of heads) if ((await cursorOf(id))?.hash !== head.hash) lagging.push(id);
      return lagging;
    };
    const cap = Date.now() + 60000 * SLOW;
    let last = null;
    let movedAt = Date.now();
    for (;;) {
      const lagging = await behind();
      if (!lagging.length) break;
      const cursors = JSON.stringify(await Promise.all(lagging.map(async (id) => (await cursorOf(id))?.hash)));
      if (cursors !== last) movedAt = Date.now();
      last = cursors;
      const failure = lastFailedPass(this.world.logs);
      const retried = failure ? Date.parse(failure.ts) + failure.retryInMs + 3000 * SLOW : 0;
      if (Date.now() > Math.max(movedAt + 8000 * SLOW, retried) || Date.now() > cap) break;
      await sleep(100); // sleep-ok: polling interval of the wait for the watchers to catch up
    }
    const lagging = await behind();
    this.caughtUp = !lagging.length;
    if (!this.caughtUp) {
      const failure = lastFailedPass(this.world.logs);
      const cursors = new Map(await Promise.all(lagging.map(async (id) => [id, await cursorOf(id)])));
      this.stuck = `payd stuck below the head of ${lagging.map((id) => `chain ${id} ${Number(heads.get(id).number)} (cursor ${cursors.get(id)?.number ?? 'none'})`).join(', ')}${failure ? `: last pass failed with "${failure.error}"` : ''}`;
      this.log(`     ${this.stuck}`);
    }
    for (const lane of this.lanes.values()) await lane.sim.waitForPolls(3, 5000 * SLOW);
    await this.waitForDeliveries();
  }

  async waitForDeliveries() {
    const undelivered = async () => {
      const events = (await this.world.events()).filter((e) => e.type !== 'WEBHOOK_SENT');
      return events.filter((e) => !this.world.receivers.get(e.tenant)?.deliveries.some((d) => d.id === e.id && d.ok));
    };
    let deadline = Date.now() + 15000 * SLOW;
    // A payd killed mid-delivery holds it under a 60 s lease: wait for that too.
    const leased = await this.world.leasedUntil();
    if (leased > Date.now()) deadline = Math.max(deadline, leased + 5000 * SLOW);
    while ((await undelivered()).length && Date.now() < deadline) await sleep(200); // sleep-ok: polling interval of the wait for deliveries
  }

  async judge() {
    await this.world.poller.stop();
    await this.world.poller.pollOnce().catch(() => {});
    const { payments, intents: api } = await this.world.state();
    const leaders = await this.world.pg?.leaderFindings(this.plan.chains, 35000 * SLOW);
    await this.world.stopCleanly();
    const events = await this.world.events();
    const watchers = new Map();
    for (const x of this.plan.integrations) {
      const a = lower(PAYOUTS[x.payout]);
      watchers.set(a, [...new Set([...(watchers.get(a) ?? []), x.tenant])]);
    }
    const transfers = [];
    const heads = new Map();
    const removed = new Set();
    for (const lane of this.lanes.values()) {
      const final = await readFinalChain(lane.chain, new Set(watchers.keys()));
      transfers.push(...final.transfers);
      heads.set(lane.id, final.headTime);
      for (const h of lane.chain.removed) removed.add(h);
    }
    const final = { transfers, heads };
    const intents = this.intents.filter((i) => i?.id).map((i, order) => ({ ...i, order }));
    const deliveries = new Map([...this.world.receivers].map(([name, r]) => [name, r.deliveries]));
    const poller = this.world.poller;
    const result = checkScenario({
      final, intents, api, payments, watchers, history: poller, events, deliveries, removed,
      sentAt: this.sentAt, disturbed: this.disturbedIntents(), refusals: this.refusals, tokenAddress: lower(USDC_ADDRESS),
    });
    result.crashes = [...this.world.crashes];
    if (leaders) {
      const removedOn = new Map([...this.lanes].map(([id, lane]) => [id, lane.chain.removed]));
      result.leaders = [...this.world.pg.cursorFindings(removedOn), ...leaders];
    }
    if (this.stuck) result.notes.unshift(this.stuck);
    const simErrors = [...this.lanes.values()].flatMap((l) => l.sims.flatMap((sim) => sim.errors));
    if (simErrors.length) result.harness = simErrors.slice(0, 3).map((e) => `provider simulator failed: ${e}`);
    if (this.world.maxRssMb > MAX_RSS_MB) result.crashes.push(`payd's peak memory was ${this.world.maxRssMb} MiB (limit ${MAX_RSS_MB})`);
    return {
      seed: this.plan.seed,
      counts: {
        ...this.counts, intents: intents.length, events: events.length, chains: this.plan.chains.length,
        tenants: this.plan.tenants.length, integrations: this.plan.integrations.length,
        sharedPayouts: sharedPayouts(this.plan), refused: this.refusals.length,
        transfersOnChain: final.transfers.length, proofs: this.proofs, maxRssMb: this.world.maxRssMb,
        stuck: this.caughtUp ? 0 : 1,
      },
      result,
      paydTail: this.world.tail(30),
      payments: payments.map((p) => `${p.tenant} ${p.id} ${p.status} ${p.intentId ?? 'unmatched'} ${p.chainId}/${p.token} ${p.amount} ${p.txHash.slice(0, 10)}${p.logIndex === null ? '' : `#${p.logIndex}`} @${p.blockNumber} ${p.blockHash.slice(0, 10)}`),
      chain: final.transfers.map((t) => `${t.chainId}/${t.token} ${t.amount} ${t.txHash.slice(0, 10)}${t.logIndex === null ? '' : `#${t.logIndex}`} @${t.blockNumber} ${t.blockHash.slice(0, 10)} from ${t.from.slice(0, 10)} to ${t.to.slice(0, 10)}`),
      statuses: Object.fromEntries([...poller.statuses].map(([id, s]) => {
        const last = api.get(id);
        return [id, `${s.join('>')}; final ${last?.status}/${last?.exception} received ${last?.amountReceived}`];
      })),
    };
  }
}

// The latest 'chain pass failed; retrying' of any process.
function lastFailedPass(logs) {
  const failures = logs.filter((l) => l.msg === 'chain pass failed; retrying');
  return failures.reduce((a, b) => (Date.parse(b.ts) >= Date.parse(a.ts) ? b : a), failures[0]);
}

// Payout addresses that more than one integration pays out to.
function sharedPayouts(plan) {
  const count = new Map();
  for (const x of plan.integrations) count.set(x.payout, (count.get(x.payout) ?? 0) + 1);
  return [...count.values()].filter((n) => n > 1).length;
}

// Peak payd memory allowed: a reply of 32-64 MiB may be real (a wide
// eth_getLogs); a gzip bomb of 192-256 MiB must not be swallowed whole.
// ASan's shadow memory and quarantine roughly triple payd's footprint.
export const MAX_RSS_MB = Number(process.env.HARNESS_MAX_RSS_MB ?? (process.env.PAYD_BIN?.includes('asan') ? 1024 : 256));


// One line per call: time since the start, method, params, and the answer in short.
function writeTrace(file, trace, started) {
  const brief = (v) => {
    const text = JSON.stringify(v) ?? 'undefined';
    return text.length > 300 ? `${text.slice(0, 300)}...(${text.length})` : text;
  };
  const lines = trace.flatMap(({ at, calls, answers, faults }) => calls.map((c, i) => {
    const a = answers[i];
    let result = a?.error ? `error ${a.error.message}` : brief(a?.result);
    if (Array.isArray(a?.result) && c.method === 'eth_getLogs') result = `${a.result.length} logs ${a.result.map((l) => `${l.transactionHash.slice(0, 10)}@${Number(l.blockNumber)}`).join(' ')}`;
    if (a?.result?.hash && c.method.startsWith('eth_getBlockBy')) result = `block ${Number(a.result.number)} ${a.result.hash.slice(0, 10)} parent ${a.result.parentHash.slice(0, 10)} txs ${a.result.transactions.length}`;
    return `${((at - started) / 1000).toFixed(3)} ${c.method} ${brief(c.params)} -> ${result}${faults.length ? ` [${faults}]` : ''}`;
  }));
  writeFileSync(file, `${lines.join('\n')}\n`);
}
