// The dashboard's two-factor and people pages in Chromium (issue 18): an
// owner sets up an authenticator by the QR page's key (codes from npm
// `otpauth`), keeps the recovery codes, signs in again with a code, invites
// a person and changes a role; a viewer meets the refusal page. Each state is
// axe-clean under payd's CSP at phone and desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import * as OTPAuth from 'otpauth';

import { dashboardClient, PASSWORD } from '../e2e/lib/dashboard.mjs';
import { launch, preparePayd } from '../e2e/lib/payd.mjs';
import { browserForSuite, checkState, WIDTHS, watchedPage, signInDashboard } from './lib/browser.mjs';

const codeOf = (secret, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe('the dashboard: two factors and people', () => {
  const browser = browserForSuite();
  let payd, tenant;
  before(async () => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    for (const [name, role] of WIDTHS.map(([w]) => [`owner-${w}`, 'owner']).concat([['viewer', 'viewer'], ['dev', 'developer']])) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', `${name}@acme.example`, '--role', role,
        '--name', `${name[0].toUpperCase()}${name.slice(1)} Ñandú`, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    // A key the developer made: People lists it, and disabling them offers to revoke it.
    const { post, signIn: formSignIn, csrfOf } = dashboardClient(payd);
    const dev = await formSignIn('dev@acme.example');
    const made = await post('/dashboard/settings/api-keys',
      { csrf: await csrfOf(dev, '/dashboard/settings/api-keys'), name: 'Order sync', scopes: 'payments:read' }, { cookie: dev });
    assert.equal(made.status, 200);
  });
  after(() => payd?.cleanup());

  const signIn = (page, email) => signInDashboard(page, payd.url, email, { landing: null });

  for (const [width, viewport] of WIDTHS) {
    test(`an owner sets up two factors, signs in with a code, invites a person (${width})`, async () => {
      const shots = `dashboard-security-${width}`;
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signIn(page, `owner-${width}@acme.example`);
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.goto(`${payd.url}/dashboard/two-factor`);
      await checkState(page, shots, 'two-factor-off');
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('heading', { name: '1. Scan this code with your authenticator app' }).waitFor();
      assert.ok(await page.locator('svg#totp-qr').isVisible(), 'the QR code shows');
      const secret = (await page.locator('#totp-secret').innerText()).replaceAll(' ', '');
      await checkState(page, shots, 'two-factor-setup');
      await page.getByLabel('6-digit code').fill('12345');
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await checkState(page, shots, 'two-factor-setup-error');
      await page.getByLabel('6-digit code').fill(codeOf(secret));
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
      assert.equal(await page.locator('#recovery-codes li').count(), 10);
      await checkState(page, shots, 'recovery-codes');

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      // Signed out lands on the sign-in form; going there again before it loads would cancel it.
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await signIn(page, `owner-${width}@acme.example`);
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
      await checkState(page, shots, 'sign-in-code');
      await page.getByLabel('Code').fill(codeOf(secret, 1));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();

      await page.goto(`${payd.url}/dashboard/two-factor`);
      await page.getByRole('link', { name: 'People' }).click();
      await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
      await checkState(page, shots, 'people');
      const devCard = page.locator('li.card', { hasText: 'dev@acme.example' });
      assert.match(await devCard.innerText(), /Order sync svc_pk_test_…/);
      assert.ok(await devCard.getByLabel('Also revoke the key Dev Ñandú made').isChecked(), 'ticked by default');
      await page.getByLabel('Email address').fill(`new-${width}@acme.example`);
      await page.getByLabel('Name (optional)').fill('<em>New</em> person');
      await page.getByLabel('Role', { exact: true }).selectOption('developer');
      await page.getByRole('button', { name: 'Create an invitation link' }).click();
      await page.getByRole('heading', { name: 'Invitation ready' }).waitFor();
      assert.match(await page.getByLabel('Invitation link').inputValue(), /\/dashboard\/link\?token=/);
      await checkState(page, shots, 'invitation');
      await page.getByRole('link', { name: 'Back to people' }).click();
      await page.getByLabel('Email address').fill('not an address');
      await page.getByRole('button', { name: 'Create an invitation link' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      assert.equal(await page.getByLabel('Email address').inputValue(), 'not an address');
      await checkState(page, shots, 'people-error');
      await page.getByLabel('Role of Viewer Ñandú').selectOption('developer');
      await page.locator('#person-' + (await page.locator('li.card', { hasText: 'viewer@acme.example' }).getAttribute('id')).slice(7))
        .getByRole('button', { name: 'Change role' }).click();
      await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
      assert.match(await page.locator('li.card', { hasText: 'viewer@acme.example' }).innerText(), /developer/);
      await page.getByLabel('Role of Viewer Ñandú').selectOption('viewer');
      await page.locator('li.card', { hasText: 'viewer@acme.example' }).getByRole('button', { name: 'Change role' }).click();
      await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
      // The wrong code and the refused address are 400s: the failed loads.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    });
  }

  test('a viewer has no People link, and the page itself says which role it needs', async () => {
    const { page, problems } = await watchedPage(browser, payd.url, WIDTHS[0][1]);
    await signIn(page, 'viewer@acme.example');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.goto(`${payd.url}/dashboard/two-factor`);
    await page.getByRole('link', { name: 'Your two-factor sign-in' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'People' }).count(), 0);
    await page.goto(`${payd.url}/dashboard/settings/people`);
    await page.getByRole('heading', { name: 'You cannot do this' }).waitFor();
    await page.getByText('This needs the owner role').waitFor();
    await checkState(page, 'dashboard-security-phone', 'forbidden');
    assert.deepEqual(problems.filter((p) => !/status of 403/.test(p)), []);
  });
});
