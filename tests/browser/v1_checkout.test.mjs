// An intent asked on /v1 (DECISIONS §12), as a payer meets it: its
// checkoutUrl asks how to pay among the options the merchant allowed (the
// same choice as a link's page), the choice reserves an exact amount, the
// payer may change it while nothing is seen on chain, and pays. At a phone's
// width, axe-checked in every state.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PAYOUT } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('an intent asked on /v1', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  const ask = async (body) => {
    const r = await s.payd.request('POST', '/v1/payment_intents', { key: s.merchant.rw.key, body });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const v1 = async (id) => (await s.payd.request('GET', `/v1/payment_intents/${id}`, { key: s.merchant.read.key })).json;

  test('the payer chooses, changes the choice while nothing is sent, and pays', async () => {
    // JSON.stringify writes 25.00 as 25: the merchant asked for "25" USD.
    const pi = await ask({ amount: 25.00, currency: 'USD', metadata: { orderId: 'B-7' } });
    assert.equal(pi.amount, '25');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(pi.checkoutUrl);
    await page.getByRole('heading', { name: 'Pay with crypto' }).waitFor();
    assert.equal(await page.locator('#amount').textContent(), '25.00 USD');
    await checkState(page, 'v1-checkout', 'choose');

    await page.getByLabel('ETH on Localnet').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname === `/pay/${pi.id}` && !url.search.includes('choose'));
    let chosen = await s.intent(pi.id);
    assert.equal(chosen.currency, 'ETH');
    // 25 USD at the configured 3000 USD per ETH, rounded up to the wei, and
    // the exact amount at least one wei above that (DECISIONS §5 rule 1).
    assert.equal(chosen.amountUsd, '25');
    assert.ok(BigInt(chosen.amount) > 8333333333333334n, chosen.amount);
    await page.locator('#amount').filter({ hasText: 'ETH' }).waitFor();
    await checkState(page, 'v1-checkout', 'eth');

    await page.getByRole('link', { name: 'Pay with another token or network' }).click();
    assert.equal(await page.getByLabel('ETH on Localnet').isChecked(), true, 'the current choice is checked');
    await checkState(page, 'v1-checkout', 'choose-again');
    await page.getByLabel('USDC on Localnet').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.locator('#amount').filter({ hasText: 'USDC' }).waitFor();
    chosen = await s.intent(pi.id);
    assert.equal(chosen.currency, 'USDC');
    assert.ok(BigInt(chosen.amount) > 25_000_000n, chosen.amount);
    assert.equal((await v1(pi.id)).status, 'created');

    await s.chain.payUsdc(PAYOUT, BigInt(chosen.amount));
    await page.locator('#status').filter({ hasText: 'Paid' }).waitFor({ timeout: 30000 });
    assert.equal(await page.locator('#change').isVisible(), false, 'nothing to change once paid');
    await checkState(page, 'v1-checkout', 'paid');
    const paid = await v1(pi.id);
    assert.deepEqual([paid.status, paid.amount, paid.currency, paid.token, paid.chainId], ['paid', '25', 'USD', 'USDC', 31337]);
    await context.close();
  });
  test('asked with a returnUrl, the paid page takes the payer back to the shop, as a link\'s does', async () => {
    const pi = await ask({ amount: '14.00', currency: 'USD', tokens: ['USDC'], returnUrl: `${s.shop.url}/thanks?order=v1-3` });
    assert.equal(pi.returnUrl, `${s.shop.url}/thanks?order=v1-3`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(pi.checkoutUrl);
    await page.getByLabel('USDC on Localnet').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.locator('#amount').filter({ hasText: 'USDC' }).waitFor();
    const chosen = await s.intent(pi.id);
    await s.chain.payUsdc(PAYOUT, BigInt(chosen.amount));
    const status = page.locator('#status');
    await status.filter({ hasText: 'Taking you back to the shop.' }).waitFor({ timeout: 30000 });
    assert.equal(await status.textContent(), 'Paid. Thank you! Taking you back to the shop.');
    await page.waitForURL(`${s.shop.url}/thanks?order=v1-3&payment_intent=${pi.id}`, { timeout: 30000 });
    await context.close();
  });
  test('a choice made again elsewhere (another tab) shows on the open page: the amount to send is never stale', async () => {
    const pi = await ask({ amount: '12.00', currency: 'USD' });
    const choose = (option) => fetch(pi.checkoutUrl, {
      method: 'POST', redirect: 'manual', body: `option=${encodeURIComponent(option)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal((await choose('31337:USDC')).status, 303);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(pi.checkoutUrl);
    await page.locator('#amount').filter({ hasText: 'USDC' }).waitFor();
    assert.equal((await choose('31337:ETH')).status, 303);
    await page.locator('#amount').filter({ hasText: 'ETH' }).waitFor({ timeout: 15000 });
    const chosen = await s.intent(pi.id);
    // EIP-681 for the native coin: ethereum:<recipient>@<chain>?value=<wei>, the new exact amount.
    assert.match(await page.locator('#open-wallet').getAttribute('href'), new RegExp(`value=${chosen.amount}`));
    await context.close();
  });
});
