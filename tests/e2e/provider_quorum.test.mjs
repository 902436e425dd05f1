// Several independent providers and a quorum (issue 41; docs/operator-guide.md
// "Several providers"): payd reads a chain from one provider and believes it
// only where a quorum of the others backs it, block hashes by vote and
// transfers by proof from their blocks' receipts. Three provider simulators
// stand in front of one real anvil (lib/provider_sim.mjs, lib/provider_lies.mjs);
// the first, which payd reads from at the start, lies. A lie never pays an
// intent, the real payment is recorded once and in full, and the liar is
// named in /metrics. With two liars of three, nothing is confirmed until a
// quorum agrees again; payments the reader proves meanwhile show as pending.
//
// To add a lie: a row in ONE_LIAR (its name in provider_lies.mjs, what it is
// told, what the metrics call it, and a decoy the lie would turn into a payment).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { startProviderSim } from './lib/provider_sim.mjs';

const ELSEWHERE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'; // not a payout address
const FABRICATED_TX = `0x${'fa'.repeat(32)}`; // provider_lies.mjs's fabricateLog

function config(sims) {
  return `[metrics]\nlisten = "127.0.0.1:0"\n${chainConfig({}, { providers: sims.map((s) => s.url), extra: 'rpc_timeout_ms = 2000' })}`;
}

