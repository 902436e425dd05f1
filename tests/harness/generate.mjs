// Draws a scenario from a seed: who the merchants are, and a list of steps
// (intents, payments, mining, reorganisations and flip-backs, provider
// faults, payd restarts, chain-clock jumps). Pure: the same seed gives the
// same plan. What depends on the running world (an intent's exact amount,
// which transactions a reorg finds) is resolved when the step runs, with
// random choices taken from the step's own `r` so they are reproducible too.
import { withLeaderFaults } from './leader_faults.mjs';
import { Prng } from './prng.mjs';

export const MAX_REORG_DEPTH = 10;
// Greater than the deepest reorganisation drawn, so that a CONFIRMED payment
// may never be reorganised away: "confirmed then lost" is always a failure.
// Each chain has its own policy (DECISIONS §5 "the chain's required confirmations").
export const CHAINS = [31337, 31338];
export const CONFIRMATIONS = { 31337: MAX_REORG_DEPTH + 1, 31338: MAX_REORG_DEPTH + 3 };
export const LIFETIME_S = 60;
// Chains payd reads from three providers that must agree (issue 41); the
// lies below are told on them only, by one provider or two.
export const QUORUM_CHAINS = [31338];

const FAULTS = {
  lagBackend: (p) => ({ k: p.int(1, 3) }),
  headBack: (p) => ({ k: p.int(1, 3) }),
  unindexed: (p) => ({ blocks: p.int(1, 2) }),
  logsLag: (p) => ({ blocks: p.int(1, 2) }),
  rangeLimit: (p) => ({ max: p.int(1, 4) }),
  rateLimit: (p) => ({ every: p.int(2, 5), kind: p.pick(['429', '429-retry-after', 'rpc']) }),
  drop: (p) => ({ every: p.int(2, 6), when: p.pick(['before', 'during']) }),
  slow: (p) => ({ every: p.int(1, 3), ms: p.int(50, 300) }),
  hang: (p) => ({ every: p.int(3, 8) }),
  oversized: (p) => ({ every: p.int(3, 10), mb: p.int(32, 64) }),
  gzipBomb: (p) => ({ every: p.int(3, 10), mb: p.int(192, 256) }),
  down: () => ({}),
  // Lies (e2e/lib/provider_lies.mjs), by provider `liar` of the three: two
  // different lies at once may be two liars, never two telling the same lie.
  // Amounts and recipients are ones the scenario's intents ask for, so a lie
  // believed would pay one.
  forgeHash: (p) => ({ liar: p.int(0, 2) }),
  hideLogs: (p) => ({ liar: p.int(0, 2) }),
  badReceipts: (p) => ({ liar: p.int(0, 2) }),
  fabricateLog: (p) => ({ liar: p.int(0, 2), to: p.pick(['A', 'B', 'C']), amount: p.pick(AMOUNTS.USDC.amount) }),
  alterAmount: (p) => ({ liar: p.int(0, 2), amount: p.pick(AMOUNTS.USDC.amount) }),
  alterRecipient: (p) => ({ liar: p.int(0, 2), to: p.pick(['A', 'B', 'C']) }),
  alterValue: (p) => ({ liar: p.int(0, 2), value: p.pick(AMOUNTS.ETH.amount) }),
  // Two of the three at once, each its own lie: no quorum on what they touch.
  twoLiars: (p) => {
    const first = p.pick([...LIES]);
    const second = p.pick([...LIES].filter((n) => n !== first));
    const liar = p.int(0, 2);
    const other = (liar + p.int(1, 2)) % 3;
    return { lies: [{ name: first, ...FAULTS[first](p), liar }, { name: second, ...FAULTS[second](p), liar: other }] };
  },
};
const FAULT_WEIGHTS = {
  lagBackend: 5, headBack: 4, unindexed: 4, logsLag: 3, rangeLimit: 2, rateLimit: 3,
  drop: 3, slow: 2, hang: 2, oversized: 1, gzipBomb: 1, down: 2,
  forgeHash: 3, hideLogs: 3, badReceipts: 2, fabricateLog: 4, alterAmount: 3, alterRecipient: 2, alterValue: 3, twoLiars: 4,
};
export const LIES = new Set(['forgeHash', 'hideLogs', 'badReceipts', 'fabricateLog', 'alterAmount', 'alterRecipient', 'alterValue']);
const LYING = new Set([...LIES, 'twoLiars']);

