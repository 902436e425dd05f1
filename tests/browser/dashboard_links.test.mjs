// The dashboard's integrations and payment links in Chromium (issue 18): an owner creates an
// integration (the payout address's shape said as it is typed, a wrong EIP-55 checksum refused
// by payd beside the field), then a WIDGET link for it (a bad amount refused first), and sees
// the link's URL with its copy button, its QR code and its embed snippet. Each state is axe-clean
// under payd's CSP at phone and desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { launch, preparePayd, OFFLINE_LOCALNET } from '../e2e/lib/payd.mjs';
import { browserForSuite, checkState, WIDTHS, watchedPage, signInDashboard } from './lib/browser.mjs';

const PAYOUT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const NEW_PAYOUT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const BAD_CHECKSUM = '0x3c44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('the dashboard: integrations and payment links', () => {
  const browser = browserForSuite();
  let payd;
  before(async () => {
    payd = preparePayd({ config: OFFLINE_LOCALNET });
    for (const [width] of WIDTHS) {
      const tenant = payd.admin(['tenant', 'create', '--name', `Acme ${width}`]);
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', `owner-${width}@acme.example`, '--role', 'owner',
        '--name', 'Ana Owner', '--password-stdin'], { input: `${PASSWORD}\n` });
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', `second-${width}@acme.example`, '--role', 'owner',
        '--name', 'Cy Owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
  });
  after(() => payd?.cleanup());

  const signIn = (page, email) => signInDashboard(page, payd.url, email);

  for (const [width, viewport] of WIDTHS) {
    test(`an owner creates an integration and a widget link (${width})`, async () => {
      const shots = `dashboard-links-${width}`;
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signIn(page, `owner-${width}@acme.example`);
      await page.getByRole('link', { name: 'Integrations' }).click();
      await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
      await checkState(page, shots, 'integrations-empty');

      await page.getByRole('link', { name: 'Create an integration' }).click();
      await page.getByRole('heading', { name: 'New integration' }).waitFor();
      await page.getByLabel('Name').fill('Pop-up <store>');
      const address = page.getByLabel('Payout address');
      await address.fill('0x3C44CdDd');
      await address.blur();
      await page.getByText('An address has 40 characters after 0x; this one has 8.').waitFor();
      await checkState(page, shots, 'integration-form-shape');
      await address.fill(BAD_CHECKSUM);
      assert.equal(await page.locator('.field-status').innerText(), '', 'the shape is right: nothing said');
      await page.getByLabel('Allowed origins (optional)').fill('https://popup.example');
      await page.getByLabel('Localnet (31337)').check();
      await page.getByLabel('USDC, USD Coin (on Localnet)').check();
      await page.getByRole('button', { name: 'Create the integration' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await page.locator('#payoutAddress-error', { hasText: 'valid EIP-55 checksum' }).waitFor();
      assert.equal(await page.getByLabel('Payout address').inputValue(), BAD_CHECKSUM);
      assert.ok(await page.getByLabel('Localnet (31337)').isChecked(), 'the chain ticked stays ticked');
      await checkState(page, shots, 'integration-form-error');
      await page.getByLabel('Payout address').fill(PAYOUT);
      await page.getByRole('button', { name: 'Create the integration' }).click();
      await page.getByRole('heading', { name: 'Pop-up <store>' }).waitFor();
      await checkState(page, shots, 'integration');
      await page.getByRole('link', { name: 'All integrations' }).click();
      await page.getByRole('link', { name: 'Pop-up <store>' }).waitFor();
      await checkState(page, shots, 'integrations');

      await page.getByRole('link', { name: 'Pop-up <store>' }).click();
      await page.getByRole('link', { name: 'Create a payment link for it' }).click();
      await page.getByRole('heading', { name: 'New payment link' }).waitFor();
      await page.getByLabel('Type').selectOption('WIDGET');
      await page.getByLabel('Name').fill('T-shirt');
      await page.getByLabel('Description (optional)').fill('Organic <em>cotton</em>');
      await page.getByLabel('Amount', { exact: true }).fill('twelve');
      await page.getByRole('button', { name: 'Create the link' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      assert.equal(await page.getByLabel('Amount', { exact: true }).inputValue(), 'twelve');
      await checkState(page, shots, 'link-form-error');
      await page.getByLabel('Amount', { exact: true }).fill('25.00');
      await page.getByRole('button', { name: 'Create the link' }).click();
      await page.getByRole('heading', { name: 'T-shirt' }).waitFor();
      assert.ok(await page.locator('svg#link-qr').isVisible(), 'the QR code shows');
      assert.match(await page.getByLabel("The link's address").inputValue(), /\/pay\/plink_/);
      assert.match(await page.locator('#link-snippet').inputValue(), /<script src="[^"]+\/widget\.js" data-link="plink_[a-z0-9]+"><\/script>/);
      assert.equal(await page.getByRole('button', { name: 'Copy' }).count(), 2, 'one for the URL, one for the snippet');
      await page.getByRole('button', { name: 'Copy' }).first().click();
      await page.locator('.copy-status').first().filter({ hasText: /Copied|Selected/ }).waitFor();
      await checkState(page, shots, 'link');
      await page.getByRole('link', { name: 'All payment links' }).click();
      await page.getByRole('heading', { name: 'Payment links' }).waitFor();
      await checkState(page, shots, 'links');

      // A new payout address asks for the password again, waits a day, and every overview says so (DECISIONS §13).
      await page.getByRole('link', { name: 'Integrations' }).click();
      await page.getByRole('link', { name: 'Pop-up <store>' }).click();
      await page.getByRole('link', { name: 'Change this integration' }).click();
      await page.getByRole('heading', { name: 'Change integration' }).waitFor();
      await page.getByLabel('Payout address', { exact: true }).fill(NEW_PAYOUT);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#password-error', { hasText: 'Enter your password or a code from your authenticator app to change the payout address' }).waitFor();
      assert.equal(await page.getByLabel('Payout address', { exact: true }).inputValue(), NEW_PAYOUT);
      await checkState(page, shots, 'integration-password-error');
      await page.getByLabel('Your password or a code from your authenticator app (to change the payout address)').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'A new payout address waits' }).waitFor();
      assert.match(await page.locator('#payout-change').innerText(), new RegExp(`Ana Owner asked on .+ for new payments to go to ${NEW_PAYOUT}\. It applies on .+; until then they go to 0x`));
      await checkState(page, shots, 'integration-payout-waiting');
      await page.getByRole('link', { name: 'Overview' }).click();
      await page.getByText('was asked for', { exact: false }).first().waitFor();
      assert.match(await page.locator('.notice').first().innerText(), new RegExp(`A new payout address for Pop-up <store> was asked for on .+, by Ana Owner\. From .+, new payments go to ${NEW_PAYOUT} instead of 0x`));
      await checkState(page, shots, 'overview-payout-asked');
      // Canceled from the integration's page: the overview says so instead.
      await page.getByRole('link', { name: "the integration's page" }).first().click();
      await page.getByRole('button', { name: 'Cancel this change' }).click();
      await page.getByRole('heading', { name: 'Pop-up <store>' }).waitFor();
      assert.equal(await page.locator('#payout-change').count(), 0);
      await page.getByRole('link', { name: 'Overview' }).click();
      assert.match(await page.locator('.notice').first().innerText(), /A payout address change of Pop-up <store> was canceled on .+ by Ana Owner/);

      // Asked again; a second owner confirms it at once with their password.
      const integrationUrl = await (async () => {
        await page.getByRole('link', { name: 'Integrations' }).click();
        await page.getByRole('link', { name: 'Pop-up <store>' }).click();
        return page.url();
      })();
      await page.getByRole('link', { name: 'Change this integration' }).click();
      await page.getByLabel('Payout address', { exact: true }).fill(NEW_PAYOUT);
      await page.getByLabel('Your password or a code from your authenticator app (to change the payout address)').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'A new payout address waits' }).waitFor();
      const second = await watchedPage(browser, payd.url, viewport);
      await signIn(second.page, `second-${width}@acme.example`);
      await second.page.goto(integrationUrl);
      await second.page.getByRole('button', { name: 'Confirm and apply now' }).click();
      await second.page.locator('#confirm-password-error', { hasText: 'Enter your password' }).waitFor();
      await checkState(second.page, shots, 'integration-payout-confirm-error');
      await second.page.getByLabel('Your password or a code from your authenticator app').fill(PASSWORD);
      await second.page.getByRole('button', { name: 'Confirm and apply now' }).click();
      await second.page.getByRole('heading', { name: 'Pop-up <store>' }).waitFor();
      assert.equal(await second.page.locator('#payout-change').count(), 0);
      assert.match(await second.page.locator('.summary-list').first().innerText(), new RegExp(NEW_PAYOUT));
      await checkState(second.page, shots, 'integration-payout-confirmed');
      assert.deepEqual(second.problems.filter((p) => !/status of 400/.test(p)), []);
      await second.page.context().close();
      // The refused forms are 400s: the failed loads.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    });
  }
});
