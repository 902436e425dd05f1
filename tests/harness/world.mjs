// Everything one scenario runs against: one anvil per chain (chain.mjs), a
// provider simulator in front of each, the real payd binary with a fresh data
// directory (or, in the PostgreSQL mode, two payd processes on a fresh
// database of their own: postgres_world.mjs), merchants (tenants, their
// integrations, a read key) made with payd's CLI, one webhook receiver per tenant,
// and a poller that watches payd as a merchant would while the scenario runs
// (for "confirmed then lost"). Also payd's own database, read with the sqlite3
// shell or psql: the chain cursor (to know when payd has caught up) and the events.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { freePort } from '../e2e/lib/chain.mjs';
import { stopAll } from '../e2e/lib/cleanup.mjs';
import { launch, preparePayd } from '../e2e/lib/payd.mjs';
import { startProviderSim } from '../e2e/lib/provider_sim.mjs';
import { startReceiver } from '../e2e/lib/receiver.mjs';
import { threadStacks } from '../e2e/lib/stacks.mjs';
import { PAYOUTS, startHarnessChain, USDC_ADDRESS } from './chain.mjs';
import { CONFIRMATIONS, LIFETIME_S, QUORUM_CHAINS } from './generate.mjs';
import { PgProcesses } from './postgres_world.mjs';
import { Prng } from './prng.mjs';

export const CLOCK_BEHIND_S = 15 * 60;
// Time-outs scale for slow builds (ASan) and a loaded machine.
export const SLOW = Number(process.env.HARNESS_SLOW ?? (process.env.PAYD_BIN?.includes('asan') ? 3 : 1));
// A payd that takes longer than these to answer a read, or to exit after
// SIGTERM (a 10 s grace for requests, then a webhook attempt of at most 15 s),
// is hung: a crash finding, with what its threads were doing.
const ANSWER_WITHIN_MS = 30000 * SLOW;
const EXIT_WITHIN_MS = 45000 * SLOW;

// One [[chains]] block per chain of the plan, each through its own provider
// simulator (three that must agree on QUORUM_CHAINS), with its own
// confirmation policy.
function paydConfig(sims) {
  const chains = [...sims].map(([id, list]) => `
[[chains]]
id = ${id}
name = "Localnet ${id}"
${list.length > 1 ? `providers = [${list.map((s) => `"${s.url}"`).join(', ')}]\nquorum = 2` : `rpc_urls = ["${list[0].url}"]`}
confirmations = ${CONFIRMATIONS[id]}
poll_interval_ms = 50
rpc_timeout_ms = 1000
trace_internal = true
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }

[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "${USDC_ADDRESS}"
decimals = 6
usd_pegged = true
`).join('');
  return `[limits]
api_requests_per_min = 1000000
public_reads_per_min = 1000000
public_intents_per_min = 1000000

[intents]
lifetime_s = ${LIFETIME_S}

[webhooks]
allow_private_targets = true
retry_schedule_s = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
${chains}`;
}

export async function startWorld(plan) {
  const world = new World(plan);
  try {
    await world.start();
  } catch (e) {
    await world.stop().catch(() => {});
    throw e;
  }
  return world;
}

class World {
  constructor(plan) {
    this.plan = plan;
    this.crashes = [];
    this.maxRssMb = 0;
    // Which process answers each API call, where there are two.
    this.pick = new Prng(plan.seed, 'process');
  }

