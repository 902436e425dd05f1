// Prices in euros in Chromium (issue 36, DECISIONS §14): a link priced in EUR
// on its page, the intent page with the price beside the token amount, and the
// merchant's dashboard (the payments table, the payment with its rate, the CSV
// export) in euros. The stack fixes EUR at 1.08 US dollars, so 25.00 EUR is
// 27.00 USDC and 30.00 EUR 32.40 USDC, each with one unit more to make it
// unique (DECISIONS §5): 27.000001 and 32.400001. Axe-clean at phone and
// desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PAYOUT } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { browserForSuite, checkState, signInDashboard, WIDTHS, watchedPage } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

const CASES = { phone: ['25.00', '27.000001'], desktop: ['30.00', '32.400001'] };

describe('prices in euros', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  for (const [width, viewport] of WIDTHS) {
    test(`a link in EUR paid in USDC: its page, the intent's, and the dashboard with its CSV in euros (${width})`, async () => {
      const [price, usdc] = CASES[width];
      const link = await s.createLink({ name: `Poster ${width}`, amount: price, currency: 'EUR', allowCustomAmount: false });
      const shots = `currency-eur-${width}`;
      const { page, problems } = await watchedPage(browser, s.base, viewport);
      await page.goto(`${s.base}/pay/${link.id}`);
      await page.getByText(`${price} EUR`, { exact: true }).first().waitFor();
      await checkState(page, shots, 'link');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/pay\/pi_/);
      await page.locator('#copy-amount').waitFor();
      const intent = await s.intent(new URL(page.url()).pathname.split('/').pop());
      assert.equal(intent.amountFormatted, usdc);
      assert.deepEqual(intent.price, { amount: price, currency: 'EUR' });
      assert.equal(intent.rate.value, '1.08');
      assert.equal(await page.getByText(`${price} EUR · ${usdc} USDC`, { exact: true }).isVisible(), true);
      await checkState(page, shots, 'intent');
      await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));

      const email = `eva-${width}@acme.example`;
      s.payd.admin(['user', 'create', '--tenant', s.merchant.tenant.id, '--email', email, '--role', 'owner', '--password-stdin'],
        { input: `${PASSWORD}\n` });
      await signInDashboard(page, s.base, email);
      await page.goto(`${s.base}/dashboard/payments`);
      const row = page.locator('tr', { hasText: intent.id });
      await row.getByText('paid', { exact: true }).waitFor({ timeout: 20000 });
      await row.getByText(`${price} EUR`, { exact: true }).waitFor();
      await checkState(page, shots, 'payments');
      await page.getByRole('link', { name: intent.id }).click();
      await page.getByRole('heading', { name: `Payment ${intent.id}` }).waitFor();
      await page.getByText('1 EUR = 1.08 USD (config)', { exact: true }).waitFor();
      await checkState(page, shots, 'payment');

      const csv = await page.request.get(`${s.base}/dashboard/payments/export.csv`);
      assert.equal(csv.status(), 200);
      const [header, ...lines] = (await csv.text()).trim().split(/\r?\n/);
      const columns = header.split(',');
      const line = lines.find((l) => l.startsWith(intent.id)).split(',');
      const cell = (name) => line[columns.indexOf(name)];
      assert.deepEqual([cell('price_amount'), cell('price_currency'), cell('rate_usd'), cell('rate_sources')], [price, 'EUR', '1.08', 'config']);
      assert.equal(cell('amount'), usdc);
      assert.deepEqual(problems, []);
    });
  }
});