// Sample value of a counter by its labels (0 when absent).
function counter(text, name, labels) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return text.split('\n').filter((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

// Each lie, told by the first provider; `decoy` does what the lie would pass off as the payment.
const ONE_LIAR = [
  { lie: 'fork', kind: 'outvoted', params: (w) => ({ upstream: w.fork.url }),
    decoy: (w, amount) => w.fork.payUsdc(PAYOUT, amount, { from: PAYER2 }) },
  { lie: 'forgeHash', kind: 'outvoted' },
  { lie: 'fabricateLog', kind: 'proven_wrong',
    params: (w, amount) => ({ token: USDC_ADDRESS, from: PAYER2.address, to: PAYOUT, amount }) },
  { lie: 'alterRecipient', kind: 'proven_wrong', params: () => ({ to: PAYOUT }),
    decoy: (w, amount) => w.chain.payUsdc(ELSEWHERE, amount, { from: PAYER2 }) },
  { lie: 'alterAmount', kind: 'proven_wrong', params: (w, amount) => ({ amount }),
    decoy: (w, amount) => w.chain.payUsdc(PAYOUT, amount - 1n, { from: PAYER2 }) },
  { lie: 'hideLogs', kind: 'left_out' },
  { lie: 'badReceipts', kind: 'proven_wrong' },
  { lie: 'alterValue', kind: 'outvoted', currency: 'ETH', params: (w, amount) => ({ value: amount }),
    decoy: (w, amount) => w.chain.payEth(PAYOUT, amount - 1n, { from: PAYER2 }) },
];

describe('several providers, one of them lying', () => {
  const w = {};
  before(async () => {
    w.chain = await startChain();
    w.fork = await startChain();  // the same chain id and contracts: another branch of "the" chain
    w.sims = [];
    for (let i = 0; i < 3; i++) w.sims.push(await startProviderSim(w.chain.url));
  });
  after(() => stopAll(() => Promise.all(w.sims.map((s) => s.close())), () => w.chain?.stop(), () => w.fork?.stop()));

  // A payd reading the three simulators, with a merchant and a way to read what it recorded.
  async function launchPayd(t) {
    const payd = await startPayd({ config: config(w.sims) });
    t.after(() => payd.close());
    const shop = createMerchant(payd);
    const port = payd.logs.find((l) => l.msg === 'listening').metricsPort;
    return {
      payd, shop,
      metrics: async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
      intent: async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json,
      payments: async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data,
      processed: async () => counter(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'payd_chain_processed_block', { chain_id: 31337 }),
    };
  }

  // Each case pays its own amount: a payd started later scans back over the earlier cases' payments.
  for (const [i, c] of ONE_LIAR.entries()) {
    test(`${c.lie}: the lie pays nothing, the real payment is PAID once and in full, the liar is counted ${c.kind}`, async (t) => {
      t.after(() => w.sims[0].clearAll());
      const p = await launchPayd(t);
      const pi = (await createIntent(p.payd, p.shop.integration.id, { amount_usd: `7.${10 + i}`, currency: c.currency ?? 'USDC', chainId: 31337 })).json;
      const amount = BigInt(pi.amount);
      w.sims[0].set(c.lie, c.params?.(w, amount) ?? {});
      if (c.decoy) {
        await c.decoy(w, amount);
        if (c.lie === 'fork') await w.fork.mine(3);
      }
      await w.chain.mine(3);
      // payd has read past the decoy (and the lie) and recorded nothing from it.
      const head = Number(await w.chain.blockNumber());
      await eventually(async () => (await p.processed()) >= head, { timeout: 30000, what: 'payd past the lie' });
      // (Payments of the cases before are there too: a new payd scans back over them.)
      const believed = (list) => list.filter((x) => x.intentId === pi.id || x.amount === pi.amount || x.txHash === FABRICATED_TX);
      assert.notEqual((await p.intent(pi.id)).status, 'PAID', 'the lie paid the intent');
      assert.deepEqual(believed(await p.payments()), [], 'the lie made a payment');

      const real = c.currency === 'ETH' ? await w.chain.payEth(PAYOUT, amount) : await w.chain.payUsdc(PAYOUT, amount);
      await w.chain.mine(2);
      await eventually(async () => (await p.intent(pi.id)).status === 'PAID', { timeout: 30000, what: `${pi.id} PAID` });
      const list = believed(await p.payments());
      assert.equal(list.length, 1, JSON.stringify(list));
      assert.equal(list[0].txHash, real.transactionHash);
      assert.equal(list[0].amount, pi.amount);
      // The liar is named once payd reads from it a block its lie touches. Lies only the provider
      // read from tells (receipts, left-out logs) go unseen in a pass read from another (the liar
      // a few blocks behind for a moment): another transfer gives payd a block to catch it in.
      const named = async () => counter(await p.metrics(), 'payd_chain_provider_disagreements_total', { chain_id: 31337, provider: 0, kind: c.kind }) > 0;
      for (let more = 0; more < 3 && !(await named()); more++) {
        await (c.currency === 'ETH' ? w.chain.payEth(PAYOUT, 1n, { from: PAYER2 }) : w.chain.payUsdc(PAYOUT, 1n, { from: PAYER2 }));
        const head = Number(await w.chain.blockNumber());
        await eventually(async () => (await p.processed()) >= head, { timeout: 30000, what: 'payd past another transfer' });
      }
      const text = await p.metrics();
      assert.ok(await named(),
        `provider 0 counted ${c.kind}:\n${text.split('\n').filter((l) => l.includes('provider_disagreements')).join('\n')}`);
      // Read from no more; set aside for five minutes unless it only left a transfer out (it may be slow).
      const moves = p.payd.logs.filter((l) => l.msg === 'reading this chain from another provider' && l.from === w.sims[0].url);
      if (c.kind === 'left_out') assert.ok(moves.length > 0 && moves.every((m) => m.setAsideForS === 0), JSON.stringify(moves));
      else assert.ok(moves.every((m) => m.setAsideForS === 300), JSON.stringify(moves));
      for (const honest of [1, 2]) {
        assert.equal(counter(text, 'payd_chain_provider_disagreements_total', { chain_id: 31337, provider: honest, kind: 'proven_wrong' }), 0);
      }
    });
  }

  test('a provider found wrong is not read from again while another is left', async (t) => {
    t.after(() => w.sims.forEach((s) => s.clearAll()));
    const p = await launchPayd(t);
    const pi = (await createIntent(p.payd, p.shop.integration.id, { amount_usd: '6.66', currency: 'USDC', chainId: 31337 })).json;
    w.sims[0].set('fabricateLog', { token: USDC_ADDRESS, from: PAYER2.address, to: PAYOUT, amount: BigInt(pi.amount) });
    const movedOff = (sim) => p.payd.logs.filter((l) => l.msg === 'reading this chain from another provider' && l.from === sim.url);
    const caughtUp = async (what) => {
      await w.chain.mine(1);
      const head = Number(await w.chain.blockNumber());
      await eventually(async () => (await p.processed()) >= head, { timeout: 30000, what });
    };
    await caughtUp('the liar read from, and left');
    assert.equal(movedOff(w.sims[0]).length, 1);
    assert.equal(movedOff(w.sims[0])[0].setAsideForS, 300);
    // The one read now fails, then the next: each time payd moves to one that has the head and is not set aside.
    w.sims[1].setDown(true);
    await caughtUp('read from the third');
    w.sims[1].setDown(false);
    w.sims[2].setDown(true);
    await caughtUp('read from the second again');
    assert.equal(movedOff(w.sims[0]).length, 1, 'the liar was read from again');
    assert.notEqual((await p.intent(pi.id)).status, 'PAID');
  });

  // What payd told the merchant of one intent, in order.
  const eventsOf = async (p, id) => (await p.payd.request('GET', '/api/v1/events', { key: p.shop.events.key }))
    .json.data.filter((e) => e.data.id === id).map((e) => e.type).reverse();
  const disagreementLogged = (p) => eventually(
    () => p.payd.logs.some((l) => l.msg === 'the providers disagree on this chain; confirmations wait until a quorum agrees'),
    { timeout: 30000, what: 'the disagreement logged' });
  const pausedPasses = async (p) => counter(await p.metrics(), 'payd_chain_paused_passes_total', { chain_id: 31337 });
  // payd's first pass done, while the providers still agree: on a first start
  // nothing is shown pending until a quorum agrees (there is no verified block yet).
  const watching = async (p) => {
    const head = Number(await w.chain.blockNumber());
    await eventually(async () => (await p.processed()) >= head, { timeout: 30000, what: 'payd watching' });
  };

  test('two liars of three: a payment shows as pending while no quorum agrees, confirmed once one does, and /readyz says why', async (t) => {
    t.after(() => { w.sims[1].clearAll(); w.sims[2].clearAll(); });
    const p = await launchPayd(t);
    const pi = (await createIntent(p.payd, p.shop.integration.id, { amount_usd: '9.99', currency: 'USDC', chainId: 31337 })).json;
    await watching(p);
    // payd reads from the first, honest; the two others each tell another lie.
    w.sims[1].set('fork', { upstream: w.fork.url });
    w.sims[2].set('forgeHash');
    const real = await w.chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await w.chain.mine(3);
    await disagreementLogged(p);
    await eventually(async () => (await p.intent(pi.id)).status === 'PENDING', { timeout: 30000, what: `${pi.id} PENDING meanwhile` });
    const ready = await p.payd.request('GET', '/readyz');
    assert.equal(ready.status, 200, 'payd serves on: payers can still pay');
    assert.match(ready.json.confirmationsWaiting.join(' '), /^chain 31337: no quorum of 2 agrees on block \d+/);
    const paused = await pausedPasses(p);
    await w.chain.mine(4);  // more than the chain's confirmations: none counts while the providers disagree
    await eventually(async () => await pausedPasses(p) >= paused + 3, { what: 'passes paused' });
    const meanwhile = await p.intent(pi.id);
    assert.equal(meanwhile.status, 'PENDING');
    assert.equal(meanwhile.confirmations, 0);
    // The merchant's overview says it on the chain's card, with every provider's answer.
    p.payd.admin(['user', 'create', '--tenant', p.shop.tenant.id, '--email', 'ana@acme.example', '--role', 'admin', '--password-stdin'], { input: `${PASSWORD}\n` });
    const dashboard = dashboardClient(p.payd);
    const overview = await (await dashboard.get('/dashboard', await dashboard.signIn('ana@acme.example'))).text();
    assert.match(overview, /<dt>Providers<\/dt><dd>2 of 3 must agree on every block<\/dd>/);
    assert.match(overview, /<dt>Providers disagree<\/dt><dd><strong>Since <time[^>]*>[^<]+<\/time>, nothing on this chain is confirmed until a quorum of its providers agrees; payments made meanwhile show as pending.<\/strong> <code>no quorum of 2 agrees on block \d+: 0x[0-9a-f]{64} from http:\/\/127\.0\.0\.1:\d+/);

    w.sims[2].clearAll();  // a quorum again: the honest two
    await w.chain.mine(1);
    await eventually(async () => (await p.intent(pi.id)).status === 'PAID', { timeout: 30000, what: `${pi.id} PAID` });
    const payments = (await p.payments()).filter((x) => x.intentId === pi.id);
    assert.deepEqual(payments.map((x) => [x.txHash, x.status]), [[real.transactionHash, 'CONFIRMED']], 'the payment seen meanwhile is the one confirmed');
    assert.deepEqual(await eventsOf(p, pi.id), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED']);
    assert.ok(p.payd.logs.some((l) => l.msg === 'the providers agree again; confirmations go on'));
    assert.equal((await p.payd.request('GET', '/readyz')).json.confirmationsWaiting, undefined);
  });

  test('two liars of three, one of them read: its payment shows as pending, then is reversed once a quorum agrees without it', async (t) => {
    const p = await launchPayd(t);
    const pi = (await createIntent(p.payd, p.shop.integration.id, { amount_usd: '9.98', currency: 'USDC', chainId: 31337 })).json;
    await watching(p);
    // A fork of the chain from its head, where the intent is paid: payd reads
    // from the first provider, which serves it; the second forges hashes.
    const fork = await startChain({ forkOf: w.chain });
    t.after(() => stopAll(() => { w.sims[0].clearAll(); w.sims[1].clearAll(); }, () => fork.stop()));
    w.sims[0].set('fork', { upstream: fork.url });
    w.sims[1].set('forgeHash');
    await fork.payUsdc(PAYOUT, BigInt(pi.amount), { from: PAYER2 });
    await fork.mine(3);
    await w.chain.mine(4);
    await disagreementLogged(p);
    await eventually(async () => (await p.intent(pi.id)).status === 'PENDING', { timeout: 30000, what: `${pi.id} PENDING on the reader's word` });

    w.sims[1].clearAll();  // a quorum again, without the fork
    await w.chain.mine(1);
    await eventually(async () => (await p.intent(pi.id)).status === 'CREATED', { timeout: 30000, what: `${pi.id} waiting again` });
    assert.deepEqual(await eventsOf(p, pi.id), ['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_REVERSED']);
    // The real payment, made now, is the one that pays it.
    const real = await w.chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await w.chain.mine(3);
    await eventually(async () => (await p.intent(pi.id)).status === 'PAID', { timeout: 30000, what: `${pi.id} PAID` });
    assert.equal((await p.intent(pi.id)).txHash, real.transactionHash);
  });
});
