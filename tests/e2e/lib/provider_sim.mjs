// A JSON-RPC server in front of one anvil that behaves like a hosted
// provider, which anvil never does: a load balancer over two backends of
// different heights, a head that goes back, blocks served before their
// receipts and logs are indexed, log range limits, rate limits (HTTP 429 and
// JSON-RPC -32005), dropped connections, slow replies, hangs, oversized
// replies and gzip bombs. Each behaviour is switched on and off at run time
// (`set(name, params)`, `clear(name)`) and counted in `stats`. Batches get the
// per-call behaviours (lag, unindexed blocks, range and rate limits) element
// by element; the per-request ones (429, drops, hangs, sizes) hit the whole
// HTTP request, as a load balancer would.
//
// It also lies, as a provider payd must not believe alone would (issue 41):
// the lies are in provider_lies.mjs.
//
// To add a behaviour: give it a default in BEHAVIOURS, a counter in
// newStats(), and apply it in `handle` (per request) or `answerCall` /
// `filterResult` (per call); then a case in tests/e2e/provider_sim.test.mjs.
import { createServer } from 'node:http';

import { gzipBomb, padding } from './big_replies.mjs';
import { LIE_STATS, LIES, tell } from './provider_lies.mjs';

// Defaults for `set(name)`; `set(name, params)` overrides them.
export const BEHAVIOURS = {
  lagBackend: { k: 2 },            // two backends, one k blocks behind; requests alternate between them
  headBack: { k: 2 },              // every answer k blocks behind: the head went back
  unindexed: { blocks: 1 },        // newest blocks: null receipts, logs left out of eth_getLogs
  logsLag: { blocks: 1 },          // eth_getLogs leaves out the newest blocks (receipts fine)
  rangeLimit: { max: 3 },          // eth_getLogs over more than `max` blocks: -32005
  rateLimit: { every: 3, kind: '429' }, // every n-th request: '429', '429-retry-after' or 'rpc' (-32005 per call)
  drop: { every: 3, when: 'before' },   // socket destroyed: 'before' forwarding, or 'during' the reply
  slow: { every: 1, ms: 200 },     // the reply waits ms
  hang: { every: 4, ms: Infinity },// no reply for ms (Infinity: until the client gives up)
  oversized: { every: 5, mb: 32 }, // the reply padded with whitespace to mb MiB (still valid JSON)
  gzipBomb: { every: 5, mb: 128 }, // the reply gzipped, inflating to mb MiB (to clients that accept gzip)
  missingMethods: { methods: [] }, // "Method not found" for these
  slowFullBlocks: { over: Infinity, ms: 2000 }, // a batch of more full blocks than `over` waits ms
  ...LIES,
};

const newStats = () => ({
  requests: 0, calls: 0, polls: 0, refused: 0,
  lagged: 0, headBack: 0, unindexedHidden: 0, logsHidden: 0, rangeErrors: 0,
  rate429: 0, rate429RetryAfter: 0, rateRpc: 0, dropped: 0, slow: 0, hangs: 0,
  oversized: 0, gzipBombs: 0, missingMethod: 0, largestFullBlockBatch: 0,
  ...LIE_STATS(),
});

export async function startProviderSim(upstream, options = {}) {
  const sim = new ProviderSim(upstream);
  sim.configure(options);
  await sim.listen();
  return sim;
}

const hex = (n) => `0x${BigInt(n).toString(16)}`;
const num = (h) => (typeof h === 'string' && h.startsWith('0x') ? Number(BigInt(h)) : null);
const rpcError = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms)); // sleep-ok: the helper itself; each use says why

