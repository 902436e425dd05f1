// A JSON-RPC proxy between payd and anvil that injects the faults real
// providers have and anvil has not: being unreachable, refusing wide
// eth_getLogs ranges (-32005, like most hosted nodes), and hanging. Tests
// script anything else with two hooks, applied to each call of a batch:
//   intercept(call) -> an answer object to send instead of asking anvil, or
//                      { raw, headers } (a single call only) to send as is;
//   rewrite(call, answer) -> the answer to send, after anvil answered.
import { createServer } from 'node:http';

export async function startRpcProxy(upstream, options = {}) {
  const proxy = new RpcProxy(upstream, options);
  await proxy.listen();
  return proxy;
}

class RpcProxy {
  // slowFullBlocksOver: a batch asking for more full blocks (with their
  // transactions) than this hangs, like a provider that cannot send that much
  // in time.
  // missingMethods: answered "Method not found", like a node without them.
  // maxBatch: a batch of more calls is refused whole with one error object
  // (0: no batches at all), as providers with batch limits answer.
  constructor(upstream, {
    maxLogRange = Infinity, hangEvery = 0, hangMs = 2000, slowFullBlocksOver = Infinity, missingMethods = [],
    maxBatch = Infinity, intercept = null, rewrite = null,
  } = {}) {
    this.upstream = upstream;
    this.options = { maxLogRange, hangEvery, hangMs, slowFullBlocksOver, missingMethods, maxBatch, intercept, rewrite };
    this.down = false;
    this.stats = { requests: 0, rangeErrors: 0, hangs: 0, refused: 0, largestFullBlockBatch: 0, batchesRefused: 0, largestBatch: 0 };
    this.sockets = new Set();
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // Unreachable means every connection dies, kept-alive ones included.
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

  setDown(down) {
    this.down = down;
    if (down) for (const socket of this.sockets) socket.destroy();
  }

  configure(options) {
    Object.assign(this.options, options);
  }

  async handle(req, res) {
    let body = '';
    for await (const chunk of req) body += chunk;
    this.stats.requests++;
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const { hangEvery, hangMs, maxLogRange } = this.options;
    if (hangEvery && this.stats.requests % hangEvery === 0) {
      this.stats.hangs++;
      await new Promise((r) => setTimeout(r, hangMs)); // sleep-ok: a provider scripted to hang
    }
    const call = JSON.parse(body);
    if (Array.isArray(call) && call.length > this.options.maxBatch) {
      this.stats.batchesRefused++;
      const message = this.options.maxBatch === 0 ? 'batch requests are not supported' : `batch size too large (max ${this.options.maxBatch})`;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }));
      return;
    }
    if (Array.isArray(call)) this.stats.largestBatch = Math.max(this.stats.largestBatch, call.length);
    if (Array.isArray(call)) {
      const fullBlocks = call.filter((c) => c.method === 'eth_getBlockByNumber' && c.params[1] === true).length;
      if (fullBlocks > this.options.slowFullBlocksOver) {
        this.stats.hangs++;
        await new Promise((r) => setTimeout(r, hangMs)); // sleep-ok: a provider scripted to hang
      } else {
        this.stats.largestFullBlockBatch = Math.max(this.stats.largestFullBlockBatch, fullBlocks);
      }
    }
    if (!Array.isArray(call) && this.options.missingMethods.includes(call.method)) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }));
      return;
    }
    if (!Array.isArray(call) && call.method === 'eth_getLogs') {
      const { fromBlock, toBlock } = call.params[0];
      if (Number(BigInt(toBlock) - BigInt(fromBlock)) + 1 > maxLogRange) {
        this.stats.rangeErrors++;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'query returned more than 10000 results' } }));
        return;
      }
    }
    try {
      if (this.options.intercept || this.options.rewrite) {
        const answers = await Promise.all((Array.isArray(call) ? call : [call]).map((c) => this.scripted(c)));
        if (res.destroyed) return;
        if (!Array.isArray(call) && answers[0]?.raw !== undefined) {
          res.writeHead(200, { 'Content-Type': 'application/json', ...answers[0].headers });
          res.end(answers[0].raw);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(Array.isArray(call) ? answers : answers[0]));
        return;
      }
      const answer = await fetch(this.upstream, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      const text = await answer.text();
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(text);
    } catch {
      req.socket.destroy();
    }
  }

  async scripted(call) {
    const { intercept, rewrite } = this.options;
    const scripted = intercept ? await intercept(call) : undefined;
    if (scripted !== undefined) return scripted;
    const answer = await (await fetch(this.upstream, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(call),
    })).json();
    return rewrite ? rewrite(call, answer) : answer;
  }

  close() {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((r) => this.server.close(r));
  }
}
