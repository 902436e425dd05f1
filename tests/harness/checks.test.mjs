// The harness's judge judged: hand-made final chains and payd states that
// each class of check must flag, and states it must accept (the choices the
// rules leave open). No chain or payd here: node --test tests/harness/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { checkScenario } from './checks.mjs';
import { transferKey } from './final_chain.mjs';

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-22T12:00:00Z');
const PAYOUT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const PAYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const intent = (over = {}) => ({
  id: 'pi_1', tenant: 'A', token: 'USDC', recipient: PAYOUT, requested: 1_000_000n, exact: 1_000_001n,
  createdAt: T0, expiresAt: T0 + HOUR, hint: null, trustedHint: null, order: 0, ...over,
});
const transfer = (n, over = {}) => {
  const t = {
    txHash: `0x${String(n).padStart(64, '0')}`, logIndex: 0, blockNumber: 10 + n, blockHash: `0xb${n}`,
    blockTime: T0 + n * 1000, txIndex: 0, token: 'USDC', amount: 1_000_001n, from: PAYER, to: PAYOUT, ...over,
  };
  return { ...t, key: transferKey(t.txHash, t.logIndex) };
};
const payment = (t, over = {}) => ({
  id: `pay_${t.txHash.slice(-4)}${over.status ?? ''}`, tenant: 'A', intentId: 'pi_1', status: 'CONFIRMED', token: t.token,
  amount: String(t.amount), txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, blockHash: t.blockHash,
  confirmations: 12, ...over,
});
const apiIntent = (over = {}) => ({ id: 'pi_1', status: 'PAID', exception: null, amountReceived: '1000001', ...over });
const event = (id, type, data, tenant = 'A') => ({ id, tenant, type, data });
const delivered = (e) => ({ id: e.id, ok: true, payload: { type: e.type, data: e.data } });

// One scenario: defaults are a single intent paid by one exact transfer, told to the merchant.
function judge({ intents = [intent()], transfers = [transfer(1)], payments, api, events, deliveries, history = {}, removed = [], headTime = T0 + 2 * HOUR } = {}) {
  const ts = transfers;
  const pays = payments ?? ts.map((t) => payment(t));
  const apis = api ?? [apiIntent()];
  const evs = events ?? [event('evt_1', 'PAYMENT_CREATED', { id: 'pi_1', status: 'CREATED' }), event('evt_2', 'PAYMENT_CONFIRMED', { id: 'pi_1', status: apis[0].status })];
  return checkScenario({
    final: { transfers: ts, headTime },
    intents,
    api: new Map(apis.map((a) => [a.id, a])),
    payments: pays,
    watchers: new Map([[PAYOUT, ['A']]]),
    history: { everConfirmed: new Map(), everPaid: new Set(), leftPaid: [], everReorged: new Map(), ...history },
    events: evs,
    deliveries: new Map([['A', deliveries ?? evs.map(delivered)]]),
    removed: new Set(removed),
  });
}
const findings = (r) => Object.entries(r).filter(([k, v]) => k !== 'notes' && v.length).map(([k, v]) => `${k}: ${v.join(' / ')}`);

