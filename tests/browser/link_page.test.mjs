// The link page's script (issue 9, items 1 and 8): the amount is checked as
// the payer types, with the rules payd applies, and the form still goes to
// payd, which has the last word. Then the intent page it leads to says what
// is being paid for (issue 17), at a phone's width and a desktop's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('link page', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  test('an amount below the minimum is refused inline, before any request; a valid one goes on to the intent', async () => {
    const link = await s.createLink({ name: 'Tip jar', amount: '10.00', allowCustomAmount: true, minAmount: '5.00' });
    const context = await browser.newContext();
    const page = await context.newPage();
    const posts = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(`${s.base}/pay/${link.id}`);
    const amount = page.getByLabel('Amount (USD)');
    for (const [typed, message] of [
      ['4.99', 'Enter at least 5.00'],
      ['abc', 'Enter an amount as a number, like 12.50'],
      ['5.001', 'Enter at most 2 digits after the decimal point'],
      // In English a comma groups thousands: not a decimal point, as payd reads it too.
      ['1,000', 'Enter an amount as a number, like 12.50'],
      ['', 'Enter an amount'],
    ]) {
      await amount.fill(typed);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const error = page.locator('#amount-input-error');
      await error.filter({ hasText: message }).waitFor();
      assert.equal(await amount.getAttribute('aria-invalid'), 'true', typed);
      assert.ok((await amount.getAttribute('aria-describedby')).split(' ').includes('amount-input-error'));
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'amount-input', 'focus on the field');
    }
    await amount.fill('4.99');
    await page.locator('#amount-input-error').filter({ hasText: 'Enter at least 5.00' }).waitFor();
    await checkState(page, 'link-amount', 'too-low');
    assert.deepEqual(posts, [], 'nothing was sent');

    await amount.fill('7.5');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pay\/pi_/);
    const intentId = new URL(page.url()).pathname.split('/').pop();
    const intent = await s.intent(intentId);
    assert.equal(intent.amountUsd, '7.5');
    assert.equal(intent.paymentLinkId, link.id);
  });

  test('German: a decimal comma goes as a point; a point, which groups thousands there, is refused inline', async () => {
    const link = await s.createLink({ amount: '10.00', allowCustomAmount: true, minAmount: '5.00' });
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${link.id}?lang=de`);
    const amount = page.locator('#amount-input');
    const submit = page.locator('form#pay button[type="submit"]');
    await amount.fill('1.000');
    await submit.click();
    await page.locator('#amount-input-error').filter({ hasText: 'Geben Sie den Betrag als Zahl ein' }).waitFor();
    await checkState(page, 'link-amount', 'de-refused');
    await amount.fill('7,5');
    await submit.click();
    await page.waitForURL(/\/pay\/pi_/);
    const intent = await s.intent(new URL(page.url()).pathname.split('/').pop());
    assert.equal(intent.amountUsd, '7.5', 'the comma went as a point');
  });

  test('the intent page says what is paid for: the name, the description, the price beside the token amount (phone and desktop)', async () => {
    const link = await s.createLink({
      name: 'Concert poster <A2>, signed by the band',
      description: 'Printed on recycled paper & shipped in a tube within 3 days. <b>Limited</b> to 50 copies.',
      amount: '25.00',
      allowCustomAmount: false,
    });
    for (const [state, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${s.base}/pay/${link.id}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/pay\/pi_/);
      await page.locator('#copy-amount').waitFor();
      const intent = await s.intent(new URL(page.url()).pathname.split('/').pop());
      for (const text of [link.name, link.description, `25.00 USD · ${intent.amountFormatted} USDC`]) {
        assert.equal(await page.getByText(text, { exact: true }).isVisible(), true, `${state}: "${text}" shown`);
      }
      await checkState(page, 'intent-order', state);
    }
  });

  test('a link the merchant switched off says so, in the payer\'s language, with nothing to pay (axe-clean)', async () => {
    const link = await s.createLink({ name: 'Summer sale' });
    const off = await s.payd.request('PATCH', `/api/v1/payment-links/${link.id}`, { key: s.merchant.rw.key, body: { status: 'inactive' } });
    assert.equal(off.status, 200, off.text);
    for (const [locale, heading] of [['en-GB', 'This link no longer takes payments'], ['fr-FR', 'Ce lien n\'accepte plus de paiements']]) {
      const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const response = await page.goto(`${s.base}/pay/${link.id}`);
      assert.equal(response.status(), 404);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), heading);
      assert.equal(await page.locator('form#pay').count(), 0, 'no form to pay with');
      await checkState(page, 'link-inactive', locale);
    }
  });
});
