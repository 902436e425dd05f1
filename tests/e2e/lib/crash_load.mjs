// The steady load of the crash-loop test: payers' intent creations through
// the public endpoint (half with an idempotency key, retried with it after a
// kill), on-chain payments to the intents acknowledged (exact, doubled, under,
// over) and transfers that match nothing, and blocks mined. Every choice
// comes from PRNGs seeded from one seed. It records what a merchant relies
// on afterwards: which creations were acknowledged, which transfers were made.
import { isDeepStrictEqual } from 'node:util';

import { PAYER, PAYER2, PAYOUT } from './chain.mjs';
import { seededRandom } from './crash_loop.mjs';
import { sleep } from './payd.mjs';

const ORIGIN = 'https://shop.example';
const USDC_UNIT = 1_000_000n;
const FINNEY = 10n ** 15n;  // 0.001 ETH
// Intents ask for whole dollars and quarters (USDC) or whole finneys (ETH);
// their exact amounts add fewer than 1,000 smallest units. A transfer this far
// off never equals an intent's exact amount: under, over and unmatched
// transfers match nothing (no sender hints are used).
const OFF = { USDC: 120_000n, ETH: 400n * 10n ** 12n };
const BACKLOG = 20;  // transfers waiting for the payers before creators pause

export class CrashLoad {
  // `handle` is a RestartablePayd; `pace` holds [min, max] pauses in ms.
  constructor({ handle, chain, integrationId, seed, pace }) {
    Object.assign(this, { handle, chain, seed, pace });
    this.path = `/public/integrations/${integrationId}/intent`;
    this.acks = [];            // {request, json, id, generation}: creations answered 201
    this.unknown = new Set();  // requests without a key whose answer a kill took
    this.problems = [];        // what must never happen, seen while the load runs
    this.sent = [];            // every transfer made, with its transaction
    this.queue = [];           // transfers for the payers to make
    this.stats = { keyedRetries: 0, ackedOnRetry: 0, replayedOnRetry: 0, replaysChecked: 0, unexplainedFailures: [] };
    this.seq = 0;
    this.stopping = false;
  }

  request(rng) {
    const seq = this.seq++;
    const body = rng.chance(0.6)
      ? { amount_usd: `${rng.int(1, 40)}.${rng.pick(['00', '25', '50', '75'])}`, currency: 'USDC', chainId: 31337 }
      : { amount: String(BigInt(rng.int(1, 40)) * FINNEY), currency: 'ETH', chainId: 31337 };
    body.metadata = { seq: String(seq) };  // tells which request made an intent
    const headers = { Origin: ORIGIN };
    let key = null;
    if (rng.chance(0.5)) {
      key = `crash-${this.seed}-${seq}`;
      if (rng.chance(0.5)) headers['Idempotency-Key'] = key;
      else body.idempotencyKey = key;
    }
    return { seq: String(seq), body, headers, key };
  }

  // One creation; with a key, retried after each kill until answered.
  async create(request) {
    let min = 0;
    for (let attempt = 1; attempt <= 100; attempt++) {
      const r = await this.handle.call('POST', this.path, { body: request.body, headers: request.headers, min });
      if (!r.ok) {
        if (!r.killed) this.stats.unexplainedFailures.push(`${r.error.message}: ${r.error.cause?.message ?? ''}`);
        if (!request.key) {
          this.unknown.add(request.seq);  // the intent may or may not exist
          return null;
        }
        this.stats.keyedRetries++;
        min = r.killed ? r.generation + 1 : r.generation;
        continue;
      }
      const replayed = r.headers.get('idempotent-replayed') === 'true';
      if (r.status !== 201 || (replayed && attempt === 1)) {
        this.problems.push(`request ${request.seq} (attempt ${attempt}) answered ${r.status}${replayed ? ', replayed' : ''}: ${r.text}`);
        return null;
      }
      if (attempt > 1) {
        this.stats.ackedOnRetry++;
        if (replayed) this.stats.replayedOnRetry++;
      }
      const ack = { request, json: r.json, id: r.json.id, generation: r.generation };
      this.acks.push(ack);
      return ack;
    }
    this.problems.push(`request ${request.seq} never answered`);
    return null;
  }