// Requested amounts are drawn from short lists so exact amounts collide and get offsets.
const AMOUNTS = {
  USDC: { usd: ['1.00', '1.00', '2.50', '5.00', '12.34'], amount: ['1000000', '2500000', '777'] },
  ETH: { usd: ['3.00', '6.00', '1.00'], amount: ['1000000000000000', '2000000000000000'] },
};

// `without` leaves out what triggers known payd bugs, to see what else fails:
// 'deep-traces' (internal transfers stay 0-3 calls deep), 'zero-value'
// (sent to an unwatched address instead), 'unproven-hints' (no hint unless
// proven), 'round-prices' (no hand-typed round price), or a fault's name
// (never switched on). The rest of the plan, and so every other step of the
// seed, stays the same. `store: 'postgres'` adds the faults of chain
// leadership among two processes (leader_faults.mjs).
export function generate(seed, { without = [], store = 'sqlite' } = {}) {
  const plan = withoutTriggers(withNearAmounts(withRoundPrices(draw(seed))), new Set(without));
  return store === 'postgres' ? withLeaderFaults(plan) : plan;
}

// The chance that an intent step is followed by a hand-typed round price.
const ROUND_PRICE_CHANCE = 0.25;

// A payer whose wallet dropped the amount from the QR types the round price:
// right after an intent step (so that intent, at least, is open at that
// price), a transfer of the intent's requested amount itself to its payout
// address, in its token, on its chain, from a payer no intent names (PAYERS
// hold the hints; execute.mjs sends it from TYPIST). DECISIONS §5 rule 1:
// no exact amount is the price, so it pays nobody (model.mjs). Drawn from a
// substream of the seed, inserted after the plan was drawn: every other step
// of every seed is what it was before, the fixed seeds' features included.
function withRoundPrices(plan) {
  const p = new Prng(plan.seed, 'round');
  const steps = [];
  for (const step of plan.steps) {
    steps.push(step);
    if (step.op !== 'intent' || !p.chance(ROUND_PRICE_CHANCE)) continue;
    steps.push({ op: 'pay', kind: 'round', intent: step.n, chain: step.chain, wait: drawWait(p) });
  }
  return { ...plan, steps };
}

// DECISIONS §17 (issue 38): each integration's near-amount terms (matched at
// once or kept with a candidate; a tolerance of the price, a fixed one in the
// price's currency, or none), and the transfers that try them: an exchange's
// withdrawal short of an intent's price by its fee ('fee', per mille of the
// price, within some tolerances and not others), and a merchant's own round
// sum into a payout address ('ownRound', one of the plan's prices, so it may
// fit an open intent). A substream inserted after the plan, as round prices:
// every other step of every seed stays what it was.
const NEAR_TOLERANCES = [null, null, '1%', '0.5%', '0.05'];
const FEE_CHANCE = 0.2;
const OWN_ROUND_CHANCE = 0.08;
export const NEAR_KINDS = new Set(['round', 'fee', 'ownRound']);

