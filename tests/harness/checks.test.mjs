// The harness's judge judged: hand-made final chains and payd states that
// each class of check must flag, and states it must accept (the choices the
// rules leave open). No chain or payd here: node --test tests/harness/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { checkScenario } from './checks.mjs';
import { transferKey } from './final_chain.mjs';

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-22T12:00:00Z');
const CHAIN = 31337;
const OTHER_CHAIN = 31338;
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const PAYOUT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const PAYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const STRANGER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

// Asks for 0.999999 USDC, so that its exact amount (one unit above, DECISIONS §5 rule 1) is 1 USDC.
const intent = (over = {}) => ({
  id: 'pi_1', tenant: 'A', chainId: CHAIN, token: 'USDC', recipient: PAYOUT, requested: 999_999n, exact: 1_000_000n,
  createdAt: T0, expiresAt: T0 + HOUR, hint: null, trustedHint: null, provenAt: null, order: 0, ...over,
});
const transfer = (n, over = {}) => {
  const t = {
    chainId: CHAIN, txHash: `0x${String(n).padStart(64, '0')}`, logIndex: 0, blockNumber: 10 + n, blockHash: `0xb${n}`,
    blockTime: T0 + n * 1000, txIndex: 0, token: 'USDC', amount: 1_000_000n, from: PAYER, to: PAYOUT, ...over,
  };
  return { ...t, key: transferKey(t.chainId, t.txHash, t.logIndex) };
};
const units = (amount, decimals = 6) => {
  const s = amount.toString().padStart(decimals + 1, '0');
  const frac = s.slice(-decimals).replace(/0+$/, '');
  return frac ? `${s.slice(0, -decimals)}.${frac}` : s.slice(0, -decimals);
};
// A payment exactly as the contract says payd records transfer `t`.
const payment = (t, over = {}) => ({
  id: `pay_${t.txHash.slice(-4)}${over.status ?? ''}`, tenant: 'A', intentId: 'pi_1', status: 'CONFIRMED',
  chainId: t.chainId, token: t.token, tokenAddress: t.token === 'ETH' ? null : USDC,
  amount: String(t.amount), amountFormatted: units(t.amount, t.token === 'ETH' ? 18 : 6),
  txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, blockHash: t.blockHash,
  senderAddress: t.from, recipient: t.to, confirmations: 12, ...over,
});
const apiIntent = (over = {}) => ({ id: 'pi_1', status: 'PAID', exception: null, amountReceived: '1000000', ...over });
const event = (id, type, data, tenant = 'A') => ({ id, tenant, type, data });
const delivered = (e) => ({ id: e.id, ok: true, payload: { type: e.type, data: e.data } });
const lifecycle = (id, ...statuses) => {
  const type = { CREATED: 'PAYMENT_CREATED', PENDING: 'PAYMENT_PENDING', PAID: 'PAYMENT_CONFIRMED', EXPIRED: 'PAYMENT_EXPIRED', FAILED: 'PAYMENT_FAILED' };
  return statuses.map((s, n) => event(`evt_${id}_${n}`, type[s], { id, status: s }));
};
const SENT_AFTER = T0 + 1; // the harness sent every transfer after the intents were created

// One scenario: defaults are a single intent paid by one exact transfer, told to the merchant.
function judge({
  intents = [intent()], transfers = [transfer(1)], payments, api, events, deliveries, history = {}, removed = [],
  headTime = T0 + 2 * HOUR, disturbed = [], refusals = [], watchers = [[PAYOUT, ['A']]], sentAt,
} = {}) {
  const pays = payments ?? transfers.map((t) => payment(t));
  const apis = api ?? [apiIntent()];
  const evs = events ?? lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID');
  return checkScenario({
    final: { transfers, heads: new Map([[CHAIN, headTime], [OTHER_CHAIN, headTime]]) },
    intents,
    api: new Map(apis.map((a) => [a.id, a])),
    payments: pays,
    watchers: new Map(watchers),
    history: { everConfirmed: new Map(), everPaid: new Set(), leftPaid: [], everReorged: new Map(), ...history },
    events: evs,
    deliveries: new Map([['A', deliveries ?? evs.map(delivered)]]),
    removed: new Set(removed),
    sentAt: sentAt ?? new Map(transfers.map((t) => [t.txHash, SENT_AFTER])),
    disturbed: new Set(disturbed),
    refusals,
    tokenAddress: USDC,
  });
}
const findings = (r) => Object.entries(r).filter(([k, v]) => k !== 'notes' && v.length).map(([k, v]) => `${k}: ${v.join(' / ')}`);