describe('the harness checks', () => {
  test('an intent paid by its exact transfer, told to the merchant: nothing to report', () => {
    assert.deepEqual(findings(judge()), []);
  });

  test('missed: a transfer with no live payment, or one not CONFIRMED once settled', () => {
    const r = judge({ payments: [], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], events: [event('e', 'PAYMENT_CREATED', { id: 'pi_1', status: 'CREATED' })] });
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

  test('wrong: an unproven hint moving money; a received amount that is not its payments; a status the rules do not give', () => {
    const under = transfer(1, { amount: 400_000n });
    const hinted = intent({ hint: PAYER });
    const r = judge({ intents: [hinted], transfers: [under], api: [apiIntent({ status: 'PENDING', exception: 'UNDERPAID', amountReceived: '400000' })] });
    assert.match(r.wrong[0], /unproven sender hint/);
    assert.deepEqual(findings(judge({ intents: [intent({ hint: PAYER, trustedHint: PAYER })], transfers: [under], api: [apiIntent({ status: 'FAILED', exception: 'UNDERPAID', amountReceived: '400000' })], events: [event('e', 'PAYMENT_FAILED', { id: 'pi_1', status: 'FAILED' })] })), [],
      'a proven hint may; short at expiry is FAILED/UNDERPAID');
    assert.match(judge({ api: [apiIntent({ amountReceived: '2' })] }).wrong[0], /amountReceived/);
    assert.match(judge({ api: [apiIntent({ exception: 'OVERPAID' })] }).wrong[0], /expected PAID\/null/);
  });

  test('wrong: an intent short while its exact transfer is unmatched; not when another transfer covers it', () => {
    const [a, b] = [transfer(1), transfer(2)];
    const lost = judge({ transfers: [b], payments: [payment(b, { intentId: null }), payment(a, { status: 'REORGED' })], api: [apiIntent({ status: 'EXPIRED', amountReceived: '0' })], events: [event('e', 'PAYMENT_EXPIRED', { id: 'pi_1', status: 'EXPIRED' })] });
    assert.match(lost.wrong.join(), /short \(0\) while its exact transfer/);
    const told = [event('e1', 'PAYMENT_CREATED', { id: 'pi_1', status: 'CREATED' }), event('e2', 'PAYMENT_CONFIRMED', { id: 'pi_1', status: 'PAID' }),
      event('e3', 'PAYMENT_UNMATCHED', { id: payment(a).id })];
    const covered = judge({ transfers: [a, b], payments: [payment(a, { intentId: null }), payment(b)], events: told });
    assert.deepEqual(findings(covered), [], 'which of two exact transfers pays is payd\'s choice');
  });

  test('wrong: PAID_LATE while an exact transfer made in time is unmatched; late and over at once may be either', () => {
    const onTime = transfer(1);
    const late = transfer(2, { blockTime: T0 + 2 * HOUR });
    const r = judge({ transfers: [onTime, late], payments: [payment(onTime, { intentId: null }), payment(late)], api: [apiIntent({ exception: 'PAID_LATE' })] });
    assert.match(r.wrong.join(), /PAID_LATE while/);
    const over = transfer(3, { blockTime: T0 + 2 * HOUR, amount: 1_500_000n });
    const both = (exception) => judge({ intents: [intent({ trustedHint: PAYER, hint: PAYER, expiresAt: T0 + 3 * HOUR })], transfers: [transfer(1, { amount: 1n }), over], api: [apiIntent({ exception, amountReceived: '1500001' })], headTime: T0 + 4 * HOUR });
    assert.deepEqual(findings(both('OVERPAID')), []);
  });

  test('an intent that expired unpaid after a reorg took its payment may be EXPIRED or FAILED; without one, EXPIRED only', () => {
    const gone = payment(transfer(1), { status: 'REORGED' });
    const failed = apiIntent({ status: 'FAILED', amountReceived: '0' });
    const trail = [event('e', 'PAYMENT_FAILED', { id: 'pi_1', status: 'FAILED' })];
    assert.deepEqual(findings(judge({ transfers: [], payments: [gone], api: [failed], events: trail, removed: ['0xb1'] })), []);
    assert.match(judge({ transfers: [], payments: [], api: [failed], events: trail }).wrong[0], /expected EXPIRED/);
  });

  test('confirmed then lost: a payment once CONFIRMED whose transfer is still there, an intent that left PAID', () => {
    const t = transfer(1);
    const seen = payment(t);
    const r = judge({ payments: [payment(t, { status: 'REORGED' })], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], history: { everConfirmed: new Map([['k', seen]]), everPaid: new Set(['pi_1']) }, removed: ['0xb1'] });
    assert.equal(r.lost.length, 2);
  });

  test('reorganised without a reorg: REORGED in a block that never left the chain', () => {
    const t = transfer(1);
    const stale = payment(t, { id: 'pay_old', status: 'REORGED', blockHash: '0xold' });
    assert.equal(judge({ payments: [payment(t), stale] }).spurious.length, 1);
    assert.deepEqual(judge({ payments: [payment(t), stale], removed: ['0xold'] }).spurious, []);
  });

  test('webhooks: an event never delivered, or delivered with another body', () => {
    const e = event('evt_1', 'PAYMENT_CONFIRMED', { id: 'pi_1', status: 'PAID' });
    const events = [event('evt_0', 'PAYMENT_CREATED', { id: 'pi_1', status: 'CREATED' }), e];
    assert.match(judge({ events, deliveries: [delivered(events[0])] }).webhooks[0], /never delivered/);
    assert.match(judge({ events, deliveries: [...events.map(delivered), { id: 'evt_1', ok: true, payload: { type: e.type, data: { id: 'pi_1', status: 'PENDING' } } }] }).webhooks[0], /different body/);
  });

  test('last event wrong: PENDING undone by a reorg needs PAYMENT_REVERSED', () => {
    const events = [event('e1', 'PAYMENT_CREATED', { id: 'pi_1', status: 'CREATED' }), event('e2', 'PAYMENT_PENDING', { id: 'pi_1', status: 'PENDING' })];
    const args = { transfers: [], payments: [payment(transfer(1), { status: 'REORGED' })], api: [apiIntent({ status: 'CREATED', amountReceived: '0' })], removed: ['0xb1'], headTime: T0 };
    assert.match(judge({ ...args, events }).trail[0], /last event is PAYMENT_PENDING/);
    const reversed = [...events, event('e3', 'PAYMENT_REVERSED', { id: 'pi_1', status: 'CREATED' })];
    assert.deepEqual(findings(judge({ ...args, events: reversed })), []);
  });
});
