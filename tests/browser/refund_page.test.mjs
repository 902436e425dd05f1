// The payer's refund page in Chromium (issue 37 item 2): it names the merchant, the amount, the
// chain and token, warns against an exchange's deposit address, refuses two different addresses
// with an error summary that links to the field, and takes the address typed twice; axe-clean and
// without sideways scroll at 320, 390 and 1280 px, under payd's own CSP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { eventually, PAYER2, PAYOUT } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkNoSidewaysScroll, checkState, watchedPage, WIDTHS } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

const SIZES = [['narrow', { width: 320, height: 720 }], ...WIDTHS];

describe('the refund page', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  // A confirmed USDC payment refunded in part; the link to its refund page.
  async function refundPage() {
    const account = s.payd.admin(['key', 'create', '--tenant', s.merchant.tenant.id, '--name', `refunds-${Date.now()}`, '--kind', 'account']);
    const intent = await s.createIntent({ amount_usd: '12.00' });
    const tx = await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
    const payment = await eventually(async () => {
      const list = (await s.payd.request('GET', '/api/v1/payments?limit=100', { key: s.merchant.read.key })).json.data;
      const p = list.find((x) => x.txHash === tx.transactionHash);
      return p?.status === 'CONFIRMED' ? p : null;
    }, { what: 'the payment confirmed', timeout: 20000 });
    const refund = await s.payd.request('POST', `/api/v1/payments/${payment.id}/refunds`, { key: account.key, body: { amount: '4500000' } });
    assert.equal(refund.status, 201, refund.text);
    const page = await s.payd.request('POST', `/api/v1/refunds/${refund.json.id}/address-page`, { key: account.key });
    assert.equal(page.status, 201, page.text);
    return { url: page.json.url, refundId: refund.json.id, key: account.key };
  }

  for (const [name, viewport] of SIZES) {
    test(`at ${name} width: the refund, the warning, the form; refused, then taken`, async () => {
      const { url, refundId, key } = await refundPage();
      const { page, problems } = await watchedPage(browser, s.base, viewport);
      await page.goto(url);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), `Where should ${s.merchant.integration.name} send your refund?`);
      assert.equal(await page.locator('#amount').textContent(), '4.5 USDC');
      assert.match(await page.locator('main').textContent(), /Not an exchange deposit address/);
      await checkNoSidewaysScroll(page, name);
      await checkState(page, 'refund-page', `${name}-form`);

      await page.getByLabel('Your wallet address').fill(PAYER2.address);
      await page.getByLabel('The same address again').fill(PAYOUT);
      await page.getByRole('button', { name: 'Send my refund to this address' }).click();
      await page.locator('.error-summary').waitFor();
      assert.match(await page.locator('.error-summary').textContent(), /The two addresses differ/);
      assert.equal(await page.getByLabel('The same address again').getAttribute('aria-invalid'), 'true');
      await checkNoSidewaysScroll(page, `${name}, refused`);
      await checkState(page, 'refund-page', `${name}-refused`);

      await page.getByLabel('The same address again').fill(PAYER2.address);
      await page.getByRole('button', { name: 'Send my refund to this address' }).click();
      await page.getByRole('heading', { name: 'Thank you' }).waitFor();
      assert.equal(await page.locator('.address').textContent(), PAYER2.address);
      await checkNoSidewaysScroll(page, `${name}, done`);
      await checkState(page, 'refund-page', `${name}-done`);
      const refund = (await s.payd.request('GET', `/api/v1/refunds/${refundId}`, { key })).json;
      assert.equal(refund.status, 'ready');
      assert.equal(refund.to, PAYER2.address);
      // The refused form is answered 400 with the page again, by design.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    });
  }
});
