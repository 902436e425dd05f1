// Prices in euros in Chromium (issue 36, DECISIONS §14): a link priced in EUR
// on its page, the intent page with the price beside the token amount, the
// merchant's dashboard (the payments table, the payment with its rate, the CSV
// export) in euros, and the overview's totals in the reporting currency an
// admin chooses. The stack fixes EUR at 1.08 US dollars, so 25.00 EUR is
// 27.00 USDC and 30.00 EUR 32.40 USDC, each with one unit more to make it
// unique (DECISIONS §5): 27.000001 and 32.400001. Axe-clean at phone and
// desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { eventually, PAYOUT } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { createMerchant } from '../e2e/lib/payd.mjs';
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

  // A shop of its own, so that its totals are only what this test pays:
  // 20.00 EUR (at the stack's fixed 1.08: 21.60 USDC) and 10.00 USD.
  // In US dollars: 20 x 1.08 + 10 = 31.60. In euros (10 USD at today's
  // 1.08): 20 + 9.259259... = 29.26, rounded half up.
  test('the overview sums the prices asked per currency and in the reporting currency an admin chooses', async () => {
    const shop = createMerchant(s.payd, { name: 'Berlin shop', origins: s.shop.url });
    const link = await s.payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key,
      body: { integrationId: shop.integration.id, type: 'LINK', name: 'Mug', amount: '20.00', currency: 'EUR', allowCustomAmount: false },
    });
    assert.equal(link.status, 201, link.text);
    const chosen = await fetch(`${s.base}/pay/${link.json.id}`, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    assert.equal(chosen.status, 303);
    const read = async (id) => (await s.payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
    const eur = await read(chosen.headers.get('location').split('/').pop());
    const usd = await s.payd.request('POST', `/public/integrations/${shop.integration.id}/intent`, {
      body: { chainId: 31337, currency: 'USDC', amount_usd: '10.00' }, headers: { Origin: s.shop.url },
    });
    assert.equal(usd.status, 201, usd.text);
    for (const i of [eur, usd.json]) {
      await s.chain.payUsdc(PAYOUT, BigInt(i.amount));
      await eventually(async () => (await read(i.id)).status === 'PAID', { what: `${i.id} paid`, timeout: 20000 });
    }

    const email = 'rita@berlin.example';
    s.payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', email, '--role', 'admin', '--password-stdin'],
      { input: `${PASSWORD}\n` });
    const { page, problems } = await watchedPage(browser, s.base, WIDTHS[0][1]);
    await signInDashboard(page, s.base, email);
    // A chart per asked currency, its caption the 30 days' sum.
    const paid = page.locator('h2', { hasText: 'Paid, last 30 days' }).locator('xpath=following-sibling::div[1]');
    assert.deepEqual(await paid.locator('figcaption').allInnerTexts(), ['20.00 EUR paid', '10.00 USD paid']);
    assert.equal(await paid.locator('svg').count(), 2);
    await page.getByText('In all: 31.60 USD', { exact: false }).waitFor();
    await checkState(page, 'reporting-currency', 'overview-usd');

    await page.getByRole('link', { name: 'Change the reporting currency (USD)' }).click();
    const select = page.getByLabel('Reporting currency');
    // A currency payd does not price in, forged into the form: refused, naming the field.
    await select.evaluate((el) => { el.options[0].value = 'BHD'; el.selectedIndex = 0; });
    await page.getByRole('button', { name: 'Save the reporting currency' }).click();
    await page.getByText('Reporting currency BHD is not a currency payd prices in; it prices in EUR, USD.').first().waitFor();
    await checkState(page, 'reporting-currency', 'refused');
    await page.getByLabel('Reporting currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Save the reporting currency' }).click();
    await page.waitForURL(/\/dashboard\/settings\/general$/);
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('In all: 29.26 EUR', { exact: false }).waitFor();
    await page.getByText('then at today\'s rate into EUR', { exact: false }).waitFor();
    await checkState(page, 'reporting-currency', 'overview-eur');
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
  });
});
