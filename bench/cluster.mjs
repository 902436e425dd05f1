// Three payd processes behind nginx on one PostgreSQL, under every kind of
// load at once for DURATION seconds (bench/cluster_load.mjs), with the
// process leading the chain SIGKILLed in the middle and started again DOWN
// seconds later. Prints the throughput of each operation, p50/p99 latency
// overall and in the window around the kill (kill - 5 s .. back + 10 s), the
// requests that failed there and what nginx did with them, who led the chain
// when, and the checks of bench/cluster_checks.mjs; exits 1 if one fails.
//
//   node bench/cluster.mjs [--duration 300] [--kill-at S] [--down 15] [--seed 1]
// PAYD_CLUSTER_DATABASE_URL names an empty database (bench/cluster.sh makes one
// on a throwaway durable PostgreSQL); PAYD_BIN another build of payd.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { drained, runChecks } from './cluster_checks.mjs';
import { ClusterLoad } from './cluster_load.mjs';
import { backendCpu, ClusterProcess, postgresCpu, sampleLeadership, sql, writeNginxConfig } from './cluster_parts.mjs';
import { chainConfig, freePort, startChain } from '../tests/e2e/lib/chain.mjs';
import { nginxBinary, startNginx } from '../tests/e2e/lib/deployment.mjs';
import { createMerchant, Payd } from '../tests/e2e/lib/payd.mjs';
import { startReceiver } from '../tests/e2e/lib/receiver.mjs';

const { values: args } = parseArgs({ options: {
  duration: { type: 'string', default: '300' }, 'kill-at': { type: 'string' },
  down: { type: 'string', default: '15' }, seed: { type: 'string', default: '1' },
} });
const DURATION = Number(args.duration) * 1000;
const KILL_AT = Number(args['kill-at'] ?? Number(args.duration) / 2) * 1000;
const DOWN = Number(args.down) * 1000;
const DB = process.env.PAYD_CLUSTER_DATABASE_URL;
if (!DB) throw new Error('PAYD_CLUSTER_DATABASE_URL must name an empty database (bench/cluster.sh)');
const WORKERS = { publicCreators: 3, apiCreators: 2, readers: 6 };
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const until = async (check, what, timeout) => {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await wait(200); // polling interval
  }
};

// --- Setup: chain, receiver, three processes, nginx, a merchant. ---
const work = mkdtempSync('/tmp/payd-bench-cluster-');
chmodSync(work, 0o755); // nginx's worker (nobody, when run as root) reads under it
const chain = await startChain();
let procs = [];
let nginx;
// Whatever ends this script, its children end with it.
process.on('exit', () => {
  for (const child of [chain.proc, nginx?.proc, ...procs.map((p) => p.proc)]) if (child?.exitCode === null) child.kill('SIGKILL');
});
const receiver = await startReceiver();
const nginxPort = await freePort();
const ports = [await freePort(), await freePort(), await freePort()];
writeFileSync(join(work, 'payd.toml'), `public_url = "http://127.0.0.1:${nginxPort}"
[limits]
api_requests_per_min = 1000000
public_intents_per_min = 1000000
public_reads_per_min = 1000000
[public]
# The cap on open key-less intents counts them on every creation: this load
# leaves tens of thousands open, and would measure the guard.
max_open_intents = 0
[webhooks]
allow_private_targets = true
${chainConfig(chain, { confirmations: 2 })}`);
const envOf = (i) => ({
  PATH: process.env.PATH, PAYD_DATA_DIR: join(work, 'data'), PAYD_CONFIG: join(work, 'payd.toml'),
  PAYD_DATABASE_URL: `${DB}${DB.includes('?') ? '&' : '?'}application_name=payd-${i}`,
  PAYD_LISTEN: `127.0.0.1:${ports[i] ?? 0}`,
});
const admin = new Payd(work, envOf('admin'));
const shop = createMerchant(admin);
receiver.secrets = [admin.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret];
admin.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
procs = ports.map((port, i) => new ClusterProcess({ name: `payd-${i}`, port, env: envOf(i) }));
for (const p of procs) await p.start();
await until(() => procs.filter((p) => p.claimsLead()).length === 1, 'one process leading the chain', 20000);
writeNginxConfig(join(work, 'nginx'), { port: nginxPort, upstreamPorts: ports });
nginx = await startNginx(nginxBinary(), join(work, 'nginx'), nginxPort);

