// Paying with another token (DECISIONS §16, issue 38 item 1) against a real Uniswap v3
// deployment on anvil (its published npm artifacts: tests/e2e/lib/uniswap.mjs): payd quotes
// with the deployment's QuoterV2 and prepares the calls; the payer's own wallet sends them
// (viem here, as the page's wallet would), and SwapRouter02 delivers exactly the intent's
// amount of USDC to the payout address, which payd matches like any exact payment. A swap
// that would exceed its slippage bound reverts in the payer's transaction and nothing is
// recorded; a token no pool trades is not offered.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createWalletClient, formatEther, formatUnits } from 'viem';

import { localTransport } from '../../tools/devchain/chain.mjs';
import { chainConfig, eventually, PAYER, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { balanceOf, deployPoollessToken, deployUniswap, mintDai, movePrice, swapConfig } from './lib/uniswap.mjs';

describe('paying with another token through a swap in the payer\'s transaction', () => {
  let chain, uni, lone, payd, shop;
  const base = () => `/public/integrations/${shop.integration.id}/intents`;
  const get = (path) => payd.request('GET', path, { headers: { Origin: 'https://shop.example' } });
  const newIntent = async (amountUsd) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // What the payer's wallet does with payd's calls: sends each, in order, and waits for it.
  const send = async (account, calls, { gas } = {}) => {
    const wallet = createWalletClient({ account, chain: chain.viemChain, transport: localTransport(chain.url) });
    const receipts = [];
    for (const c of calls) {
      const hash = await wallet.sendTransaction({ to: c.to, data: c.data, value: BigInt(c.value), ...(gas ? { gas } : {}) });
      receipts.push(await chain.client.waitForTransactionReceipt({ hash }));
    }
    return receipts;
  };
  // The payment of a transaction once its receipt was read for the swap (paidWith set).
  const swapPayment = (txHash) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    const p = list.find((x) => x.txHash === txHash);
    return p?.paidWith ? p : null;
  }, { what: `the payment of ${txHash} with what paid it`, timeout: 20000 });
  const paid = (id) => eventually(async () => {
    const i = (await get(`${base()}/${id}`)).json;
    return i.status === 'PAID' ? i : null;
  }, { what: `${id} PAID`, timeout: 20000 });

  before(async () => {
    chain = await startChain();
    uni = await deployUniswap(chain);
    lone = await deployPoollessToken(chain);
    const extra = `${swapConfig(uni)}
[[chains.tokens]]
symbol = "LONE"
name = "A token no pool trades"
address = "${lone}"
decimals = 18
price_usd = "1"
`;
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1, extra }) });
    shop = createMerchant(payd, { tokens: 'USDC,DAI,ETH,LONE' });
    payd.admin(['integration', 'update', shop.integration.id, '--preferred-token', 'USDC', '--auto-conversion', 'true']);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('offered: DAI and ETH, quoted on chain; the token no pool trades is not', async () => {
    const pi = await newIntent('25.00');
    const r = await get(`${base()}/${pi.id}/conversions`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.receives, { token: 'USDC', amount: pi.amount, amountFormatted: pi.amountFormatted, recipient: PAYOUT });
    assert.deepEqual(r.json.data.map((o) => o.token).sort(), ['DAI', 'ETH']);
    const eth = r.json.data.find((o) => o.token === 'ETH');
    assert.equal(eth.fee, 500);
    // 25.000001 USDC at 3000 USDC per ETH, plus the pool's 0.05% and a little price impact.
    const wei = BigInt(eth.amountIn.amount);
    assert.ok(wei > 8_333_000_000_000_000n && wei < 8_345_000_000_000_000n, `${wei} wei for 25 USDC`);
    assert.equal(BigInt(eth.amountInMaximum.amount), (wei * 10050n + 9999n) / 10000n, 'the quote plus 0.5%, rounded up');
    assertApiError(await get(`${base()}/${pi.id}/conversions/LONE`), 404, 'not_found');
  });

  test('with ETH: one transaction, the merchant receives exactly the intent\'s USDC, the payer gets the rest back', async (t) => {
    const pi = await newIntent('25.00');
    const plan = (await get(`${base()}/${pi.id}/conversions/ETH?payer=${PAYER.address}`)).json;
    assert.deepEqual(plan.calls.map((c) => c.purpose), ['swap'], 'no approval for the native coin');
    assert.equal(plan.calls[0].to, uni.router);
    assert.equal(plan.calls[0].value, plan.amountInMaximum.amount);
    const before = await balanceOf(chain, uni.usdc, PAYOUT);
    const ethBefore = await chain.client.getBalance({ address: PAYER.address });
    const [receipt] = await send(PAYER, plan.calls);
    assert.equal(receipt.status, 'success');
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT) - before, BigInt(pi.amount), 'exactly the intent\'s amount');
    const spent = ethBefore - await chain.client.getBalance({ address: PAYER.address }) - receipt.gasUsed * receipt.effectiveGasPrice;
    assert.ok(spent <= BigInt(plan.amountInMaximum.amount), `spent ${spent}, bound ${plan.amountInMaximum.amount}`);
    assert.ok(spent >= BigInt(plan.amountIn.amount), 'what the quote said, at least');
    const done = await paid(pi.id);
    assert.equal(done.txHash, receipt.transactionHash);
    assert.equal(done.exception, null);
    assert.equal(done.amountReceived, pi.amount);
    // What the payer spent, read from the receipt; the payer's wallet, not the pool, is the sender.
    const payment = await swapPayment(receipt.transactionHash);
    assert.deepEqual(payment.paidWith, { token: 'ETH', tokenAddress: null, amount: String(spent), amountFormatted: formatEther(spent), payer: PAYER.address });
    assert.equal(payment.senderAddress, PAYER.address);
    assert.equal(payment.amount, pi.amount);
    assert.equal((await get(`${base()}/${pi.id}`)).json.senderAddress, PAYER.address);
    t.diagnostic(`ETH: intent ${pi.amountFormatted} USDC; quote ${plan.amountIn.amountFormatted}, bound ${plan.amountInMaximum.amountFormatted}; spent ${formatEther(spent)} ETH; merchant +${formatUnits(BigInt(pi.amount), 6)} USDC; tx ${receipt.transactionHash} (gas ${receipt.gasUsed})`);
  });

  test('with DAI: one approval and one swap; a second payment needs no new approval', async (t) => {
    const pi = await newIntent('40.00');
    await mintDai(chain, uni, PAYER2.address, '100');
    const plan = (await get(`${base()}/${pi.id}/conversions/DAI?payer=${PAYER2.address}`)).json;
    assert.deepEqual(plan.calls.map((c) => c.purpose), ['approve', 'swap']);
    assert.equal(plan.calls[0].to, uni.dai);
    const before = await balanceOf(chain, uni.usdc, PAYOUT);
    const daiBefore = await balanceOf(chain, uni.dai, PAYER2.address);
    const receipts = await send(PAYER2, plan.calls);
    assert.ok(receipts.every((r) => r.status === 'success'));
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT) - before, BigInt(pi.amount));
    const spent = daiBefore - await balanceOf(chain, uni.dai, PAYER2.address);
    assert.ok(spent >= BigInt(plan.amountIn.amount) && spent <= BigInt(plan.amountInMaximum.amount), `${spent} DAI units`);
    assert.equal((await paid(pi.id)).txHash, receipts[1].transactionHash);
    const payment = await swapPayment(receipts[1].transactionHash);
    assert.deepEqual(payment.paidWith, { token: 'DAI', tokenAddress: uni.dai, amount: String(spent), amountFormatted: formatUnits(spent, 18), payer: PAYER2.address });
    assert.equal(payment.senderAddress, PAYER2.address);
    t.diagnostic(`DAI: intent ${pi.amountFormatted} USDC; quote ${plan.amountIn.amountFormatted}, bound ${plan.amountInMaximum.amountFormatted}; spent ${formatUnits(spent, 18)} DAI; merchant +${formatUnits(BigInt(pi.amount), 6)} USDC; approve ${receipts[0].transactionHash}, swap ${receipts[1].transactionHash} (gas ${receipts[1].gasUsed})`);
    // The approval covered the bound; what is left of it is smaller than the next one's bound.
    const next = await newIntent('1.00');
    const again = (await get(`${base()}/${next.id}/conversions/DAI?payer=${PAYER2.address}`)).json;
    assert.ok(again.calls.length >= 1 && again.calls.at(-1).purpose === 'swap');
  });

  test('a swap that would exceed its slippage bound reverts in the payer\'s wallet; nothing is recorded', async () => {
    const pi = await newIntent('25.00');
    const plan = (await get(`${base()}/${pi.id}/conversions/ETH?payer=${PAYER.address}`)).json;
    await movePrice(chain, uni);  // a big sale of ETH: 25 USDC now costs ~4% more ETH
    const before = await balanceOf(chain, uni.usdc, PAYOUT);
    const [receipt] = await send(PAYER, plan.calls, { gas: 500_000n });
    assert.equal(receipt.status, 'reverted');
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT), before);
    // A fresh quote pays.
    const fresh = (await get(`${base()}/${pi.id}/conversions/ETH?payer=${PAYER.address}`)).json;
    assert.ok(BigInt(fresh.amountIn.amount) > BigInt(plan.amountInMaximum.amount), 'the new price is beyond the old bound');
    const intent = (await get(`${base()}/${pi.id}`)).json;
    assert.equal(intent.status, 'CREATED', 'the reverted swap paid nothing');
    const [ok] = await send(PAYER, fresh.calls);
    assert.equal(ok.status, 'success');
    await paid(pi.id);
  });

  test('refused: an intent in a token other than the preferred one, a paid intent, a bad payer address', async () => {
    const eth = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'ETH', chainId: 31337 });
    assert.equal(eth.status, 201, eth.text);
    assertApiError(await get(`${base()}/${eth.json.id}/conversions`), 404, 'not_found');
    const pi = await newIntent('2.00');
    assertApiError(await get(`${base()}/${pi.id}/conversions/ETH?payer=0xabc`), 400, 'invalid_request', 'payer');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await paid(pi.id);
    assertApiError(await get(`${base()}/${pi.id}/conversions`), 409, 'intent_not_waiting');
  });
});