function withNearAmounts(plan) {
  const p = new Prng(plan.seed, 'near');
  const integrations = plan.integrations.map((x) => ({ ...x, near: { match: p.chance(0.5), tolerance: p.pick(NEAR_TOLERANCES) } }));
  const payouts = [...new Set(plan.integrations.map((x) => x.payout))].sort();
  const steps = [];
  for (const step of plan.steps) {
    steps.push(step);
    if (step.op === 'intent' && p.chance(FEE_CHANCE)) {
      steps.push({ op: 'pay', kind: 'fee', intent: step.n, chain: step.chain, permille: p.int(1, 25), wait: drawWait(p) });
    } else if (step.op === 'pay' && p.chance(OWN_ROUND_CHANCE)) {
      steps.push({ op: 'pay', kind: 'ownRound', intent: null, chain: step.chain, to: p.pick(payouts), value: p.pick(AMOUNTS.USDC.usd), wait: drawWait(p) });
    }
  }
  return { ...plan, integrations, steps };
}

function withoutTriggers(plan, without) {
  // Without round prices, the plan as it was before they were drawn.
  const drawn = without.has('round-prices') ? plan.steps.filter((step) => step.kind !== 'round') : plan.steps;
  const steps = drawn.map((step) => {
    if (without.has('deep-traces') && step.kind === 'deepInternal') return { ...step, kind: 'internal', depth: step.depth % 4 };
    if (without.has('zero-value') && step.kind === 'zero') return { ...step, kind: 'other', intent: null, token: 'USDC' };
    if (without.has('unproven-hints') && step.op === 'intent' && step.hint && !step.hint.proven) return { ...step, hint: null };
    if ((step.op === 'fault' || step.op === 'unfault') && without.has(step.name)) return { op: 'noop', wait: step.wait };
    return step;
  });
  return { ...plan, without: [...without], steps };
}

