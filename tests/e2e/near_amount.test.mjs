// Matching beyond the exact amount (DECISIONS §17, issue 38 item 2) on a real chain: wallets
// that make the payer type the amount send the price without its uniqueness units ("25" for
// 25.000001), and exchanges deduct their fee. Such a transfer is kept unmatched with the one
// intent it fits as its candidate, attached in one step; an integration that opts in has it
// pay the intent at once, marked `matchedBy: near_amount`, with `underpaidBy` when it was short
// within the tolerance. Two intents that fit: unmatched, no candidate.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { eventually, PAYOUT } from './lib/chain.mjs';
import { assertApiError, createIntent } from './lib/payd.mjs';
import { chainMerchantForSuite } from './lib/suite.mjs';

// anvil's development mnemonic (public test keys): a payer per test.
const wallet = (index) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });

describe('matching beyond the exact amount', () => {
  let chain, payd, shop, account;
  const get = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const paymentOf = (txHash) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    return list.find((p) => p.txHash === txHash);
  }, { what: `the payment of ${txHash}`, timeout: 20000 });
  const newIntent = async (amountUsd) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    assert.notEqual(r.json.amountFormatted, amountUsd, 'its exact amount has uniqueness units');
    return r.json;
  };
  const pay = async (index, amount) => {
    const payer = wallet(index);
    await chain.call(chain.usdc, 'mint', [payer.address, parseUnits('1000', 6)]);
    return chain.payUsdc(PAYOUT, parseUnits(amount, 6), { from: payer });
  };
  const patch = (body) => payd.request('PATCH', `/api/v1/integrations/${shop.integration.id}`, { key: account.key, body });
  const paidOf = (id) => eventually(async () => {
    const i = await get(id);
    return i.status === 'PAID' ? i : null;
  }, { what: `${id} PAID`, timeout: 20000 });

  const suite = chainMerchantForSuite();
  before(() => ({ chain, payd, shop, account } = suite));

  test('a typed "25" is kept with its one candidate, and attached in one step', async () => {
    const pi = await newIntent('25.00');
    const tx = await pay(4, '25');
    const kept = await paymentOf(tx.transactionHash);
    assert.equal(kept.intentId, null, 'weaker evidence than an exact amount: not matched by default');
    assert.equal(kept.candidateIntentId, pi.id);
    assert.equal((await get(pi.id)).status, 'CREATED');
    const r = await payd.request('POST', `/api/v1/payments/${kept.id}/attach`, { key: shop.rw.key, body: { intentId: kept.candidateIntentId } });
    assert.equal(r.status, 200, r.text);
    const paid = await paidOf(pi.id);
    assert.equal(paid.matchedBy, 'near_amount');
    assert.equal(paid.underpaidBy, null, 'the price itself');
    assert.equal(paid.exception, null);
    assert.equal(paid.amountReceived, '25000000');
    assert.equal((await paymentOf(tx.transactionHash)).candidateIntentId, null, 'matched now');
  });

  test('two intents that fit: unmatched, no candidate, never a guess', async () => {
    assert.equal((await patch({ matchNearAmounts: true })).status, 200);
    const [a, b] = [await newIntent('31.00'), await newIntent('31.00')];
    const tx = await pay(5, '31');
    const kept = await paymentOf(tx.transactionHash);
    assert.equal(kept.intentId, null);
    assert.equal(kept.candidateIntentId, null);
    assert.equal((await get(a.id)).status, 'CREATED');
    assert.equal((await get(b.id)).status, 'CREATED');
  });

  test('opted in, with a 1% tolerance: an exchange\'s short withdrawal pays, marked for review', async () => {
    const r = await patch({ matchNearAmounts: true, underpaymentTolerance: { percent: '1' } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.underpaymentTolerance, { percent: '1' });
    const pi = await newIntent('40.00');
    const tx = await pay(6, '39.65');  // 0.35 short of 40: within 1% (0.40)
    const paid = await paidOf(pi.id);
    assert.equal(paid.matchedBy, 'near_amount');
    assert.equal(paid.underpaidBy, '0.35');
    assert.equal(paid.exception, null);
    assert.equal(paid.txHash, tx.transactionHash);
    assert.equal((await paymentOf(tx.transactionHash)).intentId, pi.id);
    // Beyond the tolerance: no candidate at all.
    const other = await newIntent('42.00');
    const far = await pay(7, '41.5');
    const kept = await paymentOf(far.transactionHash);
    assert.equal(kept.intentId, null);
    assert.equal(kept.candidateIntentId, null);
    assert.equal((await get(other.id)).status, 'CREATED');
  });

  test('a tolerance out of bounds is refused and changes nothing; the CLI sets one as typed', async () => {
    const before = (await payd.request('GET', `/api/v1/integrations/${shop.integration.id}`, { key: account.key })).json;
    for (const [body, param] of [
      [{ underpaymentTolerance: { percent: '11' } }, 'underpaymentTolerance.percent'],
      [{ underpaymentTolerance: { amount: '-1' } }, 'underpaymentTolerance.amount'],
      [{ underpaymentTolerance: { percent: '1', amount: '1' } }, 'underpaymentTolerance'],
      [{ underpaymentTolerance: '1%' }, 'underpaymentTolerance'],
      [{ matchNearAmounts: null }, 'matchNearAmounts'],
    ]) {
      assertApiError(await patch(body), 400, 'invalid_request', param);
    }
    const after = (await payd.request('GET', `/api/v1/integrations/${shop.integration.id}`, { key: account.key })).json;
    assert.deepEqual(after, before);
    const cli = payd.admin(['integration', 'update', shop.integration.id, '--underpayment-tolerance', '0.50', '--match-near-amounts', 'false']);
    assert.deepEqual(cli.underpaymentTolerance, { amount: '0.5' });
    assert.equal(cli.matchNearAmounts, false);
    const bad = payd.adminRaw(['integration', 'update', shop.integration.id, '--underpayment-tolerance', '12%']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /underpayment-tolerance/);
    const cleared = await patch({ underpaymentTolerance: null });
    assert.equal(cleared.json.underpaymentTolerance, null);
  });
});
