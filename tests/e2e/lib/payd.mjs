// Starts the real payd binary on a free loopback port with a fresh data
// directory (and, on PostgreSQL, a fresh database: lib/database.mjs), and gives tests what a merchant or operator has: HTTP calls and
// the admin CLI against the same database.
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';

import { stopAll, stopProcess, track } from './cleanup.mjs';
import { createDatabase, dropDatabase, ON_POSTGRES } from './database.mjs';
import { validateExchange } from './openapi.mjs';
import { threadStacks } from './stacks.mjs';

export const PAYD_BIN = resolve(process.env.PAYD_BIN ?? 'build/payd');
// A sanitizer build (ASan, UBSan): everything it does takes two to three times longer.
export const SANITIZED = /[at]san/i.test(PAYD_BIN) || Boolean(process.env.ASAN_OPTIONS);
// How long payd may take to exit after SIGTERM: its shutdown grace lets
// requests finish for 10 s (shutdown_grace_s), and a webhook attempt under way
// may take its 15 s time-out; more on a loaded machine. One that takes longer
// is hung: it is SIGKILLed and its stop fails, with what its threads were doing.
export const STOP_WITHIN_MS = (SANITIZED ? 3 : 1) * 40000;

// The servers this test file has running, so a timed-out wait can show what
// they logged.
const running = new Set();
export const runningTails = () =>
  [...running].map((p) => `--- payd ${p.url}, last log lines:\n${p.tail()}`).join('\n');

export class Payd {
  constructor(dir, env) {
    this.dir = dir;
    this.env = env;
    this.logs = [];
    this.proc = null;
    this.url = null;
  }

  // Runs an admin command with --json and returns its parsed output; `input` is its standard input.
  admin(args, { env = {}, input } = {}) {
    const r = this.adminRaw([...args, '--json'], { env, input });
    if (r.status !== 0) {
      throw new Error(`payd ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    }
    return JSON.parse(r.stdout);
  }

  // admin() without blocking the test's event loop: for a test that times
  // what its receivers see while it runs commands (a blocked loop notices
  // requests late).
  adminAsync(args, { env = {} } = {}) {
    return new Promise((resolve, reject) => {
      execFile(PAYD_BIN, [...args, '--json'], { cwd: this.dir, env: { ...this.env, ...env }, encoding: 'utf8', timeout: 20000 },
        (error, stdout, stderr) => (error ? reject(new Error(`payd ${args.join(' ')}: ${error.message} ${stderr}`)) : resolve(JSON.parse(stdout))));
    });
  }

  adminRaw(args, { env = {}, input } = {}) {
    return spawnSync(PAYD_BIN, args, {
      cwd: this.dir,
      env: { ...this.env, ...env },
      input,
      encoding: 'utf8',
      timeout: 20000,
    });
  }

  // Calls the server; `key` goes in X-API-Key unless `bearer` is set. Every answer is
  // checked against docs/openapi.yaml (lib/openapi.mjs): one it does not describe fails.
  // `signal` aborts a request payd does not answer (fetch then throws).
  async request(method, path, { key, bearer, body, headers = {}, rawBody, signal } = {}) {
    const h = { ...headers };
    if (key) h['X-API-Key'] = key;
    if (bearer) h.Authorization = `Bearer ${bearer}`;
    let payload = rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(this.url + path, { method, headers: h, body: payload, signal });
    const text = await res.text();
    validateExchange({ method, path, headers: h, body: payload }, { status: res.status, headers: res.headers, text });
    return { status: res.status, headers: res.headers, json: jsonOrNull(text), text };
  }

  // Resolves with the exit code (or, killed by a signal, as by a sanitizer's
  // abort, the signal's name) once the process ends after `signal` and
  // everything it wrote has been read ('close', not 'exit': stderr may still
  // hold log lines when 'exit' comes). One that has not ended within
  // `withinMs` is SIGKILLed and the stop fails, saying what its threads were doing.
  stop(signal = 'SIGTERM', { withinMs = signal === 'SIGKILL' ? 10000 : STOP_WITHIN_MS } = {}) {
    return stopProcess(this.proc, {
      signal, withinMs, name: `payd ${this.url ?? this.dir}`,
      onHung: (pid) => `its threads:\n${threadStacks(pid)}\nits last log lines:\n${this.tail(15)}`,
    });
  }

  // SIGTERM, then fails with whatever payd printed that was not a log line
  // (a sanitizer report, say) unless it exited 0.
  async stopCleanly() {
    const code = await this.stop('SIGTERM');
    if (code === 0) return;
    const other = this.logs.filter((l) => l.msg === 'unparsed').map((l) => l.raw).join('\n');
    // LeakSanitizer's exit-time scan stops every thread with ptrace, and on a
    // loaded machine its tracer sometimes fails ("Tracer caught signal 11",
    // google/sanitizers#723, #1170). That is the tool failing, not payd: it
    // reports no leak and no memory error. Anything else fails the test.
    const toolOnly = other.includes('LeakSanitizer has encountered a fatal error')
      && !/ERROR: (AddressSanitizer|LeakSanitizer: detected)|runtime error:/.test(other);
    if (toolOnly) {
      console.warn(`payd's leak check could not run at exit (a sanitizer tracer failure):\n${other}`);
      return;
    }
    throw new Error(`payd exited with ${code} after SIGTERM:\n${other}`);
  }

  // SIGKILL (if it still runs), then its data directory and database go,
  // each whatever the step before did.
  cleanup() {
    return stopAll(
      () => this.stop('SIGKILL'),
      () => rmSync(this.dir, { recursive: true, force: true }),
      this.ownDatabase && (() => dropDatabase(this.env.PAYD_DATABASE_URL)),
    );
  }

  // The end of a test's payd: stopCleanly() and then, whatever it found,
  // cleanup(); fails as stopCleanly() does (a crash at SIGTERM is a defect),
  // once everything is gone.
  close() {
    return stopAll(() => this.stopCleanly(), () => this.cleanup());
  }

  // The last `n` log lines other than per-request ones, for failure messages.
  tail(n = 40) {
    return this.logs.filter((l) => l.msg !== 'request').slice(-n).map((l) => l.raw).join('\n');
  }

  requestLogs() {
    return this.logs.filter((l) => l.msg === 'request');
  }
}

// Creates the data directory and config file; `launch()` runs the server.
// Tests other than the rate-limit ones get a per-key limit high enough not to
// interfere; `config` is appended as further TOML. `store: 'sqlite'` keeps
// this payd on SQLite whatever PAYD_E2E_STORE says.
// A chain whose node is never reached (port 9): for dashboard and page tests that
// need a catalog (USDC and ETH on 31337) but no chain.
export const OFFLINE_LOCALNET = `
[[chains]]
id = 31337
name = "Localnet"
rpc_urls = ["http://127.0.0.1:9"]
confirmations = 2
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }
[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
usd_pegged = true
`;

export function preparePayd({ config = '', env = {}, apiRateLimit = 1000000, store } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'payd-e2e-'));
  const baseEnv = {
    PATH: process.env.PATH,
    ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? '',
    UBSAN_OPTIONS: process.env.UBSAN_OPTIONS ?? '',
    TSAN_OPTIONS: process.env.TSAN_OPTIONS ?? '',  // a ThreadSanitizer build (make build-tsan): where its reports go
    PAYD_DATA_DIR: join(dir, 'data'),
    PAYD_LISTEN: '127.0.0.1:0',
    ...env,
  };
  // A database of its own, unless it shares another payd's (storeOf).
  const ownDatabase = ON_POSTGRES && !env.PAYD_DATABASE_URL && store !== 'sqlite';
  if (ownDatabase) baseEnv.PAYD_DATABASE_URL = createDatabase();
  const limits = `[limits]\napi_requests_per_min = ${apiRateLimit}\n`;
  writeFileSync(join(dir, 'payd.toml'), config.includes('[limits]') ? config : `${limits}${config}`);
  baseEnv.PAYD_CONFIG = join(dir, 'payd.toml');
  const payd = new Payd(dir, baseEnv);
  payd.ownDatabase = ownDatabase;
  return payd;
}