function draw(seed) {
  const p = new Prng(seed, 'plan');
  const tenants = p.weighted([[5, ['A']], [4, ['A', 'B']], [2, ['A', 'B', 'C']]]);
  const plan = {
    seed,
    clockBehind: p.chance(0.15), // the chain clock starts 15 min behind the wall clock
    chains: p.chance(0.5) ? [...CHAINS] : [CHAINS[0]],
    tenants,
    // Integrations: a tenant's first pays out to its own address or (sharing
    // it) to A's; a second one of a tenant to the same address or another.
    integrations: drawIntegrations(p, tenants),
    receiverFailRate: p.chance(0.3) ? 0.15 : 0,
    steps: [],
  };
  const s = {
    intents: [], maxIntents: p.int(3, 12), paydUp: true, pool: 0,
    faults: Object.fromEntries(plan.chains.map((c) => [c, new Set()])),
    snaps: Object.fromEntries(plan.chains.map((c) => [c, null])),
    caughtUp: !plan.clockBehind, expired: false, lateEnded: false,
    wantLateEnd: p.chance(0.2),
  };
  const anyFaults = () => plan.chains.some((c) => s.faults[c].size);
  const total = p.int(20, 40);
  const step = (x) => plan.steps.push({ ...x, wait: drawWait(p) });
  const chainOf = () => p.pick(plan.chains);
  for (let i = 0; i < total; i++) {
    const late = i > total * 0.4;
    const op = p.weighted([
      [s.intents.length < s.maxIntents && !s.lateEnded && s.paydUp ? (s.intents.length < 2 ? 40 : 12) : 0, 'intent'],
      [s.intents.length ? 30 : 3, 'pay'],
      [s.pool ? 20 : 6, 'mine'],
      [5, 'reorg'],
      [plan.chains.some((c) => s.snaps[c] === null) ? 5 : 0, 'snap'],
      [plan.chains.some((c) => s.snaps[c] !== null) ? 10 : 0, 'flip'],
      [2, 'rebroadcast'],
      [plan.chains.some((c) => s.faults[c].size < 2) ? 6 : 0, 'fault'],
      [anyFaults() ? 5 : 0, 'unfault'],
      [s.paydUp ? 3 : 0, 'kill'],
      [s.paydUp ? 0 : 8, 'start'],
      [!s.caughtUp && i > 2 ? 6 : 0, 'catchUp'],
      [late && !s.expired && s.caughtUp ? 3 : 0, 'expire'],
      [s.expired && !s.lateEnded && s.wantLateEnd ? 2 : 0, 'lateEnd'],
    ]);
    switch (op) {
      case 'intent': {
        const integration = p.pick(plan.integrations);
        const chain = chainOf();
        const token = p.chance(0.7) ? 'USDC' : 'ETH';
        const by = p.chance(0.65) ? 'usd' : 'amount';
        const hint = p.chance(0.45) ? { payer: p.int(0, 2), proven: p.chance(0.5) } : null;
        s.intents.push({ tenant: integration.tenant, integration: integration.name, chain, token, hint });
        step({ op, n: s.intents.length - 1, tenant: integration.tenant, integration: integration.name, chain, token, by, value: p.pick(AMOUNTS[token][by]), hint });
        break;
      }
      case 'pay':
        step(drawPay(p, s, plan));
        s.pool++;
        break;
      case 'mine':
        step({ op, chain: chainOf(), n: p.weighted([[6, 1], [2, 2], [1, 3]]) });
        s.pool = 0;
        break;
      case 'reorg': {
        // Mostly shallow, sometimes as deep as drawn at all.
        const chain = chainOf();
        step({ op, chain, depth: p.weighted([[5, 1], [4, 2], [3, 3], [2, p.int(4, 6)], [1, p.int(7, MAX_REORG_DEPTH)]]), r: p.u32() });
        s.pool = 0;
        s.snaps[chain] = null;
        break;
      }
      case 'snap': {
        const chain = p.pick(plan.chains.filter((c) => s.snaps[c] === null));
        step({ op, chain });
        s.pool = 0;
        s.snaps[chain] = i;
        break;
      }
      case 'flip': {
        // Branch B is mined, then (mostly) the original branch comes back block for block.
        const chain = p.pick(plan.chains.filter((c) => s.snaps[c] !== null));
        step({ op, chain, bLen: p.int(1, 4), back: p.chance(0.75), observe: p.chance(0.7), r: p.u32() });
        s.pool = 0;
        s.snaps[chain] = null;
        break;
      }
      case 'rebroadcast':
        step({ op, chain: chainOf() });
        s.pool++;
        break;
      case 'fault': {
        const chain = p.pick(plan.chains.filter((c) => s.faults[c].size < 2));
        const name = p.weighted(Object.entries(FAULT_WEIGHTS)
          .filter(([n]) => !s.faults[chain].has(n) && (!LYING.has(n) || QUORUM_CHAINS.includes(chain)))
          // Never the same lie by two providers (that is a quorum, and no quorum guards against it).
          .filter(([n]) => !(n === 'twoLiars' ? [...s.faults[chain]].some((f) => LIES.has(f)) : LIES.has(n) && s.faults[chain].has('twoLiars')))
          .map(([n, w]) => [w, n]));
        s.faults[chain].add(name);
        step({ op, chain, name, params: FAULTS[name](p) });
        break;
      }
      case 'unfault': {
        const chain = p.pick(plan.chains.filter((c) => s.faults[c].size));
        const name = p.pick([...s.faults[chain]].sort());
        s.faults[chain].delete(name);
        step({ op, chain, name });
        break;
      }
      case 'kill':
        step({ op, delayMs: p.int(0, 80) });
        s.paydUp = false;
        break;
      case 'start':
        step({ op });
        s.paydUp = true;
        break;
      case 'catchUp':
        step({ op: 'jump', kind: 'catchUp' });
        s.caughtUp = true;
        s.pool = 0;
        break;
      case 'expire':
        step({ op: 'jump', kind: 'expire' });
        s.expired = true;
        s.pool = 0;
        break;
      case 'lateEnd':
        step({ op: 'jump', kind: 'lateEnd' });
        s.lateEnded = true;
        s.pool = 0;
        break;
      default:
        throw new Error(op);
    }
  }
  return plan;
}