  // The same key and body again: the original answer, marked replayed.
  async replay(ack, min) {
    const r = await this.handle.call('POST', this.path, { body: ack.request.body, headers: ack.request.headers, min });
    if (!r.ok) {
      if (!r.killed) this.stats.unexplainedFailures.push(`replay: ${r.error.message}: ${r.error.cause?.message ?? ''}`);
      return;
    }
    this.stats.replaysChecked++;
    if (r.status !== 201 || r.headers.get('idempotent-replayed') !== 'true' || !isDeepStrictEqual(r.json, ack.json)) {
      this.problems.push(`key ${ack.request.key} replayed as ${r.status} (Idempotent-Replayed: ${r.headers.get('idempotent-replayed')}): ${r.text}\n  original: ${JSON.stringify(ack.json)}`);
    }
  }

  // Up to `n` keys acknowledged by an earlier payd, sent to the one serving now.
  async replaySome(rng, n) {
    const { generation } = await this.handle.server();
    const older = this.acks.filter((a) => a.request.key && a.generation < generation);
    for (let i = 0; i < n && older.length; i++) await this.replay(rng.pick(older), generation);
  }

  async replayAll() {
    const { generation } = await this.handle.server();
    for (const a of this.acks.filter((x) => x.request.key)) await this.replay(a, generation);
  }

  pay(ack, kind) {
    const exact = BigInt(ack.json.amount);
    const off = OFF[ack.json.currency];
    const amount = kind === 'exact' ? exact : kind === 'under' ? exact - off : exact + off;
    this.queue.push({ token: ack.json.currency, kind, intentId: ack.id, amount });
  }

  // What the payers do with an acknowledged intent.
  plan(rng) {
    const r = rng.next();
    if (r < 0.6) return ['exact'];
    if (r < 0.68) return ['exact', 'exact'];  // the payer paying twice: the second is unmatched
    if (r < 0.76) return ['under'];
    if (r < 0.82) return ['over'];
    if (r < 0.86) return ['under', 'exact'];
    return [];  // never paid
  }

  unmatched(rng) {
    const usdc = rng.chance(0.5);
    const amount = usdc
      ? BigInt(rng.int(1, 40)) * USDC_UNIT + 100_000n + BigInt(rng.int(0, 49_999))
      : BigInt(rng.int(1, 40)) * FINNEY + 300n * 10n ** 12n + BigInt(rng.int(0, 1e9));
    this.queue.push({ token: usdc ? 'USDC' : 'ETH', kind: 'unmatched', amount });
  }

  async creator(rng) {
    while (!this.stopping) {
      // As many intents as the payers keep up with: the load stays steady.
      if (this.queue.length > BACKLOG) {
        await sleep(20); // sleep-ok: polling interval of the wait for the payers to catch up
        continue;
      }
      const ack = await this.create(this.request(rng));
      if (ack) for (const kind of this.plan(rng)) this.pay(ack, kind);
      if (rng.chance(0.1)) this.unmatched(rng);
      await sleep(rng.int(...this.pace.createMs)); // sleep-ok: pacing of the load, drawn from the seed
    }
  }

  // One transaction at a time per payer, so that its nonces stay in order;
  // once stopping, the queue is emptied.
  async payer(account, rng) {
    for (;;) {
      const job = this.queue.shift();
      if (!job) {
        if (this.stopping) return;
        await sleep(10); // sleep-ok: polling interval of an idle payer's queue
        continue;
      }
      const receipt = job.token === 'USDC'
        ? await this.chain.payUsdc(PAYOUT, job.amount, { from: account })
        : await this.chain.payEth(PAYOUT, job.amount, { from: account });
      if (receipt.status !== 'success') this.problems.push(`transfer ${receipt.transactionHash} reverted`);
      this.sent.push({ ...job, txHash: receipt.transactionHash, logIndex: job.token === 'USDC' ? receipt.logs[0].logIndex : null });
      await sleep(rng.int(...this.pace.payMs)); // sleep-ok: pacing of the load, drawn from the seed
    }
  }

  async miner(rng) {
    while (!this.stopping) {
      await this.chain.mine(1);
      await sleep(rng.int(150, 600)); // sleep-ok: pacing: a block every 150-600 ms, drawn from the seed
    }
  }

  start() {
    const rng = (i) => seededRandom(this.seed + i);
    this.loops = [this.creator(rng(1)), this.creator(rng(2)), this.payer(PAYER, rng(3)),
      this.payer(PAYER2, rng(4)), this.miner(rng(5))];
  }

  // Stops creating and mining; resolves once every queued transfer is made.
  async stop() {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  // After a failure: ends every loop, whatever it was waiting for.
  async abandon() {
    this.stopping = true;
    this.queue.length = 0;
    this.handle.close();
    await Promise.allSettled(this.loops ?? []);
  }
}
