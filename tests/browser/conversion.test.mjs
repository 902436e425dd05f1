// Paying with another token on the hosted intent page (DECISIONS §16, issue 38 item 1), in
// Chromium, from an EIP-6963 test wallet backed by anvil, against a real Uniswap v3 deployment
// (tests/e2e/lib/uniswap.mjs): the page offers ETH and DAI beside the intent's USDC, quoted on
// chain; the payer picks one and clicks the wallet button; the wallet sends what payd prepared
// (the swap, after an approval for DAI) and the merchant receives exactly the intent's amount.
// Each state is screenshotted and checked with axe-core.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { formatUnits, parseEther } from 'viem';

import { eventually, PAYER, PAYER2, PAYOUT } from '../e2e/lib/chain.mjs';
import { balanceOf, mintDai, movePrice } from '../e2e/lib/uniswap.mjs';
import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';
import { TestWallet } from './lib/test_wallet.mjs';

describe('the intent page pays with another token', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite({ conversion: true });

  async function openIntent(intent, wallet, viewport) {
    const context = await browser.newContext(viewport ? { viewport } : {});
    await wallet.install(context);
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${intent.id}`);
    return page;
  }
  const paymentOf = (txHash) => eventually(async () => {
    const list = (await s.payd.request('GET', '/api/v1/payments?limit=100', { key: s.merchant.read.key })).json.data;
    const p = list.find((x) => x.txHash === txHash);
    return p?.paidWith ? p : null;
  }, { what: `the payment of ${txHash} with what paid it`, timeout: 30000 });

  test('ETH: the choice, one transaction, exactly the intent\'s USDC to the merchant', async () => {
    const intent = await s.createIntent({ amount_usd: '25.00' });
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: PAYER });
    const page = await openIntent(intent, wallet);
    const choice = page.getByRole('group', { name: 'Pay with' });
    await choice.waitFor();
    // The intent's token, then the integration's other tokens and the chain's coin.
    assert.deepEqual(await choice.getByRole('radio').evaluateAll((els) => els.map((e) => e.value)), ['USDC', 'DAI', 'ETH']);
    assert.ok(await choice.getByRole('radio', { name: /^USDC/ }).isChecked(), 'the intent\'s own token first');
    await checkState(page, 'conversion', 'choice');
    await choice.getByRole('radio', { name: /^ETH: about 0\.0083/ }).check();
    await checkState(page, 'conversion', 'eth-chosen');
    const before = await balanceOf(s.chain, s.uni.usdc, PAYOUT);
    await page.getByRole('button', { name: 'Pay with Test Wallet' }).click();
    await page.locator('#status').filter({ hasText: 'Paid' }).waitFor({ timeout: 30000 });
    await checkState(page, 'conversion', 'paid-with-eth');
    assert.equal(wallet.sent.length, 1, 'one transaction');
    assert.equal(await balanceOf(s.chain, s.uni.usdc, PAYOUT) - before, BigInt(intent.amount));
    const tx = await s.chain.client.getTransaction({ hash: wallet.sent[0] });
    assert.equal(tx.to.toLowerCase(), s.uni.router.toLowerCase());
    const payment = await paymentOf(wallet.sent[0]);
    assert.equal(payment.paidWith.token, 'ETH');
    assert.equal(payment.senderAddress, PAYER.address);
    // The receipt says what the payer spent, once payd has read it from the transaction.
    await page.reload();
    assert.equal(await page.locator('#paid-with').textContent(), `${payment.paidWith.amountFormatted} ETH`);
    await checkState(page, 'conversion', 'receipt-paid-with-eth');
  });

  test('DAI: an approval, then the swap, on a phone-sized page', async () => {
    const intent = await s.createIntent({ amount_usd: '12.00' });
    await mintDai(s.chain, s.uni, PAYER2.address, '50');
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: PAYER2 });
    const page = await openIntent(intent, wallet, { width: 320, height: 720 });
    const choice = page.getByRole('group', { name: 'Pay with' });
    await choice.getByRole('radio', { name: /^DAI: about 12\.0/ }).check();
    await checkState(page, 'conversion', 'dai-chosen-phone');
    const before = await balanceOf(s.chain, s.uni.usdc, PAYOUT);
    await page.getByRole('button', { name: 'Pay with Test Wallet' }).click();
    await page.locator('#status').filter({ hasText: 'Paid' }).waitFor({ timeout: 30000 });
    assert.equal(wallet.sent.length, 2, 'the approval and the swap');
    assert.equal(await balanceOf(s.chain, s.uni.usdc, PAYOUT) - before, BigInt(intent.amount));
    assert.equal((await paymentOf(wallet.sent[1])).paidWith.token, 'DAI');
  });

  test('the widget on a shop page offers the same choice, and ETH pays the intent exactly', async () => {
    s.shop.page('/convert', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Checkout at the shop</h1>
<script>window.paydEvents = []; document.addEventListener('payd:paid', (e) => { e.preventDefault(); window.paydEvents.push(e.detail.intent); });</script>
<script src="${s.base}/widget.js" data-integration="${s.integration}" data-amount-usd="5.00" data-currency="USDC" data-chain-id="31337"></script>
</main></body></html>`);
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: PAYER });
    const context = await browser.newContext();
    await wallet.install(context);
    const page = await context.newPage();
    await page.goto(`${s.shop.url}/convert`);
    await page.getByRole('button', { name: 'Pay with crypto' }).click();
    const checkout = page.frameLocator('iframe[title="Payment"]');
    const choice = checkout.getByRole('group', { name: 'Pay with' });
    await choice.waitFor();
    assert.deepEqual(await choice.getByRole('radio').evaluateAll((els) => els.map((e) => e.value)), ['USDC', 'DAI', 'ETH']);
    await choice.getByRole('radio', { name: /^ETH: about/ }).check();
    await checkState(page, 'conversion-widget', 'eth-chosen');
    const before = await balanceOf(s.chain, s.uni.usdc, PAYOUT);
    await checkout.getByRole('button', { name: 'Pay with Test Wallet' }).click();
    await page.waitForFunction(() => window.paydEvents.length > 0, null, { timeout: 30000 });
    const paid = await page.evaluate(() => window.paydEvents[0]);
    assert.equal(paid.status, 'PAID');
    assert.equal(await balanceOf(s.chain, s.uni.usdc, PAYOUT) - before, BigInt(paid.amount), 'exactly the intent\'s USDC');
    assert.equal(wallet.sent.length, 1, 'one transaction');
    assert.equal((await paymentOf(wallet.sent[0])).paidWith.token, 'ETH');
    await context.close();
  });

  test('a quote past its freshUntil is asked again, and the choice shows the new one', async () => {
    const intent = await s.createIntent({ amount_usd: '25.00' });
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: PAYER });
    const context = await browser.newContext();
    await wallet.install(context);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${s.base}/pay/${intent.id}`);
    const eth = page.locator('label[data-token="ETH"]');
    await eth.waitFor();
    const first = await eth.textContent();
    // ETH becomes cheaper: paying 25 USDC takes more of it.
    await movePrice(s.chain, s.uni, { tokenIn: 'ETH', amountIn: parseEther('50') });
    const asked = await s.payd.request('GET', `/public/integrations/${s.integration}/intents/${intent.id}/conversions`, { headers: { Origin: s.base } });
    assert.equal(asked.status, 200, asked.text);
    const offers = asked.json;
    const quote = offers.data.find((o) => o.token === 'ETH');
    // The label's "about" figure: the quote to 6 decimals, rounded to nearest (convert.js readable).
    const about = formatUnits((BigInt(quote.amountIn.amount) + 500000000000n) / 1000000000000n, 6);
    assert.ok(!first.includes(`about ${about} `), 'the quote moved');
    await page.clock.fastForward(31000);
    await page.locator('label[data-token="ETH"]', { hasText: `about ${about} ` }).waitFor({ timeout: 10000 });
    await context.close();
  });
});