// Tenant A pays out to address A; B and C to their own or to A's (sharing
// it); a tenant's second integration (sometimes) to the same address or to
// another tenant's.
function drawIntegrations(p, tenants) {
  const out = [];
  for (const tenant of tenants) {
    const own = tenant === 'A' || p.chance(0.6) ? tenant : 'A';
    out.push({ tenant, name: `${tenant}1`, payout: own });
    if (p.chance(0.3)) out.push({ tenant, name: `${tenant}2`, payout: p.chance(0.6) ? own : p.pick(tenants) });
  }
  return out;
}

function drawWait(p) {
  return p.chance(0.35) ? { polls: p.int(1, 2) } : { ms: p.int(0, 60) };
}

function drawPay(p, s, plan) {
  const n = s.intents.length ? p.int(0, s.intents.length - 1) : null;
  const intent = n === null ? null : s.intents[n];
  const hasEth = s.intents.some((x) => x.token === 'ETH');
  const kind = intent
    ? p.weighted([[26, 'exact'], [8, 'under'], [6, 'over'], [5, 'split'], [5, 'dup'], [7, 'unmatched'],
      [5, 'zero'], [4, 'other'], [hasEth ? 7 : 0, 'internal'], [hasEth ? 1 : 0, 'deepInternal'],
      [plan.chains.length > 1 ? 4 : 0, 'crossChain']])
    : p.weighted([[7, 'unmatched'], [5, 'zero'], [4, 'other']]);
  const randomPayer = p.int(0, 2);
  const hinted = intent?.hint && p.chance(0.9) ? intent.hint.payer : randomPayer;
  const payouts = [...new Set(plan.integrations.map((x) => x.payout))].sort();
  // A transfer meant for no intent goes to any chain; one for an intent, to its chain.
  const base = { op: 'pay', kind, intent: n, chain: intent?.chain ?? p.pick(plan.chains), r: p.u32() };
  switch (kind) {
    case 'exact':
    case 'dup':
      return { ...base, payer: randomPayer };
    case 'crossChain':
      // The intent's exact amount, to its payout address, on the other chain.
      return { ...base, chain: plan.chains.find((c) => c !== intent.chain), payer: randomPayer };
    case 'other':
      return intent ? { ...base, payer: randomPayer } : { ...base, payer: randomPayer, token: p.chance(0.7) ? 'USDC' : 'ETH' };
    case 'under':
    case 'over':
      return { ...base, payer: hinted };
    case 'split':
      return { ...base, payer: hinted, parts: p.int(2, 3) };
    case 'internal':
    case 'deepInternal': {
      // The target is an ETH intent (the first one at or after the drawn index).
      const eth = s.intents.map((x, i) => i).filter((i) => s.intents[i].token === 'ETH');
      const target = eth.find((i) => i >= n) ?? eth[0];
      return { ...base, intent: target, chain: s.intents[target].chain, payer: randomPayer, depth: kind === 'internal' ? p.int(0, 3) : p.int(16, 40) };
    }
    case 'unmatched': {
      // Mostly elsewhere; sometimes on the intent's chain with another chain's exact amount in mind.
      const chain = p.chance(0.3) && intent ? p.pick(plan.chains) : base.chain;
      return { ...base, chain, intent: null, token: p.chance(0.7) ? 'USDC' : 'ETH', payer: randomPayer, to: p.pick(payouts) };
    }
    case 'zero': {
      const victims = s.intents.filter((x) => x.hint).map((x) => x.hint.payer);
      return {
        ...base, intent: null, payer: randomPayer, to: p.pick(payouts),
        how: p.weighted([[5, 'transfer'], [4, 'transferFrom'], [1, 'eth']]),
        victim: victims.length ? p.pick(victims) : randomPayer,
      };
    }
    default:
      throw new Error(kind);
  }
}

// One line per step, for --verbose and failure reports.
export function describeStep(step) {
  const { wait, r, op, ...rest } = step;
  const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`);
  return `${op} ${fields.join(' ')}`.trim();
}
