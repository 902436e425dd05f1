// One payd watching two chains (issue 16): two anvils with different chain ids
// and the test USDC at the same address on both (same deployer, nonce 0), one
// payout address, confirmations 2 on one and 4 on the other. Matching stays
// inside a chain (DECISIONS §5 rule 1: exact amounts are unique per chain,
// token and recipient, so they may repeat across chains; a trusted sender
// hint is for "that recipient in that token" of its intent's chain), each
// chain has its own watcher (operator guide: "Each [[chains]] entry gets its
// own watcher thread", so a stalled or unreachable node holds back only its
// own chain), each intent waits for its own chain's confirmations (§5
// "PENDING → PAID: it reaches the chain's required confirmations") and
// expires by its own chain's time (api-reference: "Time means chain time").
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, proveSender, startPayd } from './lib/payd.mjs';
import { startRpcProxy } from './lib/rpc_proxy.mjs';

const A = 31337;
const B = 31338;

// A proxy whose node can stall: while stalled it takes requests and answers
// none (a hung provider, worse than a refused connection: nothing fails fast).
async function stallableProxy(upstream) {
  let waiting = [];
  let stalled = false;
  const proxy = await startRpcProxy(upstream, {
    intercept: () => (stalled ? new Promise((r) => waiting.push(r)) : undefined),
  });
  proxy.stall = () => { stalled = true; };
  // Sends what was held on to the node, as a provider that recovers does.
  proxy.unstall = () => {
    stalled = false;
    for (const r of waiting) r(undefined);
    waiting = [];
  };
  proxy.held = () => waiting.length;
  return proxy;
}

