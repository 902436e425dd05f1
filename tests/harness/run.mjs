#!/usr/bin/env node
// The randomized scenario harness: draws a scenario from a seed, plays it
// against anvil, the provider simulator and the real payd binary (PAYD_BIN,
// default build/payd), and judges payd against the reference model (model.mjs) over the
// chain's final state. See DEVELOPERS.md, "Scenario harness".
//
//   node tests/harness/run.mjs --seed 42 [--verbose]     one scenario, what it drew and the verdict
//   node tests/harness/run.mjs --seeds 1-200 [--jobs 2] [--out dir]  many, two at a time, and a table
//                                                         (--out keeps each seed's outcome as JSON)
//   ... --store postgres                                  two payd processes on one PostgreSQL database
//                                                         (of the server PAYD_TEST_DATABASE_URL names),
//                                                         and faults of chain leadership (leader_faults.mjs)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { processGroup, threadStacks } from '../e2e/lib/stacks.mjs';
import { FAILURE_CLASSES } from './checks.mjs';
import { runScenario } from './execute.mjs';
import { generate } from './generate.mjs';

const self = fileURLToPath(import.meta.url);
const args = parseArgs(process.argv.slice(2));

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (['verbose', 'json'].includes(name)) out[name] = true;
    else out[name] = argv[++i];
  }
  return out;
}

