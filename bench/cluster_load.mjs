// The load of bench/cluster.mjs, all of it through nginx: a shop's server
// creating intents with its API key (each with an Idempotency-Key, and
// retried with it when the answer is lost), payers' widgets creating key-less
// intents (half with a key), authenticated reads, public reads and hosted
// pages, payers choosing how to pay on the hosted page, and payments on anvil
// (USDC and ETH) of the exact amounts. Every request is timed at the client;
// what a merchant relies on afterwards is recorded: the intents acknowledged
// (201), the transfers made, the creations whose outcome a failure hid.
import { PAYER, PAYER2, PAYOUT } from '../tests/e2e/lib/chain.mjs';
import { seededRandom } from '../tests/e2e/lib/crash_loop.mjs';

const ORIGIN = 'https://shop.example';
const FINNEY = 10n ** 15n;
const PAY_BACKLOG = 8;  // intents waiting for a payer; more are left unpaid
const RETRIES = 30;     // a keyed creation is sent again until answered
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

export class ClusterLoad {
  // `base`: nginx's URL; `shop`: createMerchant()'s result; `workers`: how
  // many loops of each kind.
  constructor({ base, chain, shop, workers }) {
    Object.assign(this, { base, chain, shop, workers });
    this.intentPath = `/public/integrations/${shop.integration.id}/intent`;
    this.samples = [];    // {op, t0, ms, status, error}: every request
    this.acks = [];       // {id, via}: creations answered 201
    this.unknown = 0;     // key-less creations whose answer a failure took
    this.recovered = { retried: 0, acked: 0, replayed: 0 };  // keyed creations sent again
    this.problems = [];   // what must never happen
    this.queue = [];      // intents for the payers: {intentId, token, amount}
    this.sent = [];       // transfers made: {intentId, token, amount, txHash}
    this.seq = 0;
    this.stopping = false;
  }

