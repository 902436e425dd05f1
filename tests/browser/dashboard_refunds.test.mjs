// A refund from the dashboard in Chromium (issue 37 item 3): the merchant refunds part of a
// confirmed transfer from its payment's page, makes a link for the payer, the payer gives an
// address, and "Send refund" has the merchant's browser wallet (EIP-6963, an anvil account in
// Node) send exactly what payd prepared; the page then shows it confirmed, because the watcher saw
// it on chain. A wallet on another account is told to connect the payout wallet and sends nothing.
// A payout (issue 37 item 5) from a CSV file chosen in the form: a bad row is named, then a line
// is sent by the browser wallet and confirmed. axe-clean, no sideways scroll, at phone and
// desktop widths.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';

import { eventually, PAYER, PAYER2, PAYOUT, USDC_ADDRESS } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { browserForSuite, checkNoSidewaysScroll, checkState, signInDashboard, watchedPage, WIDTHS } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';
import { TestWallet } from './lib/test_wallet.mjs';

// anvil's account #2, the payout address (PAYOUT): the merchant's own wallet, a public test key.
const MERCHANT_WALLET = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

describe('refunds in the dashboard', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  for (const [name, viewport] of WIDTHS) {
    test(`at ${name} width: refund part of a transfer, the payer gives an address, the browser wallet sends it, payd confirms it`, async () => {
      const intent = await s.createIntent({ amount_usd: '10.00' });
      const paid = await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
      await eventually(async () => (await s.intent(intent.id)).status === 'PAID', { what: 'paid', timeout: 20000 });
      const email = `rita-${name}@acme.example`;
      s.payd.admin(['user', 'create', '--tenant', s.merchant.tenant.id, '--email', email, '--role', 'admin', '--password-stdin'], { input: `${PASSWORD}\n` });

      const wallet = new TestWallet({ rpcUrl: s.chain.url, account: MERCHANT_WALLET });
      const { page, problems } = await watchedPage(browser, s.base, viewport);
      await wallet.install(page.context());
      await signInDashboard(page, s.base, email);
      await page.goto(`${s.base}/dashboard/payments/${intent.id}`);
      await page.getByRole('link', { name: 'Refund' }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Refund 10.000' }).waitFor();
      await checkState(page, `dashboard-refund-${name}`, 'form');
      await page.getByLabel('Part of it').check();
      await page.getByLabel('Amount in USDC').fill('3.5');
      await page.getByRole('button', { name: 'Prepare the refund' }).click();
      await page.getByRole('heading', { level: 1, name: 'Refund of 3.5 USDC' }).waitFor();
      assert.match(await page.locator('main').textContent(), /address needed/);
      await checkNoSidewaysScroll(page, `${name}, address needed`);
      await checkState(page, `dashboard-refund-${name}`, 'address-needed');

      await page.getByRole('button', { name: 'Make a link for the payer' }).click();
      const link = await page.getByLabel("The payer's refund page").inputValue();
      await checkState(page, `dashboard-refund-${name}`, 'link');
      const payer = await (await browser.newContext()).newPage();
      await payer.goto(link);
      await payer.getByLabel('Your wallet address').fill(PAYER2.address);
      await payer.getByLabel('The same address again').fill(PAYER2.address);
      await payer.getByRole('button', { name: 'Send my refund to this address' }).click();
      await payer.getByRole('heading', { name: 'Thank you' }).waitFor();
      await payer.close();

      await page.reload();
      const send = page.getByRole('button', { name: 'Send refund with your browser wallet' });
      await send.waitFor();
      assert.equal(await page.getByLabel('To', { exact: true }).inputValue(), USDC_ADDRESS);
      await checkNoSidewaysScroll(page, `${name}, ready`);
      await checkState(page, `dashboard-refund-${name}`, 'ready');
      await send.click();
      // The live region follows the watcher: confirmed (this chain confirms at 1 block); the
      // wallet's "sent as transaction" goes with the send section once the chain shows it.
      await page.locator('.lead .tag-confirmed').waitFor({ timeout: 20000 });
      assert.equal(wallet.sent.length, 1, 'one transaction');
      const tx = await s.chain.client.getTransaction({ hash: wallet.sent[0] });
      assert.equal(tx.from.toLowerCase(), PAYOUT.toLowerCase());
      assert.equal(tx.input, `0xa9059cbb${PAYER2.address.slice(2).toLowerCase().padStart(64, '0')}${(3500000n).toString(16).padStart(64, '0')}`);
      assert.match(await page.locator('main').textContent(), new RegExp(wallet.sent[0]));
      await checkNoSidewaysScroll(page, `${name}, confirmed`);
      await checkState(page, `dashboard-refund-${name}`, 'confirmed');
      // The refunds list, from the payments page's link.
      await page.goto(`${s.base}/dashboard/payments`);
      await page.getByRole('link', { name: 'Refunds', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Refunds' }).waitFor();
      assert.match(await page.locator('main').textContent(), /3\.5 USDC/);
      await checkNoSidewaysScroll(page, `${name}, the list`);
      await checkState(page, `dashboard-refund-${name}`, 'list');
      assert.ok(paid.transactionHash);
      assert.deepEqual(problems, []);
    });
  }

  test('a wallet on another account is asked for the payout wallet and sends nothing', async () => {
    const intent = await s.createIntent({ amount_usd: '5.00' });
    await s.chain.payUsdc(PAYOUT, BigInt(intent.amount));
    await eventually(async () => (await s.intent(intent.id)).status === 'PAID', { what: 'paid', timeout: 20000 });
    const account = s.payd.admin(['key', 'create', '--tenant', s.merchant.tenant.id, '--name', 'refunds-wrong-wallet', '--kind', 'account']);
    const payment = (await s.payd.request('GET', '/api/v1/payments?limit=100', { key: account.key })).json.data.find((p) => p.intentId === intent.id);
    const refund = (await s.payd.request('POST', `/api/v1/payments/${payment.id}/refunds`, { key: account.key, body: {} })).json;
    const link = (await s.payd.request('POST', `/api/v1/refunds/${refund.id}/address-page`, { key: account.key })).json.url;
    const form = new URLSearchParams({ address: PAYER2.address, address_again: PAYER2.address }).toString();
    await s.payd.request('POST', new URL(link).pathname, { rawBody: form, headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' } });

    const email = 'walt@acme.example';
    s.payd.admin(['user', 'create', '--tenant', s.merchant.tenant.id, '--email', email, '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: PAYER });
    const { page } = await watchedPage(browser, s.base, WIDTHS[1][1]);
    await wallet.install(page.context());
    await signInDashboard(page, s.base, email);
    await page.goto(`${s.base}/dashboard/refunds/${refund.id}`);
    await page.getByRole('button', { name: 'Send refund with your browser wallet' }).click();
    await page.locator('#send-status').filter({ hasText: `Connect the payout wallet ${PAYOUT}` }).waitFor();
    assert.equal(wallet.sent.length, 0);
    await checkState(page, 'dashboard-refund-wrong-wallet', 'refused');
  });

  test('a payout from a CSV file: a bad row is named, the browser wallet sends a line, payd confirms it', async () => {
    await s.chain.payUsdc(PAYOUT, 5_000_000n);  // what the payout wallet pays out from
    const email = 'paula@acme.example';
    s.payd.admin(['user', 'create', '--tenant', s.merchant.tenant.id, '--email', email, '--role', 'admin', '--password-stdin'], { input: `${PASSWORD}\n` });
    const wallet = new TestWallet({ rpcUrl: s.chain.url, account: MERCHANT_WALLET });
    const { page, problems } = await watchedPage(browser, s.base, WIDTHS[0][1]);
    await wallet.install(page.context());
    await signInDashboard(page, s.base, email);
    await page.goto(`${s.base}/dashboard/payments`);
    await page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await page.getByRole('link', { name: 'New payout' }).click();
    await page.getByLabel('What it is for').fill('November affiliates');
    await page.getByLabel('Token').selectOption('31337:USDC');
    const csv = (amount) => `recipient,amount,reference\r\n${PAYER2.address},${amount},"AFF-7, November"\r\n${PAYER.address},0.75,AFF-8\r\n`;
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'affiliates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('1.2500001')) });
    await eventually(async () => (await page.getByLabel('Transfers, as CSV').inputValue()).includes(PAYER2.address), { what: 'the file read into the form' });
    await checkNoSidewaysScroll(page, 'payout form');
    await checkState(page, 'dashboard-payout-phone', 'form');
    await page.getByRole('button', { name: 'Prepare the payout' }).click();
    await page.locator('#csv-error').filter({ hasText: 'Row 2: The amount is a positive amount of USDC with at most 6 decimals' }).waitFor();
    await checkNoSidewaysScroll(page, 'payout form, refused');
    await checkState(page, 'dashboard-payout-phone', 'error');

    await page.getByLabel('Transfers, as CSV').fill(csv('1.25'));
    await page.getByRole('button', { name: 'Prepare the payout' }).click();
    await page.getByRole('heading', { level: 1, name: 'November affiliates' }).waitFor();
    const url = page.url();
    await checkNoSidewaysScroll(page, 'payout, ready');
    await checkState(page, 'dashboard-payout-phone', 'ready');
    await page.getByRole('button', { name: 'Send transfer 1 with your browser wallet' }).click();
    await page.locator('#line-1 .tag-confirmed').waitFor({ timeout: 20000 });
    assert.equal(wallet.sent.length, 1, 'one transaction');
    const tx = await s.chain.client.getTransaction({ hash: wallet.sent[0] });
    assert.equal(tx.from.toLowerCase(), PAYOUT.toLowerCase());
    assert.equal(tx.to.toLowerCase(), USDC_ADDRESS.toLowerCase());
    assert.match(await page.locator('#line-2').textContent(), /ready/);
    await checkNoSidewaysScroll(page, 'payout, a line confirmed');
    await checkState(page, 'dashboard-payout-phone', 'line-confirmed');
    // The refused form is a 400, which Chromium logs; nothing else went wrong.
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);

    const desktop = await watchedPage(browser, s.base, WIDTHS[1][1]);
    await signInDashboard(desktop.page, s.base, email);
    await desktop.page.goto(url);
    await desktop.page.getByRole('heading', { level: 1, name: 'November affiliates' }).waitFor();
    await checkNoSidewaysScroll(desktop.page, 'payout at desktop width');
    await checkState(desktop.page, 'dashboard-payout-desktop', 'line-confirmed');
    await desktop.page.goto(`${s.base}/dashboard/payouts`);
    await checkState(desktop.page, 'dashboard-payout-desktop', 'list');
    assert.deepEqual(desktop.problems, []);
  });
});
