// The payment page's QR code as a phone's camera reads it (issue 38 item 3): Chromium draws
// the page, the code is read back from its pixels with jsQR, and what it holds is each of the
// integration's three choices: the EIP-681 URI with the amount, the payout address alone (the
// exact amount large beside it, the digits that make it exact marked), the URI with the amount
// in the forms other wallets read. Axe-clean and without sideways scroll from 320 to 1280 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import jsQR from 'jsqr';
import { PNG } from 'pngjs';

import { PAYOUT, USDC_ADDRESS } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

// What the page's code holds, read off the screen as a camera would.
async function readQr(page) {
  const png = PNG.sync.read(await page.locator('#qr').screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(code, 'the QR code reads');
  return code.data;
}

describe('the QR code a phone reads', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();
  const choose = (qrCode) => s.payd.admin(['integration', 'update', s.integration, '--qr-code', qrCode]);
  const open = async (intent, viewport = { width: 390, height: 844 }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${intent.id}`);
    return page;
  };

  test('the EIP-681 URI with the amount, by default', async () => {
    const intent = await s.createIntent({ amount_usd: '25.00' });
    const page = await open(intent);
    assert.equal(await readQr(page), `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${intent.amount}`);
    // What the exact amount adds after the price, 25, is marked: "000002" of 25.000002.
    assert.ok(intent.amountFormatted.startsWith('25.'));
    assert.equal(await page.locator('#amount mark').textContent(), intent.amountFormatted.slice(3));
    await checkState(page, 'qr-eip681', 'waiting');
    await page.context().close();
  });

  test('the address alone, the exact amount large beside it, at every width', async () => {
    choose('address');
    const intent = await s.createIntent({ amount_usd: '25.00' });
    for (const [name, width] of [['narrow', 320], ['phone', 390], ['desktop', 1280]]) {
      const page = await open(intent, { width, height: 900 });
      assert.equal(await readQr(page), PAYOUT, name);
      const big = page.locator('.big-amount');
      assert.equal(await big.textContent(), `${intent.amountFormatted} USDC`);
      assert.equal(await big.isVisible(), true);
      await checkState(page, 'qr-address', name);  // no sideways scroll from 320 px up, too
      await page.context().close();
    }
  });

  test('the URI with the amount in scientific notation and in whole tokens', async () => {
    choose('eip681_compatible');
    const intent = await s.createIntent({ amount_usd: '25.00' });
    const page = await open(intent);
    const units = intent.amount.replace(/0+$/, '');
    const scientific = `${units[0]}.${units.slice(1)}e${intent.amount.length - 1}`;
    assert.equal(await readQr(page),
      `ethereum:${USDC_ADDRESS}@31337/transfer?address=${PAYOUT}&uint256=${scientific}&amount=${intent.amountFormatted}`);
    await checkState(page, 'qr-compatible', 'waiting');
    await page.context().close();
    choose('eip681');
  });
});
