// The scenario's intent steps: an intent made on the key-less endpoint as a
// widget would, or (about 3 in 10) through /v1 by the shop's server and
// chosen on the hosted page; a sender hint proven by the wallet where payd
// offers it. Each fills in the harness's view of the intent (execute.mjs's Run).
import { createIntent } from '../e2e/lib/payd.mjs';
import { PAYERS, PAYOUTS } from './chain.mjs';
import { Prng } from './prng.mjs';

const lower = (a) => a?.toLowerCase();

// The share of intents made through /v1 and chosen on the hosted page.
const V1_SHARE = 0.3;
const DECIMALS = { USDC: 6, ETH: 18 };
const decimalOf = (units, decimals) => {
  const text = units.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
};

export async function intentStep(run, step) {
  const m = run.world.merchants[step.tenant];
  const integration = m.integrations[step.integration];
  const body = { currency: step.token, chainId: step.chain, [step.by === 'usd' ? 'amount_usd' : 'amount']: step.value };
  const hinted = step.hint ? PAYERS[step.hint.payer] : null;
  if (hinted) body.senderAddress = hinted.address;
  const requested = requestedUnits(step);
  const view = {
    n: step.n, tenant: step.tenant, chainId: step.chain, token: step.token, requested, exact: requested,
    recipient: lower(PAYOUTS[integration.payoutLetter]), hint: lower(hinted?.address), trustedHint: null, provenAt: null, id: null,
    // DECISIONS §17: the price in its currency (USD here), none when asked in
    // token units, and the integration's near-amount terms.
    price: step.by === 'usd' ? step.value : null,
    near: run.plan.integrations.find((x) => x.tenant === step.tenant && x.name === step.integration).near,
  };
  run.intents[step.n] = view;
  if (!run.world.paydUp) return run.log('     (payd is down: no intent)');
  // Some intents come from the shop's server through /v1 and are chosen on
  // the hosted page (a substream of the seed: the plan itself is unchanged).
  // A payer's unproven word can only be given on the key-less endpoint.
  if ((!hinted || step.hint.proven) && new Prng(run.plan.seed, `v1/${step.n}`).chance(V1_SHARE)) {
    return askedIntent(run, step, view, integration, hinted);
  }
  const r = await createIntent(run.world.api(), integration.id, body);
  if (r.status !== 201) {
    run.refusals.push(`intent ${step.n} (${JSON.stringify(body)}): ${r.status} ${r.text.slice(0, 200)}`);
    return run.log(`     intent refused: ${r.status} ${r.text}`);
  }
  Object.assign(view, { id: r.json.id, exact: BigInt(r.json.amount), createdAt: Date.parse(r.json.createdAt), expiresAt: Date.parse(r.json.expiresAt) });
  if (hinted && step.hint.proven) {
    view.trustedHint = await prove(run, integration, view, hinted);
    view.provenAt = view.trustedHint ? Date.now() : null;
  }
  run.log(`     ${view.id} exact ${view.exact}${view.trustedHint ? ' (hint proven)' : ''}`);
  return undefined;
}

// POST /v1/payment_intents with the step's amount (USD, or the token's
// decimal units), then the payer's choice of the step's chain and token on
// the hosted page, which reserves the exact amount: for matching, the
// intent exists from then (docs/api-reference.md, Matching 1).
async function askedIntent(run, step, view, integration, hinted) {
  const m = run.world.merchants[step.tenant];
  const body = step.by === 'usd'
    ? { amount: step.value, currency: 'USD' }
    : { amount: decimalOf(BigInt(step.value), DECIMALS[step.token]), currency: step.token };
  Object.assign(body, { integrationId: integration.id, chains: [step.chain], tokens: [step.token] });
  const made = await run.world.api().request('POST', '/v1/payment_intents', { key: m.write.key, body });
  if (made.status !== 201) {
    run.refusals.push(`intent ${step.n} (/v1 ${JSON.stringify(body)}): ${made.status} ${made.text.slice(0, 200)}`);
    return run.log(`     /v1 intent refused: ${made.status} ${made.text}`);
  }
  // The hosted page of whichever process answers (all share one public URL).
  const checkout = new URL(new URL(made.json.checkoutUrl).pathname, run.world.api().url);
  const chose = await fetch(checkout, {
    method: 'POST', redirect: 'manual', body: `option=${step.chain}%3A${step.token}`, signal: AbortSignal.timeout(30000),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
  });
  const chosenBy = Date.now();
  if (chose.status !== 303) {
    run.refusals.push(`intent ${step.n} (/v1 choice ${step.chain}:${step.token}): ${chose.status}`);
    return run.log(`     choice refused: ${chose.status}`);
  }
  const stored = await run.world.get(`/api/v1/payment-intents/${made.json.id}`, m.read.key);
  if (stored.chainId !== step.chain) {
    run.refusals.push(`intent ${step.n}: chosen ${step.chain}:${step.token}, stored ${stored.chainId}:${stored.currency}`);
    return run.log(`     choice not recorded: ${JSON.stringify(stored)}`);
  }
  // payd's choice time is at most chosenBy; transfers come seconds later,
  // far from the 5-minute skew either way.
  Object.assign(view, { id: stored.id, exact: BigInt(stored.amount), createdAt: chosenBy, expiresAt: Date.parse(stored.expiresAt), v1: true });
  run.counts.v1++;
  if (hinted && step.hint.proven) {
    view.trustedHint = await prove(run, integration, view, hinted);
    view.provenAt = view.trustedHint ? Date.now() : null;
  }
  run.log(`     ${view.id} (/v1, chosen) exact ${view.exact}${view.trustedHint ? ' (hint proven)' : ''}`);
  return undefined;
}

// The wallet proves the hint (EIP-191) where payd offers it; otherwise the
// hint stays unproven. The message to sign comes from GET .../sender-proof
// (the contract in the harness brief) or GET .../sender-message (as built).
async function prove(run, integration, view, account) {
  const base = `/public/integrations/${integration.id}/intents/${view.id}`;
  const headers = { Origin: 'https://shop.example' };
  let asked;
  for (const path of ['sender-proof', 'sender-message']) {
    asked = await run.world.api().request('GET', `${base}/${path}?address=${account.address}`, { headers });
    if (asked.status !== 404 && asked.status !== 405) break;
  }
  run.proofs = Boolean(run.proofs) || asked.status === 200;
  if (asked.status !== 200) return null;
  const signature = await account.signMessage({ message: asked.json.message });
  const proved = await run.world.api().request('POST', `${base}/sender-proof`, { headers, body: { address: account.address, signature } });
  if (proved.status !== 200) {
    run.log(`     sender proof refused: ${proved.status} ${proved.text}`);
    return null;
  }
  return lower(account.address);
}

// The amount asked, in smallest units (ETH from USD at the configured 3000, rounded up).
export function requestedUnits({ token, by, value }) {
  if (by === 'amount') return BigInt(value);
  const [whole, frac = ''] = value.split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return token === 'USDC' ? cents * 10_000n : (cents * 10n ** 18n + 299_999n) / 300_000n;
}
