// A flood of dashboard sign-ins beside the API (issue 35): every sign-in hashes
// with Argon2id (64 MiB, 0.1 s), so unbounded they took payd's memory from
// 101 MB to 560 MB and the API's p90 from 6 ms to 79 ms. Now the hashes run on
// the offload pool (2 at once, 32 waiting; beyond that a 429 at once).
//
// Two 10-second phases on one payd (release build, 2 threads): the API alone,
// then the API beside FLOOD concurrent sign-ins, each with a new address and a
// client from its own IPv6 /64 (named by X-Forwarded-For from a trusted proxy:
// no per-client throttle applies). Prints payd's resident memory (its peak)
// and the API's latency percentiles in each phase, and the sign-ins' answers.
//
//   node bench/sign_in_flood.mjs [FLOOD]      (PAYD_BIN: another build)
import { spawn, execFileSync } from 'node:child_process';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { percentile } from './percentile.mjs';

// The flood runs in a worker thread of its own: in the API's event loop, its
// thousands of requests would delay the API's timings on the client's side.
if (!isMainThread) {
  const { url, flood, until } = workerData;
  const answers = {};
  let n = 0;
  await Promise.all(Array.from({ length: flood }, async () => {
    while (Date.now() < until) {
      const i = n++;
      const client = `2001:db8:${(i >> 16) & 0xffff}:${i & 0xffff}::1`;
      const res = await fetch(`${url}/dashboard/sign-in`, {
        method: 'POST', redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, 'X-Forwarded-For': client },
        body: `email=guess${i}%40flood.example&password=not+the+password`,
      });
      await res.arrayBuffer();
      answers[res.status] = (answers[res.status] ?? 0) + 1;
    }
  }));
  parentPort.postMessage(answers);
  process.exit(0);
}

const FLOOD = Number(process.argv[2] ?? 64);
const SECONDS = 10;
const PAYD = process.env.PAYD_BIN ?? new URL('../build/payd', import.meta.url).pathname;
const PORT = 18090;
const URL_ = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(join(tmpdir(), 'payd-flood-'));
const env = { ...process.env, PAYD_DATA_DIR: join(work, 'data') };
const cli = (...args) => JSON.parse(execFileSync(PAYD, [...args, '--json'], { env }).toString());

const tenant = cli('tenant', 'create', '--name', 'Flood');
cli('integration', 'create', '--tenant', tenant.id, '--name', 'Web', '--chains', '31337', '--tokens', 'USDC',
  '--payout', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
const key = cli('key', 'create', '--tenant', tenant.id, '--name', 'bench', '--scopes', 'payments:read',
  '--rate-limit', '1000000000').key;
writeFileSync(join(work, 'payd.toml'),
  `listen = "127.0.0.1:${PORT}"\nthreads = 2\nlog_level = "warn"\npublic_url = "${URL_}"\ntrusted_proxies = ["127.0.0.1"]\n`);
const payd = spawn(PAYD, ['--config', join(work, 'payd.toml'), 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => { payd.kill('SIGTERM'); rmSync(work, { recursive: true, force: true }); };
process.on('exit', stop);

const rss = () => {
  const status = readFileSync(`/proc/${payd.pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
for (let i = 0; ; i++) {
  try { if ((await fetch(`${URL_}/healthz`)).ok) break; } catch { /* not yet */ }
  if (i > 100) throw new Error('payd did not start');
  await new Promise((r) => setTimeout(r, 100));  // sleep-ok: polling payd's start
}

// Four clients reading the API back to back; each request's time.
async function api(until) {
  const times = [];
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (Date.now() < until) {
      const t = performance.now();
      const res = await fetch(`${URL_}/api/v1/payment-links`, { headers: { 'X-API-Key': key } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
  }));
  return times.sort((a, b) => a - b);
}

function flood(until, answers) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url: URL_, flood: FLOOD, until } });
  return new Promise((resolve, reject) => {
    worker.on('message', (got) => { Object.assign(answers, got); resolve(); });
    worker.on('error', reject);
  });
}

async function phase(name, withFlood) {
  const until = Date.now() + SECONDS * 1000;
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, rss().now); }, 100);
  const answers = {};
  const [times] = await Promise.all([api(until), withFlood ? flood(until, answers) : null]);
  clearInterval(sampler);
  const ms = (p) => percentile(times, p).toFixed(1);
  console.log(`${name}: API ${times.length} requests, p50 ${ms(50)} ms, p90 ${ms(90)} ms, p99 ${ms(99)} ms; ` +
    `payd resident ${peak.toFixed(0)} MB at most` + (withFlood ? `; sign-ins answered ${JSON.stringify(answers)}` : ''));
}

await phase('API alone', false);
await phase(`API beside ${FLOOD} concurrent sign-ins`, true);
console.log(`payd's peak resident memory over both: ${rss().peak.toFixed(0)} MB`);
process.exit(0);
