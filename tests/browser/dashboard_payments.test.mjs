// The dashboard's payments in Chromium (issue 18), against anvil and the
// real payd: the payments table is open when a payer pays, and the payment
// appears without a reload (server-sent events); the intent's page and the
// overview with its chart. Each state axe-clean under payd's CSP at phone and
// desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseUnits } from 'viem';

import { PAYOUT } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { browserForSuite, checkState, signInDashboard, WIDTHS, watchedPage } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('the dashboard: payments', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  for (const [width, viewport] of WIDTHS) {
    test(`a payment arrives while the table is open and shows without a reload (${width})`, async () => {
      const email = `ana-${width}@acme.example`;
      s.payd.admin(['user', 'create', '--tenant', s.merchant.tenant.id, '--email', email, '--role', 'owner', '--password-stdin'],
        { input: `${PASSWORD}\n` });
      const shots = `dashboard-payments-${width}`;
      const { page, problems } = await watchedPage(browser, s.base, viewport);
      await signInDashboard(page, s.base, email);
      await page.getByRole('link', { name: 'Payments', exact: true }).click();
      await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();

      const intent = await s.createIntent({ amount_usd: '7.00', metadata: { orderId: `ORD-${width}` } });
      // The page was loaded before the intent existed: it appears through the live stream.
      const row = page.locator('tr', { hasText: intent.id });
      await row.waitFor({ timeout: 20000 });
      await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
      await row.getByText('paid', { exact: true }).waitFor({ timeout: 20000 });
      assert.equal(new URL(page.url()).pathname, '/dashboard/payments', 'never reloaded');
      await checkState(page, shots, 'payments');

      await page.getByLabel('Search').fill(`ORD-${width}`);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.locator('tr', { hasText: intent.id }).waitFor();
      assert.equal(await page.locator('tbody tr').count(), 1);
      await page.getByLabel('From').fill('');
      await page.getByRole('link', { name: intent.id }).click();
      await page.getByRole('heading', { name: `Payment ${intent.id}` }).waitFor();
      await page.getByText('PAYMENT_CONFIRMED').first().waitFor({ timeout: 20000 });
      await checkState(page, shots, 'payment');

      await page.getByRole('link', { name: 'Overview' }).click();
      await page.locator('svg.chart').first().waitFor();
      await checkState(page, shots, 'overview');
      assert.deepEqual(problems, []);
    });
  }

  test('a malformed filter is named and the table stays usable', async () => {
    const { page, problems } = await watchedPage(browser, s.base, WIDTHS[0][1]);
    await signInDashboard(page, s.base, 'ana-phone@acme.example');
    await page.goto(`${s.base}/dashboard/payments?from=last-week`);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await page.getByText('Enter the first day as YYYY-MM-DD').first().waitFor();
    await checkState(page, 'dashboard-payments-phone', 'payments-error');
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
  });
});
