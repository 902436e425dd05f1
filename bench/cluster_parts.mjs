// The parts bench/cluster.mjs runs: payd processes that can be killed and
// started again on their port (their access-log lines counted, not kept),
// nginx over them (deploy/nginx's files, three processes in the upstream),
// SQL on the shared database without blocking the load, and a sampler of who
// holds the chain's watch lock.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

import { DEPLOY, reference, replaceOnce } from '../tests/e2e/lib/deployment.mjs';
import { PAYD_BIN } from '../tests/e2e/lib/payd.mjs';

const run = promisify(execFile);
const TICKS = 100;  // USER_HZ: /proc's clock ticks per second on Linux

// [utime + stime, cutime + cstime, ppid] of a process, in seconds, or null once it is gone.
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [(Number(f[11]) + Number(f[12])) / TICKS, (Number(f[13]) + Number(f[14])) / TICKS, Number(f[1])];
  } catch {
    return null;
  }
}

// The CPU seconds PostgreSQL has used: its postmaster, the backends it has
// reaped, and those alive (found from one of them, `backendPid`).
export function postgresCpu(backendPid) {
  const postmaster = cpuOf(backendPid)[2];
  const [own, reaped] = cpuOf(postmaster);
  let live = 0;
  for (const name of readdirSync('/proc')) {
    const c = /^\d+$/.test(name) ? cpuOf(name) : null;
    if (c && c[2] === postmaster) live += c[0];
  }
  return own + reaped + live;
}

// Rows of `statement` on `url`, columns split on '|'.
export async function sql(url, statement) {
  const { stdout } = await run('psql', [url, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { maxBuffer: 1 << 28 });
  return stdout.split('\n').filter(Boolean).map((line) => line.split('|'));
}

// CPU seconds of the live PostgreSQL backends of each payd process, by name.
export async function backendCpu(url) {
  const byName = {};
  for (const [pid, name] of await sql(url, "SELECT pid, application_name FROM pg_stat_activity WHERE application_name LIKE 'payd-%'")) {
    byName[name] = (byName[name] ?? 0) + (cpuOf(pid)?.[0] ?? 0);
  }
  return byName;
}

// One payd process of the cluster: `name` is also its PostgreSQL
// application_name, so that pg_stat_activity tells whose session a lock is.
export class ClusterProcess {
  constructor({ name, port, env }) {
    Object.assign(this, { name, port, env });
    this.events = [];    // {at, msg, entry}: the log lines other than `request`
    this.requests = 0;   // `request` lines: requests this process answered
    this.launches = [];  // performance.now() when each launch listened
    this.cpuOfEarlierLaunches = 0;
  }

  async start() {
    this.launchedAt = this.events.length;
    const proc = spawn(PAYD_BIN, ['serve'], { env: this.env, stdio: ['ignore', 'ignore', 'pipe'] });
    this.proc = proc;
    const lines = createInterface({ input: proc.stderr });
    await new Promise((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`${this.name} exited (${code}) before listening:\n${this.tail()}`)));
      lines.on('line', (raw) => {
        if (raw.includes('"msg":"request"')) {
          this.requests++;
          return;
        }
        let entry;
        try {
          entry = JSON.parse(raw);
        } catch {
          entry = { msg: 'unparsed', raw };
        }
        this.events.push({ at: performance.now(), msg: entry.msg, entry });
        if (entry.msg === 'listening') resolve();
      });
    });
    proc.removeAllListeners('exit');
    this.launches.push(performance.now());
  }

  alive() {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  // True while its log says it watches the chain (its last word on it
  // since it was last started).
  claimsLead() {
    if (!this.alive()) return false;
    for (let i = this.events.length - 1; i >= this.launchedAt; i--) {
      const m = this.events[i].msg;
      if (m === 'watching chain') return true;
      if (m.startsWith('standing by') || m.includes('standing down') || m.startsWith('lost the session')) return false;
    }
    return false;
  }

  // CPU seconds used by every launch so far.
  cpu() {
    return this.cpuOfEarlierLaunches + (this.alive() ? cpuOf(this.proc.pid)?.[0] ?? 0 : 0);
  }

  async stop(signal) {
    if (!this.alive()) return;
    this.cpuOfEarlierLaunches = this.cpu();
    const closed = new Promise((r) => this.proc.once('close', r));
    this.proc.kill(signal);
    await closed;
  }

  // The last log lines but webhook attempts.
  tail(n = 30) {
    return this.events.filter((e) => e.msg !== 'webhook attempt').slice(-n).map((e) => JSON.stringify(e.entry)).join('\n');
  }
}

// nginx.conf under `dir`: deploy/nginx/payd-upstream.conf with the three
// processes' ports, deploy/nginx/payd-proxy.conf as it is, and an access log
// that names every upstream a request was tried on.
export function writeNginxConfig(dir, { port, upstreamPorts }) {
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  let upstream = reference('nginx/payd-upstream.conf');
  const line = (p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`;
  upstream = replaceOnce(upstream, line(8081), upstreamPorts.map(line).join('\n    '), 'payd-upstream.conf');
  upstream = replaceOnce(upstream, `    ${line(8082)}\n`, '', 'payd-upstream.conf');
  writeFileSync(join(dir, 'payd-upstream.conf'), upstream);
  const t = (name) => join(dir, 'temp', name);
  writeFileSync(join(dir, 'nginx.conf'), `
worker_processes 1;
events { worker_connections 4096; }
http {
    log_format upstreams '$msec $request_method $status $request_time "$upstream_addr" "$upstream_status"';
    access_log ${join(dir, 'logs/access.log')} upstreams buffer=64k flush=1s;
    client_body_temp_path ${t('body')};
    proxy_temp_path ${t('proxy')};
    fastcgi_temp_path ${t('fastcgi')};
    uwsgi_temp_path ${t('uwsgi')};
    scgi_temp_path ${t('scgi')};
    include ${join(dir, 'payd-upstream.conf')};
    server {
        listen 127.0.0.1:${port};
        include ${join(DEPLOY, 'nginx/payd-proxy.conf')};
    }
}
`);
}

// Who holds chain 31337's watch lock in `url`'s database (PgStore's
// advisory lock, as multi_process.test.mjs finds it), by process name.
const LOCK_HOLDERS = `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended('chain-watch|31337', 0)`;

// Samples, every `everyMs`, the lock's holders and the processes whose log
// says they lead; stop() ends it.
export function sampleLeadership(url, procs, everyMs = 500) {
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now();
      try {
        const holders = (await sql(url, LOCK_HOLDERS)).map((r) => r[0]);
        samples.push({ at, holders, claims: procs.filter((p) => p.claimsLead()).map((p) => p.name) });
      } catch (e) {
        samples.push({ at, error: e.message });
      }
      await new Promise((r) => setTimeout(r, everyMs)); // pacing: the sampling interval
    }
  })();
  return { samples, stop: async () => { stopped = true; await loop; } };
}