describe('one payd, two chains', () => {
  let chainA, chainB, proxyA, proxyB, payd, shop;

  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read })).json;
  const payments = async () => (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read })).json.data;
  const waitIntent = (id, check, what) => eventually(async () => {
    const i = await intent(id);
    return check(i) ? i : null;
  }, { what: `${id} ${what}` });
  const waitStatus = (id, status) => waitIntent(id, (i) => i.status === status, status);
  const paymentOf = (hash) => eventually(async () => (await payments()).find((p) => p.txHash === hash), { what: `payment of ${hash}` });
  const newIntent = async (chainId, amountUsd) => {
    const r = await createIntent(payd, shop.integration, { amount_usd: amountUsd, currency: 'USDC', chainId });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  before(async () => {
    [chainA, chainB] = await Promise.all([startChain(), startChain({ chainId: B })]);
    assert.equal(chainB.usdc.address, USDC_ADDRESS, 'the test USDC has the same address on both chains');
    proxyA = await stallableProxy(chainA.url);
    proxyB = await stallableProxy(chainB.url);
    payd = await startPayd({
      config: '[limits]\napi_requests_per_min = 1000000\npublic_intents_per_min = 1000\n' +
        chainConfig({ url: proxyA.url, chainId: A }, { confirmations: 2, name: 'Chain A' }) +
        chainConfig({ url: proxyB.url, chainId: B }, { confirmations: 4, name: 'Chain B' }),
    });
    const tenant = payd.admin(['tenant', 'create', '--name', 'Two chains']);
    const integration = payd.admin([
      'integration', 'create', '--tenant', tenant.id, '--name', 'Web', '--chains', `${A},${B}`,
      '--tokens', 'USDC', '--payout', PAYOUT, '--origins', 'https://shop.example',
    ]);
    const key = (scopes) => payd.admin(['key', 'create', '--tenant', tenant.id, '--name', scopes, '--scopes', scopes]).key;
    shop = { integration: integration.id, read: key('payments:read') };
  });
  after(() => stopAll(
    () => payd?.close(),
    () => proxyA?.close(),
    () => proxyB?.close(),
    () => chainA?.stop(),
    () => chainB?.stop(),
  ));

  test('the same price on both chains gets the same exact amount, and a transfer pays only an intent of its own chain', async () => {
    const a1 = await newIntent(A, '11.00');
    const b1 = await newIntent(B, '11.00');
    // Rule 1: the fewest extra units (at least one) that make the amount unique
    // on its own (chain, token, recipient); chain A's reservation does not count on B.
    assert.equal(a1.amount, '11000001');
    assert.equal(b1.amount, '11000001');
    assert.equal(a1.tokenAddress, b1.tokenAddress);
    assert.equal(a1.recipient, b1.recipient);
    assert.deepEqual([a1.chainId, a1.chain, b1.chainId, b1.chain], [A, 'Chain A', B, 'Chain B']);
    assert.equal(b1.paymentUri, `ethereum:${USDC_ADDRESS}@${B}/transfer?address=${PAYOUT}&uint256=11000001`);
    const a2 = await newIntent(A, '11.00');
    assert.equal(a2.amount, '11000002');

    // Chain A's second exact amount, paid on chain B where no intent has it.
    const stray = await chainB.payUsdc(PAYOUT, 11000002n);
    const unmatched = await paymentOf(stray.transactionHash);
    assert.equal(unmatched.intentId, null, 'an amount of chain A paid on chain B matches nothing');
    assert.deepEqual([unmatched.chainId, unmatched.chain, unmatched.amount], [B, 'Chain B', '11000002']);
    // The pass that recorded the stray transfer is the one that could have matched it.
    assert.equal((await intent(a2.id)).status, 'CREATED');

    // The amount both chains share, paid on chain B: chain B's intent, never chain A's.
    const onB = await chainB.payUsdc(PAYOUT, 11000001n);
    const pendingB = await waitStatus(b1.id, 'PENDING');
    assert.equal(pendingB.txHash, onB.transactionHash);
    const paymentB = await paymentOf(onB.transactionHash);
    assert.deepEqual([paymentB.intentId, paymentB.chainId, paymentB.chain], [b1.id, B, 'Chain B']);
    const stillA = await intent(a1.id);
    assert.equal(stillA.status, 'CREATED', "chain B's transfer left chain A's intent alone");

    const onA = await chainA.payUsdc(PAYOUT, 11000001n);
    const pendingA = await waitStatus(a1.id, 'PENDING');
    assert.equal(pendingA.txHash, onA.transactionHash);
    const paymentA = await paymentOf(onA.transactionHash);
    assert.deepEqual([paymentA.intentId, paymentA.chainId, paymentA.chain], [a1.id, A, 'Chain A']);
    assert.equal((await intent(a2.id)).status, 'CREATED');
    assert.equal((await payments()).filter((p) => p.intentId === b1.id).length, 1, "chain A's transfer is not chain B's");
  });

  test("a sender hint proven for an intent on chain A does not take the sender's transfers on chain B", async () => {
    const a = await newIntent(A, '15.00');
    assert.equal((await proveSender(payd, shop.integration, a.id, PAYER2)).status, 200);
    const onB = await chainB.payUsdc(PAYOUT, '3', { from: PAYER2 });
    const unmatched = await paymentOf(onB.transactionHash);
    assert.deepEqual([unmatched.intentId, unmatched.chainId], [null, B]);
    assert.equal((await intent(a.id)).status, 'CREATED');
    // The same transfer on chain A is the hinted payer's, short of the amount.
    await chainA.payUsdc(PAYOUT, '3', { from: PAYER2 });
    const short = await waitIntent(a.id, (i) => i.exception === 'UNDERPAID', 'UNDERPAID');
    assert.deepEqual([short.status, short.amountReceived], ['PENDING', '3000000']);
  });

  test("each intent waits for its own chain's confirmations: 2 on chain A, 4 on chain B", async () => {
    const a = await newIntent(A, '12.00');
    const b = await newIntent(B, '12.00');
    assert.equal(a.requiredConfirmations, 2);
    assert.equal(b.requiredConfirmations, 4);
    const payA = await chainA.payUsdc(PAYOUT, BigInt(a.amount));
    const payB = await chainB.payUsdc(PAYOUT, BigInt(b.amount));
    await waitIntent(a.id, (i) => i.status === 'PENDING' && i.confirmations === 1, 'PENDING with 1 confirmation');
    await waitIntent(b.id, (i) => i.status === 'PENDING' && i.confirmations === 1, 'PENDING with 1 confirmation');

    await chainA.mine(1);
    const paidA = await waitStatus(a.id, 'PAID');
    assert.equal(paidA.confirmations, 2);
    // Chain B's intent, read as payd counts each confirmation: not PAID before its 4th.
    for (const depth of [2, 3]) {
      await chainB.mine(1);
      const i = await waitIntent(b.id, (x) => x.confirmations >= depth, `${depth} confirmations`);
      assert.deepEqual([i.status, i.confirmations], ['PENDING', depth], `chain B's intent at ${depth} confirmations`);
      const p = (await payments()).find((x) => x.txHash === payB.transactionHash);
      assert.equal(p.status, 'PENDING', `chain B's payment at ${depth} confirmations`);
    }
    await chainB.mine(1);
    const paidB = await waitStatus(b.id, 'PAID');
    assert.equal(paidB.confirmations, 4);
    const all = await payments();
    assert.equal(all.find((p) => p.txHash === payA.transactionHash).status, 'CONFIRMED');
    assert.equal(all.find((p) => p.txHash === payB.transactionHash).status, 'CONFIRMED');
  });

  test("a stalled node on chain B holds back only chain B: chain A's payments are recorded and confirmed meanwhile", async (t) => {
    proxyB.stall();
    t.after(() => proxyB.unstall());  // should the test fail while it stalls
    // payd's chain B watcher is now inside a call that gets no answer.
    await eventually(() => proxyB.held() > 0, { what: 'a request to chain B held' });
    const a = await newIntent(A, '13.00');
    const b = await newIntent(B, '13.00');
    const payB = await chainB.payUsdc(PAYOUT, BigInt(b.amount));
    const payA = await chainA.payUsdc(PAYOUT, BigInt(a.amount));
    await waitStatus(a.id, 'PENDING');
    await chainA.mine(1);
    await waitStatus(a.id, 'PAID');
    assert.equal((await paymentOf(payA.transactionHash)).status, 'CONFIRMED');
    assert.ok(proxyB.held() > 0, 'chain B was stalled throughout');
    assert.equal((await intent(b.id)).status, 'CREATED');

    // Chain B's node answers again: the transfer made while it stalled is found.
    proxyB.unstall();
    await waitStatus(b.id, 'PENDING');
    await chainB.mine(3);
    await waitStatus(b.id, 'PAID');
    assert.equal((await paymentOf(payB.transactionHash)).status, 'CONFIRMED');
  });

  // Chain A is the first configured: a watcher loop that gave up on the rest
  // when the first failed would show here.
  test("an unreachable node on chain A holds back only chain A: chain B's payments are recorded and confirmed meanwhile", async (t) => {
    const from = payd.logs.length;
    proxyA.setDown(true);
    t.after(() => proxyA.setDown(false));
    // payd has found chain A unreachable and backs off.
    await eventually(() => payd.logs.slice(from).some((l) => l.msg === 'chain pass failed; retrying' && l.chainId === A),
      { what: 'a failed pass of chain A' });
    const a = await newIntent(A, '14.00');
    const b = await newIntent(B, '14.00');
    const payA = await chainA.payUsdc(PAYOUT, BigInt(a.amount));
    const payB = await chainB.payUsdc(PAYOUT, BigInt(b.amount));
    await waitStatus(b.id, 'PENDING');
    await chainB.mine(3);
    await waitStatus(b.id, 'PAID');
    assert.equal((await paymentOf(payB.transactionHash)).status, 'CONFIRMED');
    assert.equal(proxyA.down, true);
    assert.equal((await intent(a.id)).status, 'CREATED');

    // Back, chain A's watcher tries again after its backoff (at most 30 s).
    proxyA.setDown(false);
    await eventually(async () => (await intent(a.id)).status === 'PENDING', { timeout: 40000, what: 'chain A back' });
    await chainA.mine(1);
    await waitStatus(a.id, 'PAID');
    assert.equal((await paymentOf(payA.transactionHash)).status, 'CONFIRMED');
  });

  // Last: chain B's clock stays far ahead of the other's from here on.
  test("each chain's own time expires its intents: chain B's clock passing expiresAt leaves chain A's intent open", async () => {
    const a = await newIntent(A, '16.00');
    const b = await newIntent(B, '16.00');
    const head = await chainB.client.getBlock({ blockTag: 'latest' });
    const past = Math.ceil(Date.parse(b.expiresAt) / 1000) - Number(head.timestamp) + 60;
    await chainB.rpc('evm_increaseTime', [past]);
    await chainB.mine(1);
    await waitStatus(b.id, 'EXPIRED');
    assert.equal((await intent(a.id)).status, 'CREATED', "chain B's time is not chain A's");
    // On chain A the intent is still on time: paid, not late.
    await chainA.payUsdc(PAYOUT, BigInt(a.amount));
    await chainA.mine(1);
    const paid = await waitStatus(a.id, 'PAID');
    assert.equal(paid.exception, null);
  });
});
