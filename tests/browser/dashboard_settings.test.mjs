// Settings > API Keys and Settings > General in Chromium (issue 18): an owner
// creates a public API key (a refused form first), copies it from the page
// that shows it once, sees it in the list by prefix and last 4, revokes it
// after the confirmation; the integration keys tab; the account key and the
// webhook secret, shown after the password (a wrong one first). Each state is
// axe-clean under payd's CSP at phone and desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { createMerchant, launch, preparePayd } from '../e2e/lib/payd.mjs';
import { browserForSuite, checkState, WIDTHS, watchedPage, signInDashboard } from './lib/browser.mjs';

// The overview's live stream (server-sent events) is cut when a test leaves that page: not a problem of these pages.
const real = (problems) => problems.filter((p) => !/^failed: .*\/dashboard\/live/.test(p));

describe('the dashboard: API keys and general settings', () => {
  const browser = browserForSuite();
  let payd, shop;
  before(async () => {
    payd = preparePayd();
    shop = createMerchant(payd, { name: 'Acme' });
    payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'Shop backend', '--kind', 'account']);
    payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'Widget', '--kind', 'integration', '--integration', shop.integration.id]);
    for (const [name, role] of WIDTHS.map(([w]) => [`owner-${w}`, 'owner']).concat([['viewer', 'viewer']])) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', `${name}@acme.example`, '--role', role,
        '--name', `${name} Ñandú`, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
  });
  after(() => payd?.cleanup());

  const signIn = (page, email) => signInDashboard(page, payd.url, email);

  for (const [width, viewport] of WIDTHS) {
    test(`an owner makes, sees once and revokes a key; the account key and the webhook secret (${width})`, async () => {
      const shots = `dashboard-settings-${width}`;
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signIn(page, `owner-${width}@acme.example`);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'API keys', exact: true }).waitFor();
      await checkState(page, shots, 'api-keys-start');

      await page.getByLabel('Name', { exact: true }).fill(`<b>Order sync</b> ${width}`);
      await page.getByLabel('Expiry date (optional)').fill('2001-01-01');
      await page.getByRole('button', { name: 'Create the key' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), `<b>Order sync</b> ${width}`);
      await checkState(page, shots, 'api-keys-error');

      await page.getByLabel('payments:read', { exact: true }).check();
      await page.getByLabel('Expiry date (optional)').fill('2999-06-30');
      await page.getByRole('button', { name: 'Create the key' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your new key', exact: true }).waitFor();
      const text = await page.locator('#key-text').inputValue();
      assert.match(text, /^svc_pk_test_/);
      assert.equal(await page.getByRole('button', { name: 'Copy' }).count(), 1, 'the copy button');
      await checkState(page, shots, 'api-key-shown');

      await page.getByRole('link', { name: 'I have copied the key' }).click();
      await page.getByRole('heading', { level: 1, name: 'API keys', exact: true }).waitFor();
      const card = page.locator('li.card', { hasText: `<b>Order sync</b> ${width}` });
      assert.match(await card.innerText(), new RegExp(`svc_pk_test_…${text.slice(-4)}`));
      assert.ok(!(await page.content()).includes(text), 'shown once');
      await checkState(page, shots, 'api-keys');
      page.once('dialog', (dialog) => {
        assert.match(dialog.message(), /Revoke the key <b>Order sync<\/b>/);
        dialog.accept();
      });
      await card.getByRole('button', { name: /^Revoke/ }).click();
      await page.locator('li.card', { hasText: `<b>Order sync</b> ${width}` }).getByText('revoked').waitFor();

      await page.getByRole('link', { name: 'Integration keys' }).click();
      await page.getByRole('heading', { name: 'Acme web' }).waitFor();
      await checkState(page, shots, 'integration-keys');

      await page.getByRole('link', { name: 'General' }).click();
      await page.getByRole('heading', { level: 1, name: 'General settings', exact: true }).waitFor();
      await checkState(page, shots, 'general');
      await page.getByLabel('Your password, to see the secret').fill('not my password');
      await page.getByRole('button', { name: 'Show the webhook secret' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await checkState(page, shots, 'general-password-error');
      await page.getByLabel('Your password, to see the secret').fill(PASSWORD);
      await page.getByRole('button', { name: 'Show the webhook secret' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhook secret', exact: true }).waitFor();
      assert.match(await page.locator('#webhook-secret').inputValue(), /^whsec_/);
      await checkState(page, shots, 'webhook-secret');
      const before = await page.locator('#webhook-secret').inputValue();
      await page.getByRole('link', { name: 'Done' }).click();
      await page.getByLabel('Your password, to rotate the secret').fill(PASSWORD);
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Rotate the webhook secret' }).click();
      await page.getByRole('heading', { level: 1, name: 'New webhook secret', exact: true }).waitFor();
      assert.notEqual(await page.locator('#webhook-secret').inputValue(), before);
      assert.equal(await page.locator('#previous-secret-1').inputValue(), before, 'the previous one, still signing');
      await checkState(page, shots, 'webhook-secret-rotated');
      // Wrong passwords and the refused form are 400s: the failed loads.
      assert.deepEqual(real(problems).filter((p) => !/status of 400/.test(p)), []);
    });
  }

  test('a viewer sees the keys without a button to change them', async () => {
    const { page, problems } = await watchedPage(browser, payd.url, WIDTHS[0][1]);
    await signIn(page, 'viewer@acme.example');
    await page.goto(`${payd.url}/dashboard/settings/api-keys/integration-keys`);
    await page.getByRole('heading', { name: 'Acme web' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Revoke|Rotate|Create/ }).count(), 0);
    await page.goto(`${payd.url}/dashboard/settings/general`);
    await page.getByText('Admins and owners can see and rotate').waitFor();
    assert.equal(await page.getByRole('button', { name: /Revoke|Rotate|Create|Show/ }).count(), 0);
    await checkState(page, 'dashboard-settings-phone', 'general-viewer');
    assert.deepEqual(real(problems), []);
  });

  for (const [width, viewport] of WIDTHS) {
    test(`a person chooses German and Berlin's time; the pages follow, in Chromium (${width})`, async () => {
      const shots = `dashboard-settings-${width}`;
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signIn(page, `owner-${width}@acme.example`);
      await page.goto(`${payd.url}/dashboard/settings/preferences`);
      await page.getByRole('heading', { level: 1, name: 'Your language and time zone' }).waitFor();
      await checkState(page, shots, 'preferences');
      await page.getByLabel('Language').selectOption('de');
      await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
      await page.getByRole('button', { name: 'Save' }).click();
      // The page that says it is saved is already German: the words are the catalog's.
      await page.getByRole('heading', { level: 1, name: 'Ihre Sprache und Zeitzone' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'de');
      await checkState(page, shots, 'preferences-de');
      await page.getByRole('link', { name: 'Audit-Log', exact: true }).click();
      await page.locator('time').first().waitFor();
      assert.match(await page.locator('time').first().innerText(), /MEZ|MESZ/, 'times in Berlin, named');
      await checkState(page, shots, 'audit-log-de');
      await page.goto(`${payd.url}/dashboard/settings/preferences`);
      await page.getByLabel('Sprache').selectOption('');
      await page.getByLabel('Zeitzone', { exact: true }).selectOption('');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your language and time zone' }).waitFor();
      assert.deepEqual(real(problems), []);
    });
  }

  test('in every language the sections fit one row at 1280 px, Settings\' tabs one row on a phone, each state axe-clean', async () => {
    const { page, problems } = await watchedPage(browser, payd.url, { width: 1280, height: 900 });
    await signIn(page, 'owner-desktop@acme.example');
    for (const lang of ['en', 'de', 'fr', 'es']) {
      await page.setExtraHTTPHeaders({ 'Accept-Language': lang });
      await page.goto(`${payd.url}/dashboard/settings/people`);
      assert.equal(await page.locator('html').getAttribute('lang'), lang);
      const rows = await page.evaluate(() => new Set([...document.querySelectorAll('.dashboard-nav li')].map((li) => li.offsetTop)).size);
      assert.equal(rows, 1, `${lang}: the sections in one row`);
      await checkState(page, 'dashboard-settings-desktop', `people-${lang}`);
    }
    // On a phone, the sections and Settings' tabs each scroll in one row, so the page's heading is in sight.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${payd.url}/dashboard/settings/people`);
    for (const nav of ['.dashboard-nav', '.sub-nav']) {
      const rows = await page.evaluate((sel) => new Set([...document.querySelectorAll(`${sel} li`)].map((li) => li.offsetTop)).size, nav);
      assert.equal(rows, 1, `${nav}: one row at 375 px`);
    }
    assert.ok(await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().bottom < 400), 'the heading in sight');
    await checkState(page, 'dashboard-settings-phone', 'people-es');
    assert.deepEqual(real(problems), []);
  });
});