describe('the judge accepts what the rules allow', () => {
  test('an intent paid by its exact transfer, told to the merchant: nothing to report', () => {
    assert.deepEqual(findings(judge()), []);
  });

  test('a proven hint may pay short; short at expiry is FAILED/UNDERPAID, told as CREATED, PENDING, FAILED', () => {
    const under = transfer(1, { amount: 400_000n });
    const r = judge({
      intents: [intent({ hint: PAYER, trustedHint: PAYER, provenAt: T0 })], transfers: [under],
      api: [apiIntent({ status: 'FAILED', exception: 'UNDERPAID', amountReceived: '400000' })],
      events: lifecycle('pi_1', 'CREATED', 'PENDING', 'FAILED'),
    });
    assert.deepEqual(findings(r), []);
  });

  test('a transfer sent before the intent existed may stay unmatched, and may pay it', () => {
    const early = transfer(1);
    const sentAt = new Map([[early.txHash, T0 - 1]]);
    const unmatched = judge({
      sentAt, payments: [payment(early, { intentId: null })], api: [apiIntent({ status: 'EXPIRED', amountReceived: '0' })],
      events: [...lifecycle('pi_1', 'CREATED', 'EXPIRED'), event('e_u', 'PAYMENT_UNMATCHED', { id: payment(early).id })],
    });
    assert.deepEqual(findings(unmatched), []);
    assert.deepEqual(findings(judge({ sentAt })), []);
  });

  test('late and over at once may be either exception', () => {
    const late = transfer(1, { blockTime: T0 + 2 * HOUR, amount: 1_500_000n, from: PAYER });
    const both = (exception) => judge({
      intents: [intent({ exact: 1_000_000n })], transfers: [transfer(2, { amount: 1n, blockTime: T0 + 3 * HOUR }), late].sort((a, b) => a.blockTime - b.blockTime),
      api: [apiIntent({ exception, amountReceived: '1500000' })], headTime: T0 + 4 * HOUR,
    });
    // 1.5 USDC is no exact amount and there is no hint: it is unmatched, and the intent EXPIRED.
    assert.ok(findings(both('OVERPAID')).length);
    const hinted = (exception) => judge({
      intents: [intent({ trustedHint: PAYER, hint: PAYER, provenAt: T0, expiresAt: T0 + 3 * HOUR })],
      transfers: [transfer(1, { amount: 1n }), transfer(2, { blockTime: T0 + 4 * HOUR })],
      api: [apiIntent({ exception, amountReceived: '1000001' })], headTime: T0 + 5 * HOUR,
      events: lifecycle('pi_1', 'CREATED', 'PENDING', 'FAILED', 'PENDING', 'PAID'),
    });
    assert.deepEqual(findings(hinted('OVERPAID')), []);
    assert.deepEqual(findings(hinted('PAID_LATE')), []);
  });

  test('a hand-typed round price while two intents at that price are open: unmatched, both untouched', () => {
    const open = [intent({ requested: 1_000_000n, exact: 1_000_001n }), intent({ id: 'pi_2', order: 1, requested: 1_000_000n, exact: 1_000_002n })];
    const typed = transfer(1, { from: STRANGER });
    const r = judge({
      intents: open, transfers: [typed], payments: [payment(typed, { intentId: null })], headTime: T0 + 100,
      api: open.map((i) => apiIntent({ id: i.id, status: 'CREATED', amountReceived: '0' })),
      events: [...lifecycle('pi_1', 'CREATED'), ...lifecycle('pi_2', 'CREATED'), event('e_u', 'PAYMENT_UNMATCHED', { id: payment(typed).id })],
    });
    assert.deepEqual(findings(r), []);
  });

  // D §17: a typed price (or a fee short within the tolerance) that one open intent fits.
  const near = (match, tolerance = null) => intent({ requested: 1_000_000n, exact: 1_000_001n, near: { match, tolerance } });
  test('a typed price that one intent fits: kept with that candidate; opted in, it pays the intent marked near_amount', () => {
    const typed = transfer(1, { from: STRANGER });
    const unmatched = lifecycle('pi_1', 'CREATED');
    const kept = (candidateIntentId) => judge({
      intents: [near(false)], transfers: [typed], headTime: T0 + 100,
      payments: [payment(typed, { intentId: null, candidateIntentId })],
      api: [apiIntent({ status: 'CREATED', amountReceived: '0' })],
      events: [...unmatched, event('e_u', 'PAYMENT_UNMATCHED', { id: payment(typed).id })],
    });
    assert.deepEqual(findings(kept('pi_1')), []);
    assert.match(kept(null).wrong[0], /names candidate null; the rules: pi_1/);
    const paid = (over) => judge({ intents: [near(true)], transfers: [typed], api: [apiIntent({ matchedBy: 'near_amount', underpaidBy: null, ...over })] });
    assert.deepEqual(findings(paid({})), []);
    assert.match(paid({ matchedBy: null }).wrong[0], /matchedBy null, underpaidBy null; the rules: near_amount, null/);
  });

  test('an exchange fee short within 1%: PAID with underpaidBy; beyond it, unmatched without candidate', () => {
    const fee = transfer(1, { from: STRANGER, amount: 992_000n });
    const r = judge({
      intents: [near(true, '1%')], transfers: [fee],
      api: [apiIntent({ amountReceived: '992000', matchedBy: 'near_amount', underpaidBy: '0.008' })],
    });
    assert.deepEqual(findings(r), []);
    const far = transfer(1, { from: STRANGER, amount: 989_999n });
    const beyond = judge({
      intents: [near(true, '1%')], transfers: [far], headTime: T0 + 100,
      payments: [payment(far, { intentId: null, candidateIntentId: 'pi_1' })],
      api: [apiIntent({ status: 'CREATED', amountReceived: '0' })],
      events: [...lifecycle('pi_1', 'CREATED'), event('e_u', 'PAYMENT_UNMATCHED', { id: payment(far).id })],
    });
    assert.match(beyond.wrong[0], /names candidate pi_1; the rules: none/);
  });

  test('an intent that expired unpaid after a reorg took its payment may be EXPIRED or FAILED; without one, EXPIRED only', () => {
    const gone = payment(transfer(1), { status: 'REORGED' });
    const failed = apiIntent({ status: 'FAILED', amountReceived: '0' });
    const told = [...lifecycle('pi_1', 'CREATED', 'PENDING'), event('e_f', 'PAYMENT_FAILED', { id: 'pi_1', status: 'FAILED' })];
    assert.deepEqual(findings(judge({ transfers: [], payments: [gone], api: [failed], events: told, removed: ['0xb1'], disturbed: ['pi_1'] })), []);
    assert.match(judge({ transfers: [], payments: [], api: [failed], events: told }).wrong[0], /expected EXPIRED/);
  });

  test('a reorg that undid PENDING, told with PAYMENT_REVERSED', () => {
    const events = [...lifecycle('pi_1', 'CREATED', 'PENDING'), event('e3', 'PAYMENT_REVERSED', { id: 'pi_1', status: 'CREATED' })];
    const args = { transfers: [], payments: [payment(transfer(1), { status: 'REORGED' })], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], removed: ['0xb1'], headTime: T0, disturbed: ['pi_1'] };
    assert.deepEqual(findings(judge({ ...args, events })), []);
  });
});