  async start() {
    // Each chain: its anvil, the height its set-up reached, a provider
    // simulator in front (`sim`, which the faults hit), and on QUORUM_CHAINS
    // two more that payd must hear agree (`sims`: the three, `sim` first).
    this.chains = new Map();
    for (const id of this.plan.chains) {
      const chain = await startHarnessChain({ chainId: id, clockOffsetS: this.plan.clockBehind ? -CLOCK_BEHIND_S : 0 });
      const sims = [];
      for (let i = 0; i < (QUORUM_CHAINS.includes(id) ? 3 : 1); i++) sims.push(await startProviderSim(chain.url));
      this.chains.set(id, { chain, setupHeight: await chain.head(), sim: sims[0], sims });
    }
    this.receivers = new Map();
    const config = paydConfig(new Map([...this.chains].map(([id, c]) => [id, c.sims])));
    if (this.plan.store === 'postgres') {
      this.pg = new PgProcesses(this);
      this.procs = this.pg.prepare(config);
    } else {
      this.procs = [preparePayd({ config })];
    }
    // The first process runs the admin CLI and is the one of the SQLite mode.
    this.payd = this.procs[0];
    await this.launch();
    this.merchants = {};
    const answers = new Prng(this.plan.seed, 'receiver');
    for (const name of this.plan.tenants) {
      const tenant = this.payd.admin(['tenant', 'create', '--name', `Shop ${name}`]);
      const read = this.payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'read', '--scopes', 'payments:read']);
      // The shop's server: creates intents through /v1 (DECISIONS §12).
      const write = this.payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'write', '--scopes', 'payments:write']);
      const integrations = {};
      for (const x of this.plan.integrations.filter((i) => i.tenant === name)) {
        integrations[x.name] = this.payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', x.name,
          '--chains', this.plan.chains.join(','), '--tokens', 'USDC,ETH', '--payout', PAYOUTS[x.payout],
          '--origins', 'https://shop.example', ...(x.near?.match ? ['--match-near-amounts'] : []),
          ...(x.near?.tolerance ? ['--underpayment-tolerance', x.near.tolerance] : [])]);
        integrations[x.name].payoutLetter = x.payout;
      }
      const secret = this.payd.admin(['webhook-secret', 'show', '--tenant', tenant.id]).secret;
      const receiver = await startReceiver({ secrets: [secret] });
      // A receiver that sometimes fails makes payd redeliver (same webhook-id).
      receiver.script = Array.from({ length: 400 }, () => (answers.chance(this.plan.receiverFailRate) ? 500 : 200));
      this.payd.admin(['webhook-endpoint', 'add', '--tenant', tenant.id, '--url', receiver.url]);
      this.merchants[name] = { tenant, read, write, integrations, name };
      this.receivers.set(name, receiver);
    }
    this.poller = new Poller(this);
  }

  // Starts every process that is not running.
  async launch() {
    for (const payd of this.procs.filter((p) => !isUp(p))) {
      payd.expectedExit = false;
      await launch(payd);
      const proc = payd.proc;
      proc.once('exit', (code, signal) => {
        if (payd.expectedExit && proc === payd.proc) return;
        this.crashes.push(`payd${this.procs.length > 1 ? ` process ${this.procs.indexOf(payd)}` : ''} exited on its own (${code ?? signal}):\n${payd.tail(15)}`);
      });
    }
  }

  // Some process serves.
  get paydUp() {
    return this.procs.some(isUp);
  }

  get up() {
    return this.procs.filter(isUp);
  }

  // The process an API call goes to: any running one, drawn from the seed.
  api() {
    const up = this.up;
    return up.length > 1 ? this.pick.pick(up) : up[0] ?? this.payd;
  }

  // Every process's log lines.
  get logs() {
    return this.procs.flatMap((p) => p.logs);
  }

  tail(n) {
    return this.procs.length === 1 ? this.payd.tail(n)
      : this.procs.map((p, i) => `--- process ${i}:\n${p.tail(n)}`).join('\n');
  }

  // Peak resident memory of the running payd processes, in MiB.
  sampleRss() {
    for (const payd of this.up) {
      try {
        const status = readFileSync(`/proc/${payd.proc.pid}/status`, 'utf8');
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        this.maxRssMb = Math.max(this.maxRssMb, Math.round(kb / 1024));
      } catch { /* already gone */ }
    }
  }

  async kill(payd = this.payd) {
    if (!isUp(payd)) return;
    this.sampleRss();
    payd.expectedExit = true;
    await payd.stop('SIGKILL');
  }

  // SIGTERM at the end: anything but a clean exit (a sanitizer report, say) is a crash.
  async stopCleanly() {
    this.sampleRss();
    for (const payd of this.up) await this.stopOneCleanly(payd);
  }

  async stopOneCleanly(payd) {
    payd.expectedExit = true;
    let code;
    try {
      code = await payd.stop('SIGTERM', { withinMs: EXIT_WITHIN_MS });
    } catch (e) {
      // Hung: stop() has SIGKILLed it; its message holds what its threads were doing.
      this.crashes.push(`payd did not exit within ${EXIT_WITHIN_MS / 1000} s of SIGTERM: ${e.message}`);
      return;
    }
    const other = payd.logs.filter((l) => l.msg === 'unparsed').map((l) => l.raw).join('\n');
    const toolOnly = other.includes('LeakSanitizer has encountered a fatal error')
      && !/ERROR: (AddressSanitizer|LeakSanitizer: detected)|runtime error:/.test(other);
    if (code !== 0 && !toolOnly) this.crashes.push(`payd exited with ${code} after SIGTERM:\n${other.slice(0, 3000)}`);
    else if (/runtime error:|ERROR: AddressSanitizer/.test(other)) this.crashes.push(`sanitizer report:\n${other.slice(0, 3000)}`);
  }

  // The rows of `query` on payd's database, as objects. On PostgreSQL through
  // one psql session, without blocking the provider simulators (which run here).
  async sql(query) {
    if (this.pg) return this.pg.rows(query);
    const r = spawnSync('sqlite3', ['-cmd', '.timeout 5000', '-json', '-readonly', join(this.payd.dir, 'data', 'payd.sqlite3'), query], { encoding: 'utf8', timeout: 10000 });
    if (r.status !== 0) throw new Error(`sqlite3: ${r.stderr}`);
    return r.stdout.trim() ? JSON.parse(r.stdout) : [];
  }

  async cursor(chainId) {
    try {
      return (await this.sql(`SELECT number, hash FROM chain_cursors WHERE chain_id = ${Number(chainId)}`))[0] ?? null;
    } catch {
      return null;
    }
  }

  async events() {
    const byTenant = new Map(Object.values(this.merchants).map((m) => [m.tenant.id, m.name]));
    return (await this.sql('SELECT id, tenant_id, type, data FROM events ORDER BY rowid')).map((e) => ({
      id: e.id, tenant: byTenant.get(e.tenant_id) ?? e.tenant_id, type: e.type, data: JSON.parse(e.data),
    }));
  }

  // Deliveries not yet made that a killed payd holds under a lease (they wait for it to end).
  async leasedUntil() {
    const rows = await this.sql("SELECT MAX(locked_until) AS until FROM webhook_deliveries WHERE status IN ('PENDING', 'RETRYING')");
    return rows[0]?.until ?? 0;
  }

  // A payd that does not answer within ANSWER_WITHIN_MS is hung: what its
  // threads were doing is a finding (once), and the read fails.
  async get(path, key) {
    let r;
    const payd = this.api();
    try {
      r = await payd.request('GET', path, { key, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e;
      if (!this.hung && isUp(payd)) {
        this.hung = true;
        this.crashes.push(`payd did not answer GET ${path} within ${ANSWER_WITHIN_MS / 1000} s; its threads:\n${threadStacks(payd.proc.pid)}\n${payd.tail(10)}`);
      }
      throw new Error(`payd did not answer GET ${path} within ${ANSWER_WITHIN_MS / 1000} s`);
    }
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text}`);
    return r.json;
  }

  async list(path, key) {
    const out = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.get(`${path}?limit=100&offset=${offset}`, key);
      out.push(...page.data);
      if (!page.hasMore) return out;
    }
  }

  // Every payment and intent of every tenant, as the merchants' API shows them.
  async state() {
    const payments = [];
    const intents = new Map();
    for (const m of Object.values(this.merchants)) {
      for (const p of await this.list('/api/v1/payments', m.read.key)) payments.push({ ...p, tenant: m.name });
      for (const i of await this.list('/api/v1/payment-intents', m.read.key)) intents.set(i.id, i);
    }
    return { payments, intents };
  }

  // Stops whatever was started (also after a failed start): every step runs,
  // whatever the one before did (lib/cleanup.mjs); a failed step fails the
  // stop once all have run.
  async stop(log = () => {}) {
    const say = (what) => () => log(`     stopping: ${what}`);
    await stopAll(
      say('the poller'),
      () => this.poller?.stop(),
      say('payd'),
      // A payd that did not stop cleanly is a crash finding (stopCleanly), not a failed stop.
      () => this.procs && this.stopCleanly().catch(() => {}),
      ...(this.procs ?? []).map((payd) => () => payd.cleanup()),
      () => this.pg?.dropDatabase(),
      say('the receivers'),
      ...[...this.receivers?.values() ?? []].map((r) => () => r.close()),
      ...[...this.chains ?? []].flatMap(([id, c]) => [say(`chain ${id}`), ...c.sims.map((sim) => () => sim.close()), () => c.chain.stop()]),
    );
    log('     stopped');
  }
}

// Polls payd every 150 ms while the scenario runs and remembers what a
// merchant was told: payments once CONFIRMED, intents once PAID (and any
// that later showed another status).
class Poller {
  constructor(world) {
    this.world = world;
    this.everConfirmed = new Map();
    this.everReorged = new Map(); // payment id -> the payment as seen REORGED
    this.everPaid = new Set();
    this.leftPaid = [];
    this.statuses = new Map(); // intent id -> statuses seen, in order
    this.running = true;
    this.loop = this.run();
  }

  async run() {
    while (this.running) {
      await this.pollOnce().catch(() => {});
      await new Promise((r) => setTimeout(r, 150)); // sleep-ok: polling interval of the world's poller
    }
  }

  async pollOnce() {
    if (!this.world.paydUp) return;
    await this.world.pg?.sampleCursors();
    const { payments, intents } = await this.world.state();
    for (const p of payments) {
      if (p.status === 'CONFIRMED') this.everConfirmed.set(`${p.tenant}|${p.id}|${p.blockHash}`, p);
      if (p.status === 'REORGED' && !this.everReorged.has(p.id)) this.everReorged.set(p.id, p);
    }
    for (const i of intents.values()) {
      const seen = this.statuses.get(i.id) ?? [];
      if (seen.at(-1) !== i.status) this.statuses.set(i.id, [...seen, i.status]);
      if (i.status === 'PAID') this.everPaid.add(i.id);
      else if (this.everPaid.has(i.id) && !this.leftPaid.some((x) => x.id === i.id)) this.leftPaid.push({ id: i.id, status: i.status });
    }
  }

  async stop() {
    this.running = false;
    await this.loop;
  }
}

const isUp = (payd) => payd.proc && payd.proc.exitCode === null && payd.proc.signalCode === null;

export { freePort };