function parseSeeds(spec) {
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

const withoutList = () => (args.without ? args.without.split(',') : []);
const store = args.store ?? 'sqlite';
if (!['sqlite', 'postgres'].includes(store)) throw new Error(`--store ${store}: sqlite or postgres`);
const onPostgres = store === 'postgres';
const repro = (seed) => `${onPostgres ? 'scripts/with-postgres.sh env ' : ''}PAYD_BIN=${process.env.PAYD_BIN ?? 'build/payd'} node tests/harness/run.mjs --seed ${seed}${args.without ? ` --without ${args.without}` : ''}${onPostgres ? ' --store postgres' : ''} --verbose`;
const failed = (result) => FAILURE_CLASSES.some((c) => result[c]?.length);

async function single(seed, { verbose, json }) {
  const plan = generate(seed, { without: withoutList(), store });
  const say = json ? () => {} : (line) => console.log(line);
  if (plan.without.length) say(`without: ${plan.without.join(', ')}`);
  say(`seed ${seed}: ${plan.steps.length} steps, chains ${plan.chains.join(' and ')}, integrations ${plan.integrations.map((x) => `${x.name}->payout ${x.payout}`).join(', ')}`
    + `${plan.clockBehind ? ', chain clock 15 min behind' : ''}${plan.receiverFailRate ? ', receivers fail 15%' : ''}`
    + `${onPostgres ? ', two processes on PostgreSQL' : ''}`);
  let outcome;
  try {
    // With --json, what --verbose would print goes to stderr: the parent shows
    // its end when a scenario fails to end (where it stood).
    const log = json ? (l) => process.stderr.write(`${l}\n`) : verbose ? (l) => console.log(l) : () => {};
    outcome = await runScenario(plan, { log });
  } catch (e) {
    outcome = { seed, counts: {}, result: { harness: [e.stack], crashes: e.crashes ?? [] }, paydTail: '' };
  }
  const bad = failed(outcome.result) || outcome.result.harness;
  if (json) {
    process.stdout.write(`${JSON.stringify(outcome, (k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);
    return bad ? 1 : 0;
  }
  const c = outcome.counts;
  say(`  transfers ${c.transfers} (${c.transfersOnChain} to payout addresses on the final chain), intents ${c.intents}, events ${c.events}, `
    + `reorgs ${c.reorgs} (flip-backs ${c.flipBacks}, identical ${c.flipBacksExact}), faults ${c.faults}, restarts ${c.restarts}, `
    + `peak memory ${c.maxRssMb} MiB, sender proofs ${c.proofs === null ? 'not drawn' : c.proofs ? 'offered' : 'not offered'}`
    + `${onPostgres ? `, leaders killed ${c.leaderKills}, lock sessions ended ${c.lockSessions}` : ''}`);
  for (const cls of [...FAILURE_CLASSES, 'harness']) {
    for (const line of outcome.result[cls] ?? []) say(`  ${cls.toUpperCase()}: ${line}`);
  }
  if (outcome.counts.stuck) say(`  note: ${outcome.result.notes[0]}`);
  if (verbose) {
    for (const line of outcome.result.notes?.slice(outcome.counts.stuck) ?? []) say(`  note: ${line}`);
    for (const [id, s] of Object.entries(outcome.statuses ?? {})) say(`  seen ${id}: ${s}`);
    for (const line of outcome.chain ?? []) say(`  final chain: ${line}`);
    for (const line of outcome.payments ?? []) say(`  payd payment: ${line}`);
    if (bad) say(`  payd's last log lines:\n${outcome.paydTail}`);
  }
  say(bad ? `seed ${seed}: FAILED\n  repro: ${repro(seed)}` : `seed ${seed}: ok`);
  return bad ? 1 : 0;
}

// Runs each seed in its own process, `jobs` at a time, and prints the table.
async function many(seeds, jobs) {
  const outcomes = [];
  const queue = [...seeds];
  if (args.out) mkdirSync(args.out, { recursive: true });
  const started = Date.now();
  const worker = async () => {
    while (queue.length) {
      const seed = queue.shift();
      const outcome = await child(seed);
      outcomes.push(outcome);
      if (args.out) writeFileSync(join(args.out, `seed-${seed}.json`), JSON.stringify(outcome));
      const bad = FAILURE_CLASSES.filter((c) => outcome.result[c]?.length).concat(outcome.result.harness ? ['harness'] : []);
      console.log(`seed ${seed}: ${bad.length ? `FAILED (${bad.map((c) => `${c} ${outcome.result[c].length}`).join(', ')})  repro: ${repro(seed)}` : 'ok'}`);
      if (outcome.result.harness) console.log(`  harness error: ${outcome.result.harness[0].split('\n').slice(0, 4).join(' | ')}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  printTable(outcomes.sort((a, b) => a.seed - b.seed), (Date.now() - started) / 1000);
  printFindingsOfErrors(outcomes);
  return outcomes.some((o) => failed(o.result) || o.result.harness) ? 1 : 0;
}

// A scenario takes seconds to two minutes (three times that under ASan); one
// that has not ended in this long is stuck (its process group, anvil and payd
// included, is killed and the seed reported as a harness error, so that a
// soak always ends with its table).
const SCENARIO_TIMEOUT_MS = Number(process.env.HARNESS_SCENARIO_TIMEOUT_S
  ?? (process.env.PAYD_BIN?.includes('asan') ? 1200 : 600)) * 1000;
const groups = new Set();
process.on('exit', () => { for (const pid of groups) try { process.kill(-pid, 'SIGKILL'); } catch {} });
// Without a handler node dies of these signals without an 'exit' event, and the scenarios' groups would live on.
for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]]) process.on(signal, () => process.exit(128 + number));

function child(seed) {
  return new Promise((resolve) => {
    const extra = [...(args.without ? ['--without', args.without] : []), ...(onPostgres ? ['--store', store] : [])];
    // A scenario that does not end is asked for a Node diagnostic report
    // (its handles and stack) before it is killed.
    const reports = mkdtempSync(join(tmpdir(), 'harness-report-'));
    const proc = spawn(process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`,
      self, '--seed', String(seed), '--json', ...extra], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    groups.add(proc.pid);
    let out = '';
    let err = '';
    let hung = false;
    let stacks = '';
    const timer = setTimeout(() => { // sleep-ok: a scenario's deadline, not a wait
      hung = true;
      // What payd and each anvil were doing (gdb), before anything is killed.
      stacks = processGroup(proc.pid).filter((p) => ['payd', 'anvil'].includes(p.comm))
        .map((p) => `${p.comm} ${p.pid}:\n${threadStacks(p.pid)}`).join('\n');
      try { process.kill(proc.pid, 'SIGUSR2'); } catch {}
      // The report is written at once; the kill follows it.
      setTimeout(() => { try { process.kill(-proc.pid, 'SIGKILL'); } catch {} }, 3000); // sleep-ok: time for the report
    }, SCENARIO_TIMEOUT_MS);
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    proc.on('exit', () => {
      clearTimeout(timer);
      groups.delete(proc.pid);
      try { process.kill(-proc.pid, 'SIGKILL'); } catch {}  // what the scenario left behind
      if (hung) {
        resolve({ seed, counts: {}, result: { harness: [`the scenario did not end within ${SCENARIO_TIMEOUT_MS / 1000} s; where it stood:\n${err.slice(-3000)}\n${hangReport(reports)}\n${stacks}`] } });
        return;
      }
      rmSync(reports, { recursive: true, force: true });
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        resolve({ seed, counts: {}, result: { harness: [`the scenario process failed: ${err.slice(-2000)}`] } });
      }
    });
  });
}

// What a Node diagnostic report says kept a hung scenario alive: its
// JavaScript stack and the libuv handles still open (the report stays on disk).
function hangReport(dir) {
  try {
    const file = readdirSync(dir).find((f) => f.endsWith('.json'));
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const handles = report.libuv.filter((h) => h.is_active).map((h) => `${h.type}${h.localEndpoint ? ` ${JSON.stringify(h.localEndpoint)}` : ''}${h.remoteEndpoint ? ` -> ${JSON.stringify(h.remoteEndpoint)}` : ''}${h.pid ? ` pid ${h.pid}` : ''}`);
    return `report ${join(dir, file)}: stack ${JSON.stringify(report.javascriptStack?.stack ?? []).slice(0, 500)}; active handles: ${handles.join('; ')}`;
  } catch (e) {
    return `no diagnostic report (${e.message})`;
  }
}

// Last, where a log's tail shows them: a hung or failed scenario's own
// words (where it stood, what payd's and anvil's threads were doing).
function printFindingsOfErrors(outcomes) {
  for (const o of outcomes) {
    const lines = [...(o.result.crashes ?? []), ...(o.result.harness ?? [])];
    if (!lines.length) continue;
    console.log(`\nseed ${o.seed}, crashes and harness errors:`);
    for (const text of lines) console.log(text.split('\n').slice(-40).join('\n').slice(-6000));
  }
}

function printTable(outcomes, seconds) {
  const sum = (f) => outcomes.reduce((s, o) => s + (f(o) ?? 0), 0);
  const n = (c) => sum((o) => o.result[c]?.length ?? 0);
  const seedsWith = (c) => outcomes.filter((o) => o.result[c]?.length).map((o) => o.seed);
  const rows = [
    ['scenarios', outcomes.length],
    ['transfers sent', sum((o) => o.counts.transfers)],
    ['  to payout addresses, final chain', sum((o) => o.counts.transfersOnChain)],
    ['intents', sum((o) => o.counts.intents)],
    ['  creations refused', sum((o) => o.counts.refused)],
    ['  made through /v1, chosen on the hosted page', sum((o) => o.counts.v1)],
    ['scenarios on two chains', outcomes.filter((o) => o.counts.chains > 1).length],
    ['  exact amounts sent on the other chain', sum((o) => o.counts.crossChain)],
    ['scenarios with 2-3 tenants', outcomes.filter((o) => o.counts.tenants > 1).length],
    ['scenarios with a payout address shared by integrations', outcomes.filter((o) => o.counts.sharedPayouts > 0).length],
    ['reorgs', sum((o) => o.counts.reorgs)],
    ['  flip-backs (identical blocks)', `${sum((o) => o.counts.flipBacks)} (${sum((o) => o.counts.flipBacksExact)})`],
    ['provider faults', sum((o) => o.counts.faults)],
    ['  lies, on a chain read from three providers', sum((o) => o.counts.lies ?? 0)],
    ['  scenarios with two liars at once', sum((o) => o.counts.twoLiars ?? 0)],
    ['payd restarts (SIGKILL)', sum((o) => o.counts.restarts)],
    ...(onPostgres ? [
      ['  of the process leading a chain', sum((o) => o.counts.leaderKills)],
      ['lock sessions terminated', sum((o) => o.counts.lockSessions)],
      ['scenarios with both kinds of leader faults', outcomes.filter((o) => o.counts.leaderKills && o.counts.lockSessions).length],
    ] : []),
    ['events', sum((o) => o.counts.events)],
    ['scenarios where payd got stuck below the head', sum((o) => o.counts.stuck)],
    ['peak payd memory, MiB', Math.max(0, ...outcomes.map((o) => o.counts.maxRssMb ?? 0))],
    ['wall time, s', Math.round(seconds)],
    ...(onPostgres ? [['scenarios per second', (outcomes.length / seconds).toFixed(3)]] : []),
  ];
  const classes = [
    ['missed', 'missed'], ['doubled', 'doubled'], ['recorded', 'recorded unlike the chain'],
    ['wrong', 'wrong matching or final state'], ['reserved', 'exact amounts not unique / not fewest'],
    ['events', 'events not the lifecycle'], ['lost', 'confirmed then lost'],
    ['spurious', 'reorganised without a reorg'], ['webhooks', 'webhooks missing'],
    ['refused', 'intent creations refused'], ['crashes', 'crashes / memory'],
    ...(onPostgres ? [['leaders', 'cursor back / not one leader']] : []), ['harness', 'harness errors'],
  ];
  console.log('\n| measure | count |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  console.log('\n| failure class | findings | scenarios | seeds (first 12) |\n|---|---|---|---|');
  for (const [key, label] of classes) {
    const seeds = seedsWith(key);
    console.log(`| ${label} | ${n(key)} | ${seeds.length} | ${seeds.slice(0, 12).join(' ')} |`);
  }
  const bad = outcomes.filter((o) => failed(o.result) || o.result.harness).map((o) => o.seed);
  console.log(`\nfailed seeds (${bad.length} of ${outcomes.length}): ${bad.join(' ') || 'none'}`);
}

if (args.seed !== undefined) {
  const code = await single(Number(args.seed), args);
  process.exit(code);
} else if (args.seeds) {
  process.exit(await many(parseSeeds(args.seeds), Number(args.jobs ?? 2)));
} else {
  console.error('usage: run.mjs --seed N [--verbose] [--json] | --seeds A-B[,C...] [--jobs 2]');
  process.exit(2);
}
