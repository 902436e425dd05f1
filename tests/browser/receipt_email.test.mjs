// A payer asks for a receipt by email on the hosted page, in Chromium (issue 39 item 3): a
// bad address is refused beside the field, a good one is thanked without being shown again,
// the payment is made, the page becomes the receipt, and the receipt reaches the payer's
// inbox (a real SMTP server on loopback) in the page's language. Each state axe-clean at
// phone and desktop widths, with screenshots. The widget shows the same field, inside its
// modal on the shop's page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { eventually, PAYOUT } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkState, watchedPage, WIDTHS } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('a receipt by email, asked for on the payment page', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite({ email: true });

  for (const [width, viewport] of WIDTHS) {
    test(`the field, a refusal, the request, the payment and the receipt (${width})`, async () => {
      const shots = `receipt-email-${width}`;
      const payer = `payer-${width}@mail.example`;
      const intent = await s.createIntent({ amount_usd: '6.00' });
      const { page, problems } = await watchedPage(browser, s.base, viewport);
      await page.goto(`${s.base}/pay/${intent.id}?lang=fr`);
      const field = page.getByLabel('Votre adresse e-mail (facultatif)');
      await field.waitFor();
      await field.fill('payer at mail');
      await page.getByRole('button', { name: 'M’envoyer le reçu' }).click();
      await page.locator('#receipt-error').waitFor();
      assert.equal(await page.getByLabel('Votre adresse e-mail (facultatif)').getAttribute('aria-invalid'), 'true');
      await checkState(page, shots, 'refused');

      await page.getByLabel('Votre adresse e-mail (facultatif)').fill(payer);
      await page.getByRole('button', { name: 'M’envoyer le reçu' }).click();
      await page.locator('#receipt-note').waitFor();
      assert.match(await page.locator('#receipt-note').textContent(), /Votre reçu sera envoyé à l’adresse indiquée/);
      assert.ok(!(await page.content()).includes(payer), 'the address is not shown again');
      await checkState(page, shots, 'requested');

      await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
      await page.locator('main[data-status="PAID"]').waitFor({ timeout: 30000 });
      await checkState(page, shots, 'paid');
      const mail = await eventually(() => s.relay.received.find((m) => m.envelope.rcptTo.some((r) => r.address === payer)),
        { what: 'the receipt in the inbox', timeout: 20000 });
      assert.equal(mail.parsed.subject, `Votre reçu de Shop web : ${intent.amountFormatted} USDC`);
      assert.ok(mail.parsed.text.includes(`${s.base}/pay/${intent.id}?lang=fr`));
      assert.deepEqual(problems, []);
    });
  }

  test("in the widget's modal on a shop's page: the request, the payment, payd:paid and the receipt", async () => {
    const payer = 'widget-payer@mail.example';
    const intent = await s.createIntent({ amount_usd: '7.00' });
    s.shop.page('/receipt', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Checkout at the shop</h1>
<script>window.paid = []; document.addEventListener('payd:paid', (e) => { e.preventDefault(); window.paid.push(e.detail.intent.id); });</script>
<script src="${s.base}/widget.js" data-intent="${intent.id}"></script></main></body></html>`);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.shop.url}/receipt`);
    await page.getByRole('button', { name: 'Pay with crypto' }).click();
    const checkout = page.frameLocator('iframe[title="Payment"]');
    const field = checkout.getByLabel('Your email address (optional)');
    await field.waitFor();
    await field.fill(payer);
    await checkout.getByRole('button', { name: 'Email me the receipt' }).click();
    await checkout.locator('#receipt-note').waitFor();
    await checkState(page, 'receipt-email-widget', 'requested');

    await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await page.waitForFunction((id) => window.paid.includes(id), intent.id, { timeout: 30000 });
    const mail = await eventually(() => s.relay.received.find((m) => m.envelope.rcptTo.some((r) => r.address === payer)),
      { what: 'the receipt in the inbox', timeout: 20000 });
    assert.equal(mail.parsed.subject, `Your receipt from Shop web: ${intent.amountFormatted} USDC`);
    await context.close();
  });
});
