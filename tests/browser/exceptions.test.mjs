// What happens to a payment after the fact, each seen in the browser:
// a payment a reorganisation undoes after it was confirmed; an intent whose
// time runs out while the payer looks at it (the page says so, stops
// offering ways to pay, and leads back to the link), then is paid late.
// Their own file: the chain's clock jumps an hour ahead and blocks are
// replaced, which would upset every other test's intents. The reorganisation
// comes first, while the chain clock still agrees with payd's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { eventually, PAYOUT } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('payments after the fact: reversed, expired, late', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  test('a paid intent whose payment a reorganisation undid says so, and is no receipt any more', async () => {
    const intent = await s.createIntent({ amount_usd: '8.00' });
    await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${intent.id}`);
    await page.locator('main[data-status="PAID"]').waitFor({ timeout: 30000 });
    // The block that paid it, and the one after, replaced by empty ones.
    await s.chain.reorg(2, []);
    const reversed = await eventually(async () => {
      const i = await s.intent(intent.id);
      return i.exception === 'REVERSED_AFTER_CONFIRMATION' ? i : null;
    }, { what: 'the intent marked REVERSED_AFTER_CONFIRMATION', timeout: 30000, interval: 100 });
    assert.equal(reversed.status, 'PAID');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'This payment was confirmed, then undone by a reorganisation of the chain.' }).waitFor();
    assert.equal(await page.locator('#qr').isHidden(), true, 'nothing to pay');
    // Not a receipt any more: the heading says the payment was undone, the amount is what was due.
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Payment undone');
    assert.equal(await page.locator('.details dt').first().textContent(), 'Amount due');
    await checkState(page, 'reversed', 'undone');
  });

  test('expiry is shown live, the ways to pay go, and the way back leads to the link', async () => {
    const link = await s.createLink({ name: 'Ticket', amount: '15.00', allowCustomAmount: false });
    const intent = await s.createIntent({ amount_usd: '15.00', paymentLinkId: link.id });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.base}/pay/${intent.id}`);
    await page.locator('#copy-amount').waitFor();
    assert.equal(await page.locator('#restart').isHidden(), true, 'no way back while it can be paid');

    // Expiry follows the chain's clock: a block an hour later ends the 30 minutes.
    const block = await s.chain.client.getBlock();
    await s.chain.rpc('evm_setNextBlockTimestamp', [Number(block.timestamp) + 3600]);
    await s.chain.mine(1);

    await page.locator('main[data-status="EXPIRED"]').waitFor({ timeout: 30000 });
    await page.getByRole('status').filter({ hasText: 'The time to pay has run out. Do not send money for this payment any more.' }).waitFor();
    for (const id of ['qr', 'open-wallet', 'countdown', 'copy-amount', 'copy-recipient']) {
      assert.equal(await page.locator(`#${id}`).isHidden(), true, `#${id} hidden once expired`);
    }
    const restart = page.locator('#restart');
    await restart.waitFor();
    await checkState(page, 'expired', 'live');

    // Opened afresh, the server renders the same.
    const again = await context.newPage();
    await again.goto(`${s.base}/pay/${intent.id}`);
    assert.equal(await again.locator('#restart').isVisible(), true);
    assert.equal(await again.locator('#qr').isHidden(), true);
    await checkState(again, 'expired', 'reopened');

    await restart.click();
    await page.waitForURL(`${s.base}/pay/${link.id}`);
    await page.getByRole('heading', { name: 'Ticket' }).waitFor();

    // Paid after all, within the late window: the open page says what happened, live.
    await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await again.locator('main[data-status="PAID"]').waitFor({ timeout: 30000 });
    assert.equal(await again.locator('main').getAttribute('data-exception'), 'PAID_LATE');
    await again.getByRole('status').filter({ hasText: 'Paid, after the time to pay had run out.' }).waitFor();
    assert.equal(await again.locator('#restart').isHidden(), true, 'no new payment offered once paid');
    await checkState(again, 'late', 'live');
  });
});
