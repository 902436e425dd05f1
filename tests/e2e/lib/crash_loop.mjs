// Tools for tests that SIGKILL payd again and again while clients keep
// working: a seeded random source, a handle on a payd that is killed and
// restarted on the same data directory (clients follow it to its new port),
// and the chain's own record of what was paid, read with viem.
import { parseAbiItem } from 'viem';

import { USDC_ADDRESS } from './chain.mjs';
import { validateExchange } from './openapi.mjs';
import { jsonOrNull, launch } from './payd.mjs';

// A small seeded PRNG (mulberry32): the same seed gives the same choices.
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),  // lo..hi inclusive
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|UndefinedBehaviorSanitizer/;

// One payd process at a time on one data directory. `generation` counts the
// launches; a client that saw a request fail because payd was killed waits
// for a later generation before it tries again.
export class RestartablePayd {
  constructor(payd) {
    this.payd = payd;
    this.generation = 0;
    this.up = null;           // {url, generation} while a payd is serving
    this.waiters = [];
    this.kills = 0;
    this.crashes = [];        // exits we did not cause
    this.checkedLogs = 0;
  }

  async start() {
    await launch(this.payd, { timeout: 30000 });
    this.generation += 1;
    this.up = { url: this.payd.url, generation: this.generation };
    for (const wake of this.waiters.splice(0)) wake();
  }

  // SIGKILL, after checking that payd was still running on its own.
  async kill() {
    const crashed = this.noteCrash();
    this.up = null;
    const code = await this.payd.stop('SIGKILL');
    if (!crashed && code !== 'SIGKILL') this.crashes.push(`generation ${this.generation} ended with ${code}, not our SIGKILL`);
    this.kills += 1;
    this.noteSanitizerReports();
  }

  // Whether the running payd has ended by itself (noted in `crashes` once).
  noteCrash() {
    const { proc } = this.payd;
    if (proc.exitCode === null && proc.signalCode === null) return false;
    if (this.noted === this.generation) return true;
    this.noted = this.generation;
    this.crashes.push(`generation ${this.generation} exited by itself (${proc.exitCode ?? proc.signalCode}):\n${this.payd.tail()}`);
    return true;
  }

  noteSanitizerReports() {
    const fresh = this.payd.logs.slice(this.checkedLogs);
    this.checkedLogs = this.payd.logs.length;
    const reports = fresh.filter((l) => l.msg === 'unparsed' && SANITIZER_REPORT.test(l.raw));
    if (reports.length) this.crashes.push(`sanitizer report:\n${fresh.filter((l) => l.msg === 'unparsed').map((l) => l.raw).join('\n')}`);
  }

  // The serving payd of generation `min` or later, once there is one.
  async server(min = 0) {
    while (!this.up || this.up.generation < min) {
      if (this.closed) throw new Error('the test is over: no payd will serve again');
      await new Promise((wake) => this.waiters.push(wake));
    }
    return this.up;
  }

  // Releases every client still waiting for a payd (a test failed midway).
  close() {
    this.closed = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  // An HTTP call to whichever payd serves now. A transport failure is a
  // value, {ok: false, killed}, where `killed` says whether payd was killed
  // (or restarted) while the call was out; answers are {ok: true, status, ...}.
  async call(method, path, { key, body, headers = {}, min = 0, timeout = 60000 } = {}) {
    const server = await this.server(min);
    const h = { ...headers };
    if (key) h['X-API-Key'] = key;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let res;
    let text;
    try {
      res = await fetch(server.url + path, { method, headers: h, body: payload, signal: AbortSignal.timeout(timeout) });
      text = await res.text();
    } catch (error) {
      const killed = this.up?.generation !== server.generation;
      return { ok: false, killed, error, generation: server.generation };
    }
    // Outside the try: an answer docs/openapi.yaml does not describe fails the test.
    validateExchange({ method, path, headers: h, body: payload }, { status: res.status, headers: res.headers, text });
    return { ok: true, status: res.status, headers: res.headers, json: jsonOrNull(text), text, generation: server.generation };
  }
}

// Every page of a paged `/api/v1` list.
export async function listAll(payd, path, key) {
  const out = [];
  for (let offset = 0; ; offset += 100) {
    const r = await payd.request('GET', `${path}?limit=100&offset=${offset}`, { key });
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text}`);
    out.push(...r.json.data);
    if (!r.json.hasMore) return out;
  }
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

// What the chain says reached `recipient` from block `fromBlock` on: USDC
// Transfer logs and successful native transfers, in chain order.
export async function transfersOnChain(chain, recipient, fromBlock) {
  const client = chain.client;
  const head = await chain.blockNumber();
  const logs = await client.getLogs({ address: USDC_ADDRESS, event: TRANSFER, args: { to: recipient }, fromBlock, toBlock: head });
  const out = logs.map((l) => ({
    token: 'USDC', amount: l.args.value, txHash: l.transactionHash.toLowerCase(), logIndex: l.logIndex,
    blockNumber: l.blockNumber, index: l.logIndex, sender: l.args.from.toLowerCase(),
  }));
  const numbers = [];
  for (let n = fromBlock; n <= head; n++) numbers.push(n);
  for (let i = 0; i < numbers.length; i += 16) {
    const blocks = await Promise.all(numbers.slice(i, i + 16).map((blockNumber) =>
      client.getBlock({ blockNumber, includeTransactions: true })));
    for (const block of blocks) {
      for (const tx of block.transactions) {
        if (tx.to?.toLowerCase() !== recipient.toLowerCase() || tx.value === 0n) continue;
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        out.push({
          token: 'ETH', amount: tx.value, txHash: tx.hash.toLowerCase(), logIndex: null,
          blockNumber: block.number, index: tx.transactionIndex, sender: tx.from.toLowerCase(),
        });
      }
    }
  }
  return out.sort((a, b) => (a.blockNumber === b.blockNumber ? a.index - b.index : (a.blockNumber < b.blockNumber ? -1 : 1)));
}

// The identity of a payment: its transaction and, for a token, its log.
export const transferKey = (t) => `${t.txHash.toLowerCase()}:${t.logIndex ?? 'native'}`;