// --- The load, the kill, the restart. ---
const leadership = sampleLeadership(DB, procs);
const load = new ClusterLoad({ base: nginx.url, chain, shop, workers: WORKERS });
const paydBackend = async () => (await sql(DB, "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'payd-%' LIMIT 1"))[0][0];
const cpuAtStart = { payd: procs.map((p) => p.cpu()), pg: postgresCpu(await paydBackend()), backends: await backendCpu(DB) };
const t0 = performance.now();
const at = (ms) => wait(Math.max(0, t0 + ms - performance.now()));
const progress = setInterval(() => console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${load.acks.length} intents, ${load.samples.length} requests, ${load.sent.length} payments, ${receiver.deliveries.length} webhooks`), 30000);
console.log(`load for ${DURATION / 1000} s; the chain's leader killed at ${KILL_AT / 1000} s, back ${DOWN / 1000} s later`);
load.start(Number(args.seed));
await at(KILL_AT);
const victim = procs.find((p) => p.claimsLead()) ?? procs[0];
const cpuBeforeKill = procs.map((p, i) => p.cpu() - cpuAtStart.payd[i]);
const backendsBeforeKill = await backendCpu(DB);
const backendCpuBeforeKill = procs.map((p) => (backendsBeforeKill[p.name] ?? 0) - (cpuAtStart.backends[p.name] ?? 0));
const kill = { at: performance.now(), victim: victim.name, led: victim.claimsLead() };
await victim.stop('SIGKILL');
await wait(DOWN); // the process stays down this long: the subject of the bench
await victim.start();
kill.back = performance.now();
await at(DURATION);
const loadEnd = performance.now();
const cpu = { payd: procs.map((p, i) => p.cpu() - cpuAtStart.payd[i]), pg: postgresCpu(await paydBackend()) - cpuAtStart.pg };
clearInterval(progress);
await load.stop();

// --- Drain: every payment confirmed, every delivery delivered. ---
let state;
await until(async () => (state = await drained(DB, load, receiver)).done, 'the drain', 240000)
  .catch((e) => console.log(`${e.message}: ${JSON.stringify(state)}`));
const drainMs = performance.now() - loadEnd;
await load.stopMining();
await leadership.stop();
const checks = await runChecks({ db: DB, load, receiver, leadership: leadership.samples, kill });

// --- Report. ---
const seconds = (loadEnd - t0) / 1000;
const window = [kill.at - 5000, kill.back + 10000];
const inWindow = (s) => s.t0 >= window[0] && s.t0 <= window[1];
const okSample = (s) => !s.error && s.status >= 200 && s.status < 400;
const pct = (list, p) => {
  if (!list.length) return '-';
  const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
};
const ops = [...new Set(load.samples.map((s) => s.op))];
const [[pgConnections]] = await sql(DB, "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'payd-%'");
console.log(`\nthree payd processes behind nginx (1 worker) on one durable PostgreSQL 15, ${cpus().length} cores shared with anvil, nginx, the load and the receiver`);
console.log(`load ${seconds.toFixed(0)} s (${WORKERS.publicCreators} public creators, ${WORKERS.apiCreators} API creators, ${WORKERS.readers} readers, 2 payers); ${victim.name} (${kill.led ? 'leading the chain' : 'no process claimed the chain: the first one'}) SIGKILLed at ${((kill.at - t0) / 1000).toFixed(1)} s, listening again at ${((kill.back - t0) / 1000).toFixed(1)} s; drain ${(drainMs / 1000).toFixed(1)} s`);
console.log(`window around the kill: ${((window[0] - t0) / 1000).toFixed(1)} s .. ${((window[1] - t0) / 1000).toFixed(1)} s`);
console.log('\noperation           ok/s    ok    failed | p50 ms  p99 ms | in the window: p50   p99   failed');
const row = (name, list) => {
  const ok = list.filter(okSample);
  const win = ok.filter(inWindow);
  const failed = list.filter((s) => !okSample(s));
  console.log(`${name.padEnd(16)} ${(ok.length / seconds).toFixed(1).padStart(8)} ${String(ok.length).padStart(6)} ${String(failed.length).padStart(6)}  | ${pct(ok, 50).padStart(6)} ${pct(ok, 99).padStart(7)} |  ${pct(win, 50).padStart(13)} ${pct(win, 99).padStart(5)} ${String(failed.filter(inWindow).length).padStart(7)}`);
};
for (const op of ops) row(op, load.samples.filter((s) => s.op === op));
row('all HTTP', load.samples.filter((s) => !s.chain));

const failures = new Map();
for (const s of load.samples.filter((x) => !okSample(x))) {
  const key = `${s.op} ${s.error ?? s.status}${inWindow(s) ? ' (in the window)' : ''}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}
console.log(`\nfailed requests: ${failures.size ? [...failures].map(([k, n]) => `${k}: ${n}`).join(', ') : 'none'}`);
console.log(`creations sent again with their Idempotency-Key: ${load.recovered.retried} retries, ${load.recovered.acked} acknowledged on a retry (${load.recovered.replayed} of them replays of a first answer the client never got); key-less creations whose outcome is unknown: ${load.unknown}`);
const access = readFileSync(join(work, 'nginx/logs/access.log'), 'utf8').split('\n').filter(Boolean).map((l) => l.split(' '));
const retried = access.filter((f) => f.slice(4).join(' ').includes(','));
const byStatus = (list) => [...list.reduce((m, f) => m.set(`${f[1]} ${f[2]}`, (m.get(`${f[1]} ${f[2]}`) ?? 0) + 1), new Map())]
  .filter(([k]) => !/ [23]\d\d$/.test(k)).map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
console.log(`nginx: ${access.length} requests, ${retried.length} passed to another process (proxy_next_upstream), errors by method: ${byStatus(access)}`);
console.log(`requests answered per process: ${procs.map((p) => `${p.name} ${p.requests}`).join(', ')}; PostgreSQL connections held by them at the end: ${pgConnections}`);
const httpDone = load.samples.filter((s) => !s.chain && s.t0 <= loadEnd).length;
const paydCpu = cpu.payd.reduce((a, b) => a + b, 0);
console.log(`CPU during the load: payd ${paydCpu.toFixed(1)} s (${cpu.payd.map((c, i) => `${procs[i].name} ${c.toFixed(1)}`).join(', ')}), PostgreSQL ${cpu.pg.toFixed(1)} s, of ${(cpus().length * seconds).toFixed(0)} core-seconds; per HTTP request: payd ${(1000 * paydCpu / httpDone).toFixed(2)} ms, PostgreSQL ${(1000 * cpu.pg / httpDone).toFixed(2)} ms`);
const others = (list) => list.filter((_, i) => procs[i] !== victim).map((c) => c.toFixed(1)).join(' and ');
const victimIndex = procs.indexOf(victim);
console.log(`what leading the chain costs, until the kill (${((kill.at - t0) / 1000).toFixed(0)} s, requests spread evenly): the leader ${cpuBeforeKill[victimIndex].toFixed(1)} s of CPU, each standing by ${others(cpuBeforeKill)} s; their PostgreSQL backends ${backendCpuBeforeKill[victimIndex].toFixed(1)} s and ${others(backendCpuBeforeKill)} s`);
const newLeader = procs.flatMap((p) => p.events.filter((e) => e.msg === 'watching chain' && e.at > kill.at).map((e) => ({ p, at: e.at })))
  .sort((a, b) => a.at - b.at)[0];
console.log(`chain leader: ${victim.name} until the kill; ${newLeader ? `${newLeader.p.name} logged "watching chain" ${(newLeader.at - kill.at).toFixed(0)} ms after it` : 'no other process took over'}`);
const hooks = receiver.deliveries.filter((d) => d.ok);
console.log(`webhooks: ${hooks.length} verified deliveries (${(hooks.filter((d) => d.at <= loadEnd).length / seconds).toFixed(1)}/s during the load), payments: ${load.sent.length} (${(load.sent.length / seconds).toFixed(1)}/s)`);

console.log('\nchecks:');
for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`);
const failed = checks.filter((c) => !c.ok);
if (failed.length) console.log(`\n--- last log lines of each process ---\n${procs.map((p) => `${p.name}:\n${p.tail(15)}`).join('\n')}`);

await nginx.stop();
for (const p of procs) await p.stop('SIGTERM');
await receiver.close();
await chain.stop();
rmSync(work, { recursive: true, force: true });
process.exit(failed.length ? 1 : 0);