// The environment that makes another payd use `payd`'s database (its data
// directory, or its PostgreSQL database), as servers sharing one store do.
export function storeOf(payd) {
  const { PAYD_DATA_DIR, PAYD_DATABASE_URL } = payd.env;
  return PAYD_DATABASE_URL ? { PAYD_DATA_DIR, PAYD_DATABASE_URL } : { PAYD_DATA_DIR };
}

// A mainnet key's text, made in a data directory of its own (a database
// belongs to one environment, DECISIONS §1): what a testnet server must
// refuse as wrong_environment.
export function mainnetKey(scopes = 'payments:read') {
  const live = preparePayd({ env: { PAYD_ENVIRONMENT: 'mainnet' } });
  try {
    const tenant = live.admin(['tenant', 'create', '--name', 'Live']);
    return live.admin(['key', 'create', '--tenant', tenant.id, '--name', 'live', '--scopes', scopes]).key;
  } finally {
    rmSync(live.dir, { recursive: true, force: true });
    if (live.ownDatabase) dropDatabase(live.env.PAYD_DATABASE_URL);
  }
}

// A reply body as JSON, or null when it is empty or not JSON.
export function jsonOrNull(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// For a describe block: a payd (`options` as for startPayd) and a merchant,
// started before its tests and stopped after them; read `suite.payd` and
// `suite.shop` inside the tests.
export function paydForSuite(options) {
  const suite = {};
  before(async () => {
    suite.payd = await startPayd(options);
    suite.shop = createMerchant(suite.payd);
  });
  after(() => suite.payd?.close());
  return suite;
}

// A payd made here that fails to start is cleaned up before the error goes on
// (the caller never gets it to clean up).
export async function startPayd(options = {}) {
  const own = !(options instanceof Payd);
  const payd = own ? preparePayd(options) : options;
  try {
    await launch(payd);
  } catch (e) {
    if (own) await payd.cleanup().catch(() => {});
    throw e;
  }
  return payd;
}

// `timeout`: how long payd may take to listen (restarts under ASan on a busy machine take longer).
// `payd.launchPrefix` (say ['prlimit', '--nofile=256:256', '--']) runs payd through a command that execs it;
// `payd.serveArgs` replaces ['serve'] (say a systemd unit's command line).
// One that does not start is SIGKILLed before the error goes on: nothing of it outlives the attempt.
export async function launch(payd, { timeout = 10000 } = {}) {
  const [command, ...args] = [...(payd.launchPrefix ?? []), PAYD_BIN, ...(payd.serveArgs ?? ['serve'])];
  // Its output is piped and read here, never inherited: a payd left running
  // must not hold node's test runner's pipes open.
  payd.proc = track(spawn(command, args, { cwd: payd.dir, env: payd.env, stdio: ['ignore', 'pipe', 'pipe'] }));
  payd.stdout = '';
  payd.proc.stdout.on('data', (d) => (payd.stdout += d));
  const lines = createInterface({ input: payd.proc.stderr });
  let exitedEarly;
  await new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => rejectStart(new Error(`payd did not start in ${timeout / 1000} s`)), timeout); // sleep-ok: a deadline, not a wait
    exitedEarly = (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`payd exited (${code}) before listening:\n${payd.logs.map((l) => l.raw).join('\n')}`));
    };
    payd.proc.once('exit', exitedEarly);
    lines.on('line', (raw) => {
      let entry;
      try {
        entry = JSON.parse(raw);
      } catch {
        entry = { msg: 'unparsed', raw };
      }
      entry.raw = raw;
      payd.logs.push(entry);
      if (entry.msg === 'listening') {
        clearTimeout(timer);
        payd.url = `http://127.0.0.1:${entry.port}`;
        payd.port = entry.port;
        resolveStart();
      }
    });
  }).catch(async (e) => {
    await payd.stop('SIGKILL').catch(() => {});
    throw e;
  }).finally(() => payd.proc.off('exit', exitedEarly));
  running.add(payd);
  payd.proc.once('exit', () => running.delete(payd));
  return payd;
}

