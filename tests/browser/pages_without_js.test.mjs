// The hosted pages as a browser gets them (issue 9): with JavaScript off the
// payer still sees the exact amount, the address and the QR code, and the
// link form still creates the intent; and each page, with everything it
// loads, weighs at most 60 KB as the browser received it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserForSuite, checkState, screenshot } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

const MAX_PAGE_BYTES = 60 * 1024;

describe('pages without JavaScript, and their weight', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  test('JavaScript off: the link form still creates the intent; its page shows amount, address, QR and the wallet link', async () => {
    const link = await s.createLink({ name: 'Poster', amount: '12.00', allowCustomAmount: true });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${link.id}`);
    await page.getByLabel('Amount (USD)').fill('12.5');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pay\/pi_/);
    const intent = await s.intent(new URL(page.url()).pathname.split('/').pop());
    assert.equal(intent.amountUsd, '12.5');

    assert.equal(await page.locator('#amount').textContent(), `${intent.amountFormatted} USDC`);
    assert.equal(await page.locator('#recipient').textContent(), intent.recipient);
    assert.equal(await page.locator('#qr').isVisible(), true, 'the QR code');
    const box = await page.locator('#qr').boundingBox();
    assert.ok(box && box.width >= 150, `a QR code a phone can read (${box?.width} px wide)`);
    assert.equal(await page.locator('#open-wallet').getAttribute('href'), intent.paymentUri);
    assert.equal(await page.locator('#open-wallet').isVisible(), true);
    assert.equal(await page.locator('#countdown').isVisible(), true);
    // What needs the script stays out of the way.
    assert.equal(await page.locator('#copy-amount').isHidden(), true);
    assert.equal(await page.locator('#wallet').isHidden(), true);
    await screenshot(page, 'no-js', 'intent');
  });

  test('each page with its stylesheet, scripts and the modules they import is at most 60 KB as received', async () => {
    const link = await s.createLink({ amount: '25.00' });
    const context = await browser.newContext();
    const page = await context.newPage();
    const received = new Map();
    // Bytes on the wire for the page's own files (the live state's requests are not the page).
    page.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      if (url.origin !== s.base || url.pathname.startsWith('/public/')) return;
      const sizes = await request.sizes();
      received.set(url.pathname + url.search, sizes.responseBodySize);
    });
    const weigh = async (what) => {
      await page.waitForLoadState('networkidle');
      const files = [...received.keys()];
      const bytes = [...received.values()].reduce((a, b) => a + b, 0);
      received.clear();
      assert.ok(files.some((f) => f.startsWith('/assets/js/messages.js?v=')), `${what}: the imported modules were loaded: ${files}`);
      assert.ok(bytes <= MAX_PAGE_BYTES, `${what}: ${bytes} bytes (${files.join(', ')})`);
      return bytes;
    };
    await page.goto(`${s.base}/pay/${link.id}`);
    const linkBytes = await weigh('link page');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pay\/pi_/);
    await page.locator('#copy-amount').waitFor();
    const intentBytes = await weigh('intent page');
    await checkState(page, 'weight', 'intent');
    console.log(`received: link page ${linkBytes} bytes, intent page ${intentBytes} bytes`);
  });
});
