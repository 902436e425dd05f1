// An intent whose time runs out while the payer looks at it (issue 9): the
// page says so, stops offering ways to pay, and leads back to the link for
// a new payment. Its own file: the chain's clock jumps an hour ahead, which
// would expire every other test's intents.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

describe('expired intent page', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

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
    await page.getByRole('status').filter({ hasText: 'This payment request has expired.' }).waitFor();
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
  });
});
