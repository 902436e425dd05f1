// The PostgreSQL mode's part of the world (world.mjs): two payd processes on
// one database of their own and one public URL, as behind a load balancer, made on the server PAYD_TEST_DATABASE_URL names
// (lib/database.mjs, as the e2e tests make theirs); who leads each chain (the
// backend holding its watch lock, pg_locks, and the process whose session it
// is, by application_name); the lock session terminated; and what the
// judge checks of leadership: the cursor never goes back over a block that
// stayed on the chain, and once settled one process leads each chain.
import { spawn } from 'node:child_process';

import { stopProcess, track } from '../e2e/lib/cleanup.mjs';
import { chainLockHolder, createDatabase, dropDatabase } from '../e2e/lib/database.mjs';
import { preparePayd, sleep } from '../e2e/lib/payd.mjs';

export const PROCESSES = 2;
const WATCHING = 'watching chain';
const STANDING_BY = 'standing by: another payd process watches this chain';
const APP = 'payd-harness-';
// What the processes call themselves (the signed sender-proof message names
// it); the harness calls each at its own address.
const PUBLIC_URL = 'http://pay.harness.test';

export class PgProcesses {
  constructor(world) {
    this.world = world;
    this.trails = new Map(); // chainId -> [{ number, hash, at }], each a change of the cursor
  }

  // The processes, each on the database under its own application_name, so
  // that a backend in pg_stat_activity names the process it serves.
  prepare(config) {
    if (!process.env.PAYD_TEST_DATABASE_URL) throw new Error('the PostgreSQL mode needs PAYD_TEST_DATABASE_URL (scripts/with-postgres.sh)');
    this.url = createDatabase();
    return Array.from({ length: PROCESSES }, (_, i) => {
      const url = new URL(this.url);
      url.searchParams.set('application_name', `${APP}${i}`);
      return preparePayd({ config, env: { PAYD_DATABASE_URL: url.href, PAYD_PUBLIC_URL: PUBLIC_URL } });
    });
  }

  async dropDatabase() {
    await this.session?.close();
    if (this.url) dropDatabase(this.url);
  }

  // The rows of `query` on the scenario's database, as objects (what sqlite3 -json gives).
  async rows(query) {
    this.session ??= new PsqlSession(this.url);
    return JSON.parse(await this.session.query(`SELECT coalesce(json_agg(t), '[]'::json) FROM (${query}) t`));
  }

  // The process whose session holds the chain's watch lock, or null.
  async leader(chainId) {
    const [row] = await this.rows(`SELECT application_name AS app FROM pg_stat_activity WHERE pid IN (${chainLockHolder(chainId)})`);
    return row?.app?.startsWith(APP) ? this.world.procs[Number(row.app.slice(APP.length))] : null;
  }

  // Ends the backend holding the chain's watch lock, as a failover or a
  // network cut would; whether there was one.
  async terminateLockSession(chainId) {
    return (await this.rows(`SELECT pg_terminate_backend(pid) AS ended FROM (${chainLockHolder(chainId)}) h`)).some((r) => r.ended);
  }

  // Called by the poller: each chain's cursor, remembered when it changes.
  async sampleCursors() {
    const at = Date.now();
    for (const c of await this.rows('SELECT chain_id, number, hash FROM chain_cursors')) {
      const trail = this.trails.get(Number(c.chain_id)) ?? [];
      if (trail.at(-1)?.hash !== c.hash) trail.push({ number: Number(c.number), hash: c.hash, at });
      this.trails.set(Number(c.chain_id), trail);
    }
  }

  // A cursor may go down only off a block that left the chain (a
  // reorganisation); one that went below a block still on the chain was
  // written by a process that no longer led (LedgerTx::SaveCursor's compare-and-set failed).
  cursorFindings(removed) {
    const out = [];
    for (const [chainId, trail] of this.trails) {
      for (let i = 1; i < trail.length; i++) {
        const [was, now] = [trail[i - 1], trail[i]];
        if (now.number < was.number && !removed.get(chainId)?.has(was.hash)) {
          out.push(`chain ${chainId}: the cursor went back from ${was.number} ${was.hash.slice(0, 10)} (never left the chain) to ${now.number} ${now.hash.slice(0, 10)}`);
        }
      }
    }
    return out;
  }

  // What the process last said of the chain: WATCHING or STANDING_BY.
  static lastWord(payd, chainId) {
    return payd.logs.filter((l) => (l.msg === WATCHING || l.msg === STANDING_BY) && Number(l.chainId) === chainId).at(-1)?.msg;
  }

  // Once settled, each chain has one lock holder, a running process, and it
  // is the only running process that says it watches the chain. A process
  // that lost its session learns so at its next pass, after a back-off of up
  // to 30 s: it has `withinMs` to say so.
  async leaderFindings(chains, withinMs) {
    const until = Date.now() + withinMs;
    for (;;) {
      const out = [];
      for (const id of chains) {
        const holder = await this.leader(id);
        const watching = this.world.up.filter((p) => PgProcesses.lastWord(p, id) === WATCHING);
        const name = (p) => `process ${this.world.procs.indexOf(p)}`;
        if (!holder || !this.world.up.includes(holder)) out.push(`chain ${id}: no running process holds the watch lock`);
        if (watching.length !== 1 || (holder && watching[0] !== holder)) {
          out.push(`chain ${id}: ${watching.length ? watching.map(name).join(' and ') : 'no process'} say${watching.length === 1 ? 's' : ''} it watches, the lock is ${holder ? name(holder) : 'nobody'}'s`);
        }
      }
      if (!out.length || Date.now() > until) return out;
      await sleep(250); // sleep-ok: polling interval of the wait for one leader per chain
    }
  }
}

// One psql process kept open, fed a statement at a time: a new connection per
// read costs 50-200 ms on a loaded machine, and spawnSync would stall the
// provider simulators in this process for as long.
const END = '--harness-end--';
class PsqlSession {
  constructor(url) {
    this.proc = track(spawn('psql', [url, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=0'], { stdio: ['pipe', 'pipe', 'pipe'] }));
    this.out = '';
    this.err = '';
    this.turn = Promise.resolve();
    this.proc.stdout.on('data', (d) => { this.out += d; this.answer(); });
    this.proc.stderr.on('data', (d) => { this.err += d; });
    this.proc.on('exit', (code) => this.waiting?.reject(new Error(`psql exited (${code}): ${this.err}`)));
  }

  query(statement) {
    const asked = this.turn.then(() => new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.err = '';
      this.proc.stdin.write(`${statement};\n\\echo ${END}\n`);
    }));
    this.turn = asked.catch(() => {});
    return asked;
  }

  answer() {
    const end = this.out.indexOf(`${END}\n`);
    if (end < 0 || !this.waiting) return;
    const text = this.out.slice(0, end).trim();
    this.out = this.out.slice(end + END.length + 1);
    const { resolve, reject } = this.waiting;
    this.waiting = null;
    if (text) resolve(text);
    else reject(new Error(`psql: ${this.err || 'no answer'}`));
  }

  // The end of its input ends psql; one still there after 10 s is killed (and the close fails).
  async close() {
    this.proc.stdin.end();
    await stopProcess(this.proc, { signal: null, withinMs: 10000, name: 'psql' });
  }
}