  async call(op, method, path, { headers = {}, body } = {}) {
    const t0 = performance.now();
    let status = 0;
    let error = null;
    let res;
    let text = '';
    try {
      res = await fetch(this.base + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(40000) });
      text = await res.text();
      status = res.status;
    } catch (e) {
      error = e.cause?.code ?? e.name;
    }
    this.samples.push({ op, t0, ms: performance.now() - t0, status, error });
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch { /* an HTML page or nginx's error page */ }
    return { status, error, headers: res?.headers, json, text };
  }

  // A creation with an idempotency key: sent again with the same key and body
  // while the answer is lost (nginx's 502/504, a reset) or payd is briefly
  // unavailable (503), as DECISIONS §8 lets a client do.
  async createKeyed(op, path, headers, body) {
    for (let attempt = 1; attempt <= RETRIES; attempt++) {
      const r = await this.call(op, 'POST', path, { headers, body });
      const replayed = r.headers?.get('idempotent-replayed') === 'true';
      if (r.status === 201) {
        if (replayed && attempt === 1) this.problems.push(`${op}: first attempt answered as a replay: ${r.text}`);
        if (attempt > 1) {
          this.recovered.acked++;
          if (replayed) this.recovered.replayed++;
        }
        return r.json;
      }
      if (r.status && ![502, 503, 504].includes(r.status)) {
        this.problems.push(`${op} answered ${r.status}: ${r.text.slice(0, 300)}`);
        return null;
      }
      this.recovered.retried++;
      await pause(100 * attempt); // pacing: a client's backoff before sending the same key again
    }
    this.problems.push(`${op}: no answer after ${RETRIES} attempts`);
    return null;
  }

  async publicCreator(rng) {
    while (!this.stopping) {
      const seq = this.seq++;
      const usdc = rng() < 0.6;
      const body = usdc
        ? { amount_usd: `${1 + Math.floor(rng() * 40)}.${['00', '25', '50', '75'][Math.floor(rng() * 4)]}`, currency: 'USDC', chainId: 31337 }
        : { amount: String(BigInt(1 + Math.floor(rng() * 40)) * FINNEY), currency: 'ETH', chainId: 31337 };
      body.metadata = { seq: String(seq) };
      const headers = { Origin: ORIGIN, 'Content-Type': 'application/json' };
      let pi;
      if (rng() < 0.5) {
        headers['Idempotency-Key'] = `cluster-public-${seq}`;
        pi = await this.createKeyed('public_create', this.intentPath, headers, JSON.stringify(body));
      } else {
        const r = await this.call('public_create', 'POST', this.intentPath, { headers, body: JSON.stringify(body) });
        if (r.status === 201) pi = r.json;
        else if (r.status === 0 || r.status >= 502) this.unknown++;  // it may exist or not: no key to ask again with
        else this.problems.push(`public_create answered ${r.status}: ${r.text.slice(0, 300)}`);
      }
      if (!pi) continue;
      this.acks.push({ id: pi.id, via: 'public' });
      if (this.queue.length < PAY_BACKLOG) this.queue.push({ intentId: pi.id, token: pi.currency, amount: BigInt(pi.amount) });
    }
  }

  // The shop's server, then (for the intents that get paid) the payer on the
  // hosted page: the page, the choice of token, and the exact amount read back.
  async apiCreator(rng) {
    while (!this.stopping) {
      const seq = this.seq++;
      const headers = { 'X-API-Key': this.shop.rw.key, 'Content-Type': 'application/json', 'Idempotency-Key': `cluster-api-${seq}` };
      const body = JSON.stringify({ amount: `${1 + Math.floor(rng() * 60)}.${String(Math.floor(rng() * 100)).padStart(2, '0')}`, currency: 'USD', metadata: { seq: String(seq) } });
      const pi = await this.createKeyed('api_create', '/v1/payment_intents', headers, body);
      if (!pi) continue;
      this.acks.push({ id: pi.id, via: 'api' });
      if (this.queue.length >= PAY_BACKLOG) continue;
      const page = new URL(pi.checkoutUrl).pathname;
      await this.expect('page', 'GET', page, { headers: { Accept: 'text/html' } }, 200);
      const option = rng() < 0.5 ? '31337:USDC' : '31337:ETH';
      // Until money is seen a payer may choose again (the last choice counts, and the
      // exact amount is read after it): a choice whose answer was lost is simply sent again.
      const form = { headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' }, body: `option=${encodeURIComponent(option)}` };
      if (!await this.retried('choose', 'POST', page, form, 303)) continue;
      const read = await this.retried('api_read', 'GET', `/api/v1/payment-intents/${pi.id}`, { headers: { 'X-API-Key': this.shop.read.key } }, 200);
      if (read) this.queue.push({ intentId: pi.id, token: read.json.currency, amount: BigInt(read.json.amount) });
    }
  }

  async expect(op, method, path, options, status) {
    const r = await this.call(op, method, path, options);
    if (r.status === status) return r;
    if (r.status && r.status < 500) this.problems.push(`${op} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
    return null;
  }

  async retried(op, method, path, options, status) {
    for (let attempt = 1; attempt <= RETRIES; attempt++) {
      const r = await this.call(op, method, path, options);
      if (r.status === status) return r;
      if (r.status && r.status < 500) {
        this.problems.push(`${op} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
        return null;
      }
      await pause(100 * attempt); // pacing: a client's backoff before trying again
    }
    this.problems.push(`${op} ${path}: no answer after ${RETRIES} attempts`);
    return null;
  }

  // Reads of intents already acknowledged: by the shop (API key, both API
  // versions), by the payer's widget (public) and the hosted page.
  async reader(rng) {
    const pid = this.shop.integration.id;
    while (!this.stopping) {
      if (!this.acks.length) {
        await pause(20); // polling interval of the wait for a first intent to read
        continue;
      }
      const { id } = this.acks[Math.floor(rng() * this.acks.length)];
      const r = rng();
      if (r < 0.35) await this.expect('api_read', 'GET', `/api/v1/payment-intents/${id}`, { headers: { 'X-API-Key': this.shop.read.key } }, 200);
      else if (r < 0.5) await this.expect('api_read', 'GET', `/v1/payment_intents/${id}`, { headers: { 'X-API-Key': this.shop.read.key } }, 200);
      else if (r < 0.8) await this.expect('public_read', 'GET', `/public/integrations/${pid}/intents/${id}`, { headers: { Origin: ORIGIN } }, 200);
      else await this.expect('page', 'GET', `/pay/${id}`, { headers: { Accept: 'text/html' } }, 200);
    }
  }

  // One transaction at a time per payer, so that its nonces stay in order;
  // once stopping, the queue is emptied.
  async payer(account) {
    for (;;) {
      const job = this.queue.shift();
      if (!job) {
        if (this.stopping) return;
        await pause(10); // polling interval of an idle payer's queue
        continue;
      }
      const t0 = performance.now();
      const receipt = job.token === 'USDC'
        ? await this.chain.payUsdc(PAYOUT, job.amount, { from: account })
        : await this.chain.payEth(PAYOUT, job.amount, { from: account });
      this.samples.push({ op: `chain: ${job.token === 'USDC' ? 'erc20' : 'native'} paid`, t0, ms: performance.now() - t0, status: 200, error: null, chain: true });
      if (receipt.status !== 'success') this.problems.push(`transfer ${receipt.transactionHash} reverted`);
      this.sent.push({ ...job, txHash: receipt.transactionHash });
    }
  }

  // A block a second besides the payments' own (anvil mines one per
  // transaction): the last payments get their confirmations.
  async miner() {
    while (!this.minerStopping) {
      await this.chain.mine(1);
      await pause(1000); // pacing: a block a second
    }
  }

  start(seed = 1) {
    const rng = (i) => seededRandom(seed * 1000 + i).next;
    const { publicCreators, apiCreators, readers } = this.workers;
    this.loops = [
      ...Array.from({ length: publicCreators }, (_, i) => this.publicCreator(rng(i))),
      ...Array.from({ length: apiCreators }, (_, i) => this.apiCreator(rng(100 + i))),
      ...Array.from({ length: readers }, (_, i) => this.reader(rng(200 + i))),
      this.payer(PAYER), this.payer(PAYER2),
    ];
    this.minerLoop = this.miner();
  }

  // Stops the requests; resolves once every queued transfer is made. The
  // miner goes on until stopMining().
  async stop() {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  async stopMining() {
    this.minerStopping = true;
    await this.minerLoop;
  }
}