export class ProviderSim {
  constructor(upstream) {
    this.upstream = upstream;
    this.active = new Map();   // name -> params
    this.trace = null;         // set to [] to record every call and answer (for debugging)
    this.counters = new Map(); // name -> requests seen since set
    this.down = false;
    this.toggle = false;       // which backend lagBackend's next request goes to
    this.stats = newStats();
    this.pollWaiters = [];
    this.sockets = new Set();
    this.errors = [];          // the simulator's own failures: a bug here, not a fault injected
    this.server = createServer((req, res) => this.handle(req, res).catch((e) => {
      if (!req.socket.destroyed) this.errors.push(e.stack);
      req.socket.destroy();
    }));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      if (this.down) {
        this.stats.refused++;
        socket.destroy();
      }
    });
  }

  listen() {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => {
      this.url = `http://127.0.0.1:${this.server.address().port}`;
      resolve();
    }));
  }

  set(name, params = {}) {
    if (!(name in BEHAVIOURS)) throw new Error(`no such provider behaviour: ${name}`);
    this.active.set(name, { ...BEHAVIOURS[name], ...params });
    this.counters.set(name, 0);
  }

  clear(name) {
    this.active.delete(name);
  }

  clearAll() {
    this.active.clear();
    this.setDown(false);
  }

  // Unreachable: every connection dies, kept-alive ones included.
  setDown(down) {
    this.down = down;
    if (down) for (const socket of this.sockets) socket.destroy();
  }

  // The options of the older rpc_proxy.mjs, so tests can switch to this one.
  configure({ maxLogRange, hangEvery, hangMs, slowFullBlocksOver, missingMethods } = {}) {
    if (maxLogRange !== undefined) {
      if (maxLogRange === Infinity) this.clear('rangeLimit');
      else this.set('rangeLimit', { max: maxLogRange });
    }
    if (hangEvery !== undefined) {
      if (!hangEvery) this.clear('hang');
      else this.set('hang', { every: hangEvery, ms: hangMs ?? 2000 });
    }
    if (slowFullBlocksOver !== undefined) this.set('slowFullBlocks', { over: slowFullBlocksOver, ms: hangMs ?? 2000 });
    if (missingMethods !== undefined) this.set('missingMethods', { methods: missingMethods });
  }

  // Resolves true once payd has asked for the head `n` more times (each
  // watcher pass starts with eth_blockNumber), false after `timeout` ms.
  waitForPolls(n = 2, timeout = 10000) {
    return new Promise((resolve) => {
      const waiter = { target: this.stats.polls + n, resolve };
      const timer = setTimeout(() => { // sleep-ok: waitForPolls' deadline, not a wait
        this.pollWaiters = this.pollWaiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeout);
      waiter.resolve = (v) => {
        clearTimeout(timer);
        resolve(v);
      };
      this.pollWaiters.push(waiter);
    });
  }

  // Whether behaviour `name` hits this request (every n-th since it was set).
  hits(name) {
    const b = this.active.get(name);
    if (!b) return null;
    const seen = this.counters.get(name) + 1;
    this.counters.set(name, seen);
    return seen % Math.max(1, b.every ?? 1) === 0 ? b : null;
  }

  async handle(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString();
    this.stats.requests++;
    if (this.down) return req.socket.destroy();
    const drop = this.hits('drop');
    if (drop?.when === 'before') {
      this.stats.dropped++;
      return req.socket.destroy();
    }
    const hang = this.hits('hang');
    if (hang) {
      this.stats.hangs++;
      const closed = new Promise((r) => res.once('close', r));
      await Promise.race([closed, ...(Number.isFinite(hang.ms) ? [sleep(hang.ms)] : [])]); // sleep-ok: a provider scripted to hang
      if (res.destroyed || res.writableEnded) return undefined;
    }
    const rate = this.hits('rateLimit');
    if (rate && rate.kind !== 'rpc') {
      const headers = { 'Content-Type': 'application/json' };
      if (rate.kind === '429-retry-after') {
        headers['Retry-After'] = '1';
        this.stats.rate429RetryAfter++;
      } else {
        this.stats.rate429++;
      }
      res.writeHead(429, headers);
      return res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'Too Many Requests' } }));
    }
    const slow = this.hits('slow');
    if (slow) {
      this.stats.slow++;
      await sleep(slow.ms); // sleep-ok: a provider scripted to answer late
    }
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      return this.send(req, res, await this.forward(body), drop);
    }
    const batch = Array.isArray(parsed);
    const calls = batch ? parsed : [parsed];
    const fullBlocks = calls.filter((c) => c?.method === 'eth_getBlockByNumber' && c.params?.[1] === true).length;
    const slowFull = this.active.get('slowFullBlocks');
    if (slowFull && fullBlocks > slowFull.over) {
      this.stats.hangs++;
      await sleep(slowFull.ms); // sleep-ok: a provider scripted to answer large batches late
    } else {
      this.stats.largestFullBlockBatch = Math.max(this.stats.largestFullBlockBatch, fullBlocks);
    }
    const answers = await this.answer(calls, rate?.kind === 'rpc');
    if (this.trace) this.trace.push({ at: Date.now(), calls, answers, faults: [...this.active.keys()] });
    if (res.destroyed) return undefined;
    return this.send(req, res, JSON.stringify(batch ? answers : answers[0]), drop);
  }

  // The view this request gets: how far behind the head, and which newest
  // blocks have no receipts or logs yet.
  async view() {
    const lagBackend = this.active.get('lagBackend');
    const headBack = this.active.get('headBack');
    let lag = 0;
    if (headBack) {
      lag = headBack.k;
      this.stats.headBack++;
    } else if (lagBackend) {
      this.toggle = !this.toggle;
      if (this.toggle) {
        lag = lagBackend.k;
        this.stats.lagged++;
      }
    }
    const unindexed = this.active.get('unindexed')?.blocks ?? 0;
    const logsLag = Math.max(unindexed, this.active.get('logsLag')?.blocks ?? 0);
    if (!lag && !unindexed && !logsLag) return { head: Infinity, receiptsFrom: Infinity, logsFrom: Infinity };
    const latest = num(JSON.parse(await this.forward(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }))).result);
    const head = Math.max(0, latest - lag);
    return {
      head,
      receiptsFrom: unindexed ? latest - unindexed + 1 : Infinity,
      logsFrom: logsLag ? latest - logsLag + 1 : Infinity,
    };
  }

  async answer(calls, rateRpc) {
    const view = await this.view();
    const out = new Array(calls.length);
    const upstream = [];
    const rate = rateRpc ? this.active.get('rateLimit') : null;
    calls.forEach((call, i) => {
      this.stats.calls++;
      if (call?.method === 'eth_blockNumber') this.notePoll();
      // Per call, so a batch gets some elements refused and others answered.
      if (rate && (calls.length === 1 || i % Math.max(1, rate.every) === 0)) {
        this.stats.rateRpc++;
        out[i] = rpcError(call?.id ?? null, -32005, 'rate limit exceeded');
        return;
      }
      const local = this.answerCall(call, view);
      if (local) out[i] = local;
      else upstream.push([i, this.rewrite(call, view)]);
    });
    if (upstream.length) {
      const replies = JSON.parse(await this.forward(JSON.stringify(upstream.map(([, c]) => c))));
      const byId = new Map((Array.isArray(replies) ? replies : [replies]).map((r) => [JSON.stringify(r.id), r]));
      for (const [i, call] of upstream) {
        const reply = byId.get(JSON.stringify(call.id)) ?? rpcError(call.id, -32603, 'no answer');
        out[i] = await this.lie(call, this.filterResult(call, reply, view));
      }
    }
    return out;
  }

  // The answer after the lies switched on (provider_lies.mjs).
  async lie(call, reply) {
    let answer = reply;
    for (const [name, params] of this.active) {
      if (name in LIES && name !== 'fork') {
        answer = await tell({ name, ...params }, call, answer, this.stats,
          async (c) => JSON.parse(await this.forward(JSON.stringify(c))));
      }
    }
    return answer;
  }

  notePoll() {
    this.stats.polls++;
    const done = this.pollWaiters.filter((w) => this.stats.polls >= w.target);
    this.pollWaiters = this.pollWaiters.filter((w) => this.stats.polls < w.target);
    for (const w of done) w.resolve(true);
  }

  // A call answered here rather than by anvil, or null.
  answerCall(call, view) {
    const { id, method, params = [] } = call ?? {};
    const missing = this.active.get('missingMethods');
    if (missing?.methods.includes(method)) {
      this.stats.missingMethod++;
      return rpcError(id, -32601, 'Method not found');
    }
    const range = this.active.get('rangeLimit');
    if (range && method === 'eth_getLogs') {
      const from = num(params[0]?.fromBlock);
      const to = num(params[0]?.toBlock);
      if (from !== null && to !== null && to - from + 1 > range.max) {
        this.stats.rangeErrors++;
        return rpcError(id, -32005, 'query returned more than 10000 results');
      }
    }
    if (!Number.isFinite(view.head)) return null;
    const above = (n) => n !== null && n > view.head;
    switch (method) {
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id, result: hex(view.head) };
      case 'eth_getBlockByNumber':
        return above(num(params[0])) ? { jsonrpc: '2.0', id, result: null } : null;
      case 'eth_getLogs':
        return above(num(params[0]?.fromBlock)) ? { jsonrpc: '2.0', id, result: [] } : null;
      case 'debug_traceBlockByNumber':
      case 'trace_block':
        return above(num(params[0])) ? rpcError(id, -32000, `block #${num(params[0])} not found`) : null;
      default:
        return null;
    }
  }

  // Tags that mean "the head" become the lagging head.
  rewrite(call, view) {
    if (!Number.isFinite(view.head)) return call;
    const tag = (t) => (t === 'latest' || t === 'pending' ? hex(view.head) : t);
    if (call.method === 'eth_getBlockByNumber') return { ...call, params: [tag(call.params[0]), ...call.params.slice(1)] };
    if (call.method === 'eth_getLogs' && call.params?.[0]) {
      const f = call.params[0];
      return { ...call, params: [{ ...f, fromBlock: tag(f.fromBlock), toBlock: tag(f.toBlock ?? 'latest') }] };
    }
    return call;
  }

  // Hides what the lagging backend or the indexer does not have yet.
  filterResult(call, reply, view) {
    const result = reply?.result;
    if (!result) return reply;
    const blockOf = (o) => num(o?.blockNumber);
    switch (call.method) {
      case 'eth_getLogs': {
        if (!Array.isArray(result)) return reply;
        const kept = result.filter((log) => {
          const n = blockOf(log);
          if (n > view.head) return false;
          if (n >= view.logsFrom) {
            if (n >= view.receiptsFrom) this.stats.unindexedHidden++;
            else this.stats.logsHidden++;
            return false;
          }
          return true;
        });
        return { ...reply, result: kept };
      }
      case 'eth_getTransactionReceipt':
        if (blockOf(result) > view.head) return { ...reply, result: null };
        if (blockOf(result) >= view.receiptsFrom) {
          this.stats.unindexedHidden++;
          return { ...reply, result: null };
        }
        return reply;
      case 'eth_getTransactionByHash':
      case 'eth_getBlockByHash':
        return (blockOf(result) ?? num(result.number)) > view.head ? { ...reply, result: null } : reply;
      default:
        return reply;
    }
  }

  forward(body) {
    const fork = this.active.get('fork');
    if (fork) this.stats.forked++;
    return fetch(fork?.upstream ?? this.upstream, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      .then((r) => r.text());
  }

  send(req, res, text, drop) {
    const headers = { 'Content-Type': 'application/json' };
    let payload = Buffer.from(text);
    const big = this.hits('oversized');
    const bomb = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? this.hits('gzipBomb') : null;
    if (bomb) {
      this.stats.gzipBombs++;
      headers['Content-Encoding'] = 'gzip';
      payload = gzipBomb(payload, bomb.mb);
    } else if (big) {
      this.stats.oversized++;
      payload = Buffer.concat([padding(big.mb), payload]);
    }
    if (drop?.when === 'during') {
      this.stats.dropped++;
      res.writeHead(200, { ...headers, 'Content-Length': payload.length });
      res.write(payload.subarray(0, payload.length >> 1));
      return req.socket.destroy();
    }
    res.writeHead(200, headers);
    return res.end(payload);
  }

  close() {
    for (const socket of this.sockets) socket.destroy();
    for (const w of this.pollWaiters) w.resolve(false);
    return new Promise((r) => this.server.close(r));
  }
}