describe('the judge catches', () => {
  test('missed: a transfer with no live payment, or one not CONFIRMED once settled', () => {
    const r = judge({ payments: [], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], events: lifecycle('pi_1', 'CREATED') });
    assert.equal(r.missed.length, 1);
    assert.equal(judge({ payments: [payment(transfer(1), { status: 'PENDING' })] }).missed.length, 1);
  });

  test('doubled: two live payments for one transfer, a zero-value payment, a payment of a block gone', () => {
    const t = transfer(1);
    assert.equal(judge({ payments: [payment(t), payment(t, { id: 'pay_again' })] }).doubled.length, 1);
    const zero = transfer(2, { amount: 0n });
    assert.match(judge({ transfers: [t, zero], payments: [payment(t), payment(zero, { intentId: null })] }).doubled[0], /zero-value/);
    assert.match(judge({ payments: [payment(t), payment(transfer(3), { intentId: null })] }).doubled[0], /not on the final chain/);
  });

  test('recorded: an unmatched payment with the wrong amount, token and sender', () => {
    const mine = transfer(1);
    const stray = transfer(2, { amount: 1_234_567n, from: STRANGER });
    const wrongly = payment(stray, { intentId: null, amount: '1234568', amountFormatted: '1.234568', token: 'ETH', senderAddress: PAYER });
    const r = judge({ transfers: [mine, stray], payments: [payment(mine), wrongly], events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), event('e_u', 'PAYMENT_UNMATCHED', { id: wrongly.id })] });
    assert.equal(r.recorded.length, 1);
    assert.match(r.recorded[0], /amount "1234568", the chain says "1234567"/);
    assert.match(r.recorded[0], /token "ETH"/);
    assert.match(r.recorded[0], /senderAddress/);
  });

  test('recorded and wrong: a matched payment one unit short', () => {
    const t = transfer(1);
    const r = judge({ payments: [payment(t, { amount: '999999', amountFormatted: '0.999999' })], api: [apiIntent({ amountReceived: '999999' })] });
    assert.match(r.recorded[0], /amount "999999"/);
    assert.match(r.wrong[0], /amountReceived 999999/);
  });

  test('reserved: two intents sharing one exact amount on one (chain, token, recipient); an amount that is not the fewest units', () => {
    const two = [intent(), intent({ id: 'pi_2', order: 1, createdAt: T0 + 10 })];
    const r = judge({ intents: two, api: [apiIntent(), apiIntent({ id: 'pi_2', status: 'CREATED', amountReceived: '0' })], events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), ...lifecycle('pi_2', 'CREATED')], headTime: T0 + 100 });
    assert.match(r.reserved[0], /pi_2: exact amount 1000000 is also pi_1's/);
    const far = [intent(), intent({ id: 'pi_2', order: 1, exact: 1_000_002n })];
    assert.match(judge({ intents: far, api: [apiIntent(), apiIntent({ id: 'pi_2', status: 'CREATED', amountReceived: '0' })], events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), ...lifecycle('pi_2', 'CREATED')], headTime: T0 + 100 }).reserved[0], /fewest units .* give 1000001/);
    // The same exact amount on another chain is no collision (DECISIONS §5: per chain, token, recipient).
    const elsewhere = [intent(), intent({ id: 'pi_2', order: 1, chainId: OTHER_CHAIN })];
    assert.deepEqual(judge({ intents: elsewhere, api: [apiIntent(), apiIntent({ id: 'pi_2', status: 'CREATED', amountReceived: '0' })], events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), ...lifecycle('pi_2', 'CREATED')], headTime: T0 + 100 }).reserved, []);
  });

  test('reserved and wrong: the price itself reserved (the rule before issue 34), and a hand-typed round price paying that intent', () => {
    const old = [intent({ requested: 1_000_000n, exact: 1_000_000n }), intent({ id: 'pi_2', order: 1, requested: 1_000_000n, exact: 1_000_001n })];
    const typed = transfer(1, { from: STRANGER });
    const r = judge({
      intents: old, transfers: [typed], headTime: T0 + 100,
      api: [apiIntent(), apiIntent({ id: 'pi_2', status: 'CREATED', amountReceived: '0' })],
      events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), ...lifecycle('pi_2', 'CREATED')],
    });
    assert.deepEqual(r.reserved, ['pi_1: exact amount 1000000 for 1000000 asked is not above the price: a payer who types the price would pay it']);
    // The model goes by the rule, not by what payd reserved: the price pays nobody, so pi_1 waits.
    assert.match(r.wrong[0], /from 0x90f79bf6: payd gives it to pi_1, the rules to nobody \(unmatched\)/);
    assert.match(r.wrong[1], /pi_1 .*: amountReceived 1000000, the transfers that pay it add up to 0/);
  });

  test('events: a wrong event type, a missing PAYMENT_CONFIRMED, CONFIRMED without PENDING', () => {
    const wrongType = [...lifecycle('pi_1', 'CREATED', 'PENDING'), event('e_x', 'PAYMENT_EXPIRED', { id: 'pi_1', status: 'PAID' })];
    assert.match(judge({ events: wrongType }).events[0], /PAYMENT_EXPIRED \(PAID\) after PENDING is no move/);
    assert.match(judge({ events: lifecycle('pi_1', 'CREATED', 'PENDING') }).events[0], /leaves it PENDING, it ends PAID/);
    assert.match(judge({ events: lifecycle('pi_1', 'CREATED', 'PAID') }).events[0], /PAYMENT_CONFIRMED \(PAID\) after CREATED/);
  });

  test('events: an undisturbed intent with an extra excursion; a disturbed one may have it', () => {
    const detour = [...lifecycle('pi_1', 'CREATED', 'PENDING'), event('e_r', 'PAYMENT_REVERSED', { id: 'pi_1', status: 'CREATED' }), ...lifecycle('pi_1', 'PENDING', 'PAID').map((e) => ({ ...e, id: `${e.id}b` }))];
    assert.match(judge({ events: detour }).events[0], /expected PAYMENT_CREATED\/CREATED PAYMENT_PENDING\/PENDING/);
    assert.deepEqual(findings(judge({ events: detour, disturbed: ['pi_1'] })), []);
  });

  test('events: an unmatched payment never told', () => {
    const stray = transfer(2, { amount: 5n });
    const r = judge({ transfers: [transfer(1), stray], payments: [payment(transfer(1)), payment(stray, { intentId: null })] });
    assert.match(r.events[0], /unmatched payment .* has 0 PAYMENT_UNMATCHED events/);
  });

  test('wrong: matching that differs from chain order; a transfer on another chain taken for the exact amount', () => {
    const [a, b] = [transfer(1), transfer(2)];
    const swapped = judge({ transfers: [a, b], payments: [payment(a, { intentId: null }), payment(b)], events: [...lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID'), event('e_u', 'PAYMENT_UNMATCHED', { id: payment(a).id })] });
    assert.match(swapped.wrong.join(), /payd gives it to nobody \(unmatched\), the rules to pi_1/);
    const cross = transfer(3, { chainId: OTHER_CHAIN });
    const r = judge({ transfers: [cross], payments: [payment(cross)] });
    assert.match(r.wrong.join(), /the rules to nobody/);
  });

  test('wrong: an unproven hint moving money; a status the rules do not give', () => {
    const under = transfer(1, { amount: 400_000n });
    const r = judge({ intents: [intent({ hint: PAYER })], transfers: [under], api: [apiIntent({ status: 'PENDING', exception: 'UNDERPAID', amountReceived: '400000' })], headTime: T0 + 1000 });
    assert.match(r.wrong[0], /the rules to nobody/);
    assert.match(judge({ api: [apiIntent({ exception: 'OVERPAID' })] }).wrong[0], /expected PAID\/null/);
  });

  test('wrong: PAID_LATE while an exact transfer made in time is unmatched', () => {
    const onTime = transfer(1);
    const late = transfer(2, { blockTime: T0 + 2 * HOUR });
    const r = judge({
      transfers: [onTime, late], payments: [payment(onTime, { intentId: null }), payment(late)], api: [apiIntent({ exception: 'PAID_LATE' })], headTime: T0 + 3 * HOUR,
      events: [...lifecycle('pi_1', 'CREATED', 'EXPIRED', 'PENDING', 'PAID'), event('e_u', 'PAYMENT_UNMATCHED', { id: payment(onTime).id })],
    });
    assert.match(r.wrong.join(), /payd gives it to nobody/);
  });

  test('refused: an intent creation payd refused', () => {
    assert.equal(judge({ refusals: ['intent 3: 503 unavailable'] }).refused.length, 1);
  });

  test('confirmed then lost: a payment once CONFIRMED whose transfer is still there, an intent that left PAID', () => {
    const t = transfer(1);
    const r = judge({ payments: [payment(t, { status: 'REORGED' })], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], history: { everConfirmed: new Map([['k', payment(t)]]), everPaid: new Set(['pi_1']) }, removed: ['0xb1'] });
    assert.equal(r.lost.length, 2);
  });

  test('reorganised without a reorg: REORGED in a block that never left the chain', () => {
    const t = transfer(1);
    const stale = payment(t, { id: 'pay_old', status: 'REORGED', blockHash: '0xold' });
    assert.equal(judge({ payments: [payment(t), stale] }).spurious.length, 1);
    assert.deepEqual(judge({ payments: [payment(t), stale], removed: ['0xold'] }).spurious, []);
  });

  test('webhooks: an event never delivered, or delivered with another body', () => {
    const events = lifecycle('pi_1', 'CREATED', 'PENDING', 'PAID');
    assert.match(judge({ events, deliveries: [delivered(events[0]), delivered(events[1])] }).webhooks[0], /never delivered/);
    assert.match(judge({ events, deliveries: [...events.map(delivered), { id: events[2].id, ok: true, payload: { type: events[2].type, data: { id: 'pi_1', status: 'PENDING' } } }] }).webhooks[0], /different body/);
  });

  test('shared payout address: a matched transfer that is also another tenant\'s unmatched payment', () => {
    const t = transfer(1);
    const r = judge({ payments: [payment(t), payment(t, { id: 'pay_b', tenant: 'B', intentId: null })], watchers: [[PAYOUT, ['A', 'B']]] });
    assert.match(r.doubled.join(), /matched \(A\) and unmatched \(B\) at once/);
  });
});