// A merchant with an integration and the usual keys, made through the CLI.
export function createMerchant(payd, {
  name = 'Shop', origins = 'https://shop.example,*.example.org',
  payout = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', tokens = 'USDC,ETH',
} = {}) {
  const tenant = payd.admin(['tenant', 'create', '--name', name]);
  const integration = payd.admin([
    'integration', 'create', '--tenant', tenant.id, '--name', `${name} web`, '--chains', '31337',
    '--tokens', tokens, '--payout', payout, '--origins', origins,
  ]);
  const key = (scopes, extra = []) =>
    payd.admin(['key', 'create', '--tenant', tenant.id, '--name', `k-${scopes}`, '--scopes', scopes, ...extra]);
  return {
    tenant,
    integration,
    rw: key('payments:read,payments:write'),
    read: key('payments:read'),
    events: key('events:read'),
    key,
  };
}

export function linkBody(integrationId, extra = {}) {
  return { integrationId, type: 'LINK', name: 'T-shirt', amount: '25.00', currency: 'USD', ...extra };
}

// Creates a payment intent the way a widget on https://shop.example does.
export function createIntent(payd, integrationId, body, { origin = 'https://shop.example', headers = {} } = {}) {
  return payd.request('POST', `/public/integrations/${integrationId}/intent`, {
    body, headers: { Origin: origin, ...headers },
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms)); // sleep-ok: the helper itself; each use says why

// The checkout page's proof of the payer's wallet (DECISIONS §5 rule 2): asks
// payd for the message naming the intent and the wallet, has the wallet sign
// it (EIP-191 personal_sign; `account` is a viem account) and sends the
// signature. Returns payd's answer to the proof.
export async function proveSender(payd, integrationId, intentId, account, { origin = 'https://shop.example' } = {}) {
  const path = `/public/integrations/${integrationId}/intents/${intentId}`;
  const headers = { Origin: origin };
  const issued = await payd.request('GET', `${path}/sender-message?address=${account.address}`, { headers });
  if (issued.status !== 200) throw new Error(`sender-message: ${issued.status} ${issued.text}`);
  const signature = await account.signMessage({ message: issued.json.message });
  return payd.request('POST', `${path}/sender-proof`, { headers, body: { address: account.address, signature } });
}

// An error answer as DECISIONS §3 promises it: this status and code, and the field at fault
// when `param` is given.
export function assertApiError(r, status, code, param) {
  assert.equal(r.status, status, r.text);
  assert.equal(r.json?.error?.code, code, r.text);
  if (param !== undefined) assert.equal(r.json.error.param, param, r.text);
}
