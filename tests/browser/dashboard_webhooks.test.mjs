// The dashboard's webhooks, deliveries, events and audit log in Chromium
// (issue 18 item 2): a developer adds an endpoint (a refused URL first: the
// error state), sends a test event to a real receiver and to an address that
// refuses connections, and reads the deliveries, the events with their
// payloads and the audit log. Each state is axe-clean under payd's CSP at
// phone and desktop widths, with screenshots.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { stopAll } from '../e2e/lib/cleanup.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { launch, linkBody, preparePayd } from '../e2e/lib/payd.mjs';
import { startReceiver } from '../e2e/lib/receiver.mjs';
import { browserForSuite, checkState, WIDTHS, watchedPage, signInDashboard } from './lib/browser.mjs';

const CONFIG = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1]\n';

describe('the dashboard: webhooks, events and audit log', () => {
  const browser = browserForSuite();
  let payd;
  const receivers = [];
  const tenants = {};
  before(async () => {
    payd = preparePayd({ config: CONFIG });
    for (const [width] of WIDTHS) {
      const tenant = payd.admin(['tenant', 'create', '--name', `Acme ${width}`]);
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', `dev-${width}@acme.example`, '--role', 'developer',
        '--name', `Dev ${width}`, '--password-stdin'], { input: `${PASSWORD}\n` });
      const secret = payd.admin(['webhook-secret', 'show', '--tenant', tenant.id]).secret;
      const receiver = await startReceiver({ secrets: [secret] });
      receivers.push(receiver);
      tenants[width] = { tenant, receiver };
    }
    await launch(payd);
    // A link made with a key: an event with a payload worth reading.
    for (const { tenant } of Object.values(tenants)) {
      const key = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'backend', '--scopes', 'payments:read,payments:write']);
      const integration = payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', 'Web shop', '--chains', '31337',
        '--tokens', 'USDC', '--payout', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '--origins', 'https://shop.example']);
      const link = await payd.request('POST', '/api/v1/payment-links', { key: key.key, body: linkBody(integration.id, { name: 'T-shirt <b>blue</b>' }) });
      assert.equal(link.status, 201, link.text);
    }
  });
  after(() => stopAll(() => payd?.cleanup(), () => Promise.all(receivers.map((r) => r.close()))));

  const signIn = (page, email) => signInDashboard(page, payd.url, email);

  // Reloads until `selector` shows (the dispatcher works in the background).
  async function reloadUntil(page, selector) {
    for (let i = 0; i < 100; i++) {
      if (await page.locator(selector).count()) return;
      await page.waitForTimeout(100); // sleep-ok: a poll between reloads
      await page.reload();
    }
    assert.fail(`${selector} never showed`);
  }

  for (const [width, viewport] of WIDTHS) {
    test(`a developer adds endpoints, tests them and reads deliveries, events and the audit log (${width})`, async () => {
      const shots = `dashboard-webhooks-${width}`;
      const { receiver } = tenants[width];
      const { page, problems } = await watchedPage(browser, payd.url, viewport);
      await signIn(page, `dev-${width}@acme.example`);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
      await checkState(page, shots, 'webhooks-empty');

      await page.getByLabel('URL').fill('ftp://files.example/hooks');
      await page.getByLabel('PAYMENT_CONFIRMED').check();
      await page.getByRole('button', { name: 'Add the endpoint' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      assert.equal(await page.getByLabel('URL').inputValue(), 'ftp://files.example/hooks');
      assert.ok(await page.getByLabel('PAYMENT_CONFIRMED').isChecked(), 'the ticked box stays ticked');
      await page.getByText('the scheme must be http or https').first().waitFor();
      await checkState(page, shots, 'webhooks-error');

      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Description (optional)').fill('Order system');
      await page.getByRole('button', { name: 'Add the endpoint' }).click();
      await page.getByRole('heading', { name: receiver.url }).waitFor();
      await page.getByLabel('URL').fill('http://127.0.0.1:9/down');
      await page.getByRole('button', { name: 'Add the endpoint' }).click();
      await page.getByRole('heading', { name: 'http://127.0.0.1:9/down' }).waitFor();
      await checkState(page, shots, 'webhooks');

      await page.locator('li.card', { hasText: 'http://127.0.0.1:9/down' }).getByRole('button', { name: 'Send a test event' }).click();
      await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
      await page.goto(`${payd.url}/dashboard/webhooks`);
      await page.locator('li.card', { hasText: receiver.url }).getByRole('button', { name: 'Send a test event' }).click();
      await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
      await reloadUntil(page, '.tag-delivery-delivered');
      assert.equal(receiver.of('WEBHOOK_TEST').length, 1, 'the receiver verified the test event');
      await page.getByLabel('Endpoint', { exact: true }).selectOption({ label: 'Every endpoint' });
      await page.getByRole('button', { name: 'Show' }).click();
      await reloadUntil(page, '.tag-delivery-failed');
      await checkState(page, shots, 'deliveries');

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Events', exact: true }).click();
      await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
      assert.match(await page.locator('pre.payload').first().innerText(), /^\{\n {2}"/, 'pretty-printed');
      await checkState(page, shots, 'events');
      await page.getByLabel('Type').selectOption('PAYMENT_LINK_CREATED');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByText('Filtered among the latest').waitFor();
      assert.equal(await page.locator('li.card').count(), 1);
      assert.match(await page.locator('pre.payload').innerText(), /"name": "T-shirt <b>blue<\/b>"/, 'the markup as text');

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log', exact: true }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page.locator('a[href^="/dashboard/audit-log?actor=user_"]', { hasText: `Dev ${width}` }).first().waitFor();
      await checkState(page, shots, 'audit-log');
      // Expected failed loads: the refused form's 400, and the live updates' stream
      // (/dashboard/live), which each navigation cuts off.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p) && !/^failed: .*\/dashboard\/live$/.test(p)), []);
    });
  }
});
