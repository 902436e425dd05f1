// Email in the dashboard, in Chromium (issue 39 items 1 and 2): an owner sends a test message
// from Settings > General and sees it sent in the list (a real SMTP server on loopback takes
// it); chooses what they are emailed about on Settings > Your notifications; a message's
// unsubscribe link opens its page without signing in and stops the topic with one button.
// Each state is axe-clean under payd's CSP at phone and desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { sql } from '../e2e/lib/database.mjs';
import { createMerchant, launch, OFFLINE_LOCALNET, preparePayd } from '../e2e/lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate } from '../e2e/lib/smtp.mjs';
import { browserForSuite, checkState, signInDashboard, watchedPage, WIDTHS } from './lib/browser.mjs';

describe('the dashboard: email', () => {
  const browser = browserForSuite();
  let dir, relay, payd, shop;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-browser-mail-'));
    const tls = throwawayCertificate(dir);
    relay = await startRelay({ key: tls.key, cert: tls.cert });
    payd = preparePayd({ config: `${OFFLINE_LOCALNET}\n[email]\n${emailSettings(relay.port, tls.caFile)}`,
      env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD } });
    shop = createMerchant(payd, { name: 'Acme' });
    for (const [width] of WIDTHS) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', `owner-${width}@acme.example`, '--role', 'owner',
        '--name', `Owner ${width}`, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
  });
  after(async () => {
    await payd?.cleanup();
    await relay?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [width, viewport] of WIDTHS) {
    test(`a test message, one's notifications and a message's unsubscribe link (${width})`, async () => {
      const shots = `dashboard-email-${width}`;
      const me = `owner-${width}@acme.example`;
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signInDashboard(page, payd.url, me);
      await page.goto(`${payd.url}/dashboard/settings/general`);
      await page.getByRole('button', { name: `Send a test email to ${me}` }).click();
      await page.getByRole('heading', { level: 1, name: 'General settings' }).waitFor();
      await eventually(() => relay.received.some((m) => m.envelope.rcptTo.some((r) => r.address === me)), { what: 'the test message' });
      await eventually(async () => {
        await page.reload();
        return page.locator('table', { hasText: 'Test message' }).locator('.tag-email-sent').count();
      }, { what: 'the message listed as sent' });
      await page.locator('#email').scrollIntoViewIfNeeded();
      await checkState(page, shots, 'general-email');

      await page.getByRole('link', { name: 'Your notifications' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your notifications' }).waitFor();
      const payments = page.getByRole('group', { name: 'Payments received' });
      assert.equal(await payments.getByLabel('An email for each payment').isChecked(), true, 'an owner gets payments by default');
      await checkState(page, shots, 'notifications');
      await payments.getByLabel('One summary a day').check();
      await page.getByLabel(/A refund confirmed/).uncheck();
      await page.getByRole('button', { name: 'Save my choices' }).click();
      await page.getByText('Your choices are saved.').waitFor();
      assert.equal(await payments.getByLabel('One summary a day').isChecked(), true);
      assert.equal(await page.getByLabel(/A refund confirmed/).isChecked(), false);
      await checkState(page, shots, 'notifications-saved');

      // A message's link (its token's digest stored as payd stores it), opened signed out.
      const token = `browser-${width}-${'x'.repeat(30)}`;
      const digest = createHash('sha256').update(token).digest('hex');
      const userId = sql(payd, `SELECT id FROM users WHERE email = '${me}'`);
      sql(payd, `INSERT INTO email_unsubscribe_links (digest, tenant_id, user_id, topic, created_at) VALUES ('${digest}', '${shop.tenant.id}', '${userId}', 'needs_decision', ${Date.now()})`);
      const signedOut = await browser.newContext({ viewport });
      const other = await signedOut.newPage();
      await other.goto(`${payd.url}/dashboard/unsubscribe?token=${token}`);
      await other.getByRole('heading', { level: 1, name: 'Stop these emails' }).waitFor();
      await checkState(other, shots, 'unsubscribe');
      await other.getByRole('button', { name: 'Stop these emails' }).click();
      await other.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
      await checkState(other, shots, 'unsubscribed');
      await signedOut.close();
      await page.reload();
      assert.equal(await page.getByLabel(/A payment that needs a decision/).isChecked(), false, 'the link turned it off');
      assert.deepEqual(problems, []);
    });
  }
});
