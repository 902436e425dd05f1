// The dashboard in Chromium (issue 18): sign in with the keyboard alone, a
// wrong password's error summary, the overview with the environment banner,
// a one-time link's form; each state axe-clean under payd's CSP, at phone
// and desktop widths, screenshots under the build folder.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { launch, preparePayd } from '../e2e/lib/payd.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { browserForSuite, checkState, WIDTHS, watchedPage as watched } from './lib/browser.mjs';

describe('the dashboard', () => {
  const browser = browserForSuite();
  let payd, tenant;
  before(async () => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'ana@acme.example', '--role', 'owner',
      '--name', 'Ana López', '--password-stdin'], { input: `${PASSWORD}\n` });
    await launch(payd);
  });
  after(() => payd?.cleanup());

  const watchedPage = (viewport) => watched(browser, payd.url, viewport);

  for (const [name, viewport] of WIDTHS) {
    test(`sign in with the keyboard; a wrong password says so; the overview shows the environment (${name})`, async () => {
      const { page, problems } = await watchedPage(viewport);
      await page.goto(`${payd.url}/dashboard`);
      assert.equal(new URL(page.url()).pathname, '/dashboard/sign-in');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await assert.doesNotReject(page.getByText('Testnet', { exact: true }).waitFor());
      await checkState(page, `dashboard-${name}`, 'sign-in');

      // Keyboard only: the skip link first, then the fields in order.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to main content');
      await page.getByLabel('Email address').focus();
      await page.keyboard.type('ana@acme.example');
      await page.keyboard.press('Tab');
      await page.keyboard.type('not my password');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      assert.equal(await page.getByLabel('Email address').inputValue(), 'ana@acme.example', 'the address stays');
      assert.equal(await page.getByLabel('Password').inputValue(), '', 'the password does not');
      assert.match(await page.title(), /^Error: Sign in/);
      await checkState(page, `dashboard-${name}`, 'sign-in-error');

      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      await page.getByText('Signed in as').waitFor();
      assert.match(await page.locator('.environment-banner').innerText(), /TESTNET/i);
      await checkState(page, `dashboard-${name}`, 'overview');

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // The refused password's page is a 400: the one failed load.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    });
  }

  test('a one-time link: the password form, its refusal, then the overview; the spent link', async () => {
    const invited = payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'bo@acme.example', '--role', 'viewer']);
    const link = new URL(invited.signInUrl, payd.url).toString();
    const { page, problems } = await watchedPage(WIDTHS[0][1]);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await checkState(page, 'dashboard-phone', 'link');
    await page.getByLabel('New password').fill('password1234');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await page.getByText('Password is one of the most used passwords').first().waitFor();
    await checkState(page, 'dashboard-phone', 'link-error');
    await page.getByLabel('New password').fill('a garden of quiet numbers');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await checkState(page, 'dashboard-phone', 'link-spent');
    // The refused password (400) and the spent link (404) are the failed loads.
    assert.deepEqual(problems.filter((p) => !/status of (400|404)/.test(p)), []);
  });
});
