// Every main page of the dashboard in German and French in Chromium (issue 40
// item 4): longer words must not push a page sideways at 320, 375 or 1280 px,
// and each page stays axe-clean with its lang. A shop with a paid and an
// underpaid payment, and a payment link, so that lists
// have rows and cards. The words themselves are checked against the catalogs
// by tests/e2e/dashboard_language.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { eventually, PAYER, PAYOUT } from '../e2e/lib/chain.mjs';
import { PASSWORD } from '../e2e/lib/dashboard.mjs';
import { linkBody, proveSender } from '../e2e/lib/payd.mjs';
import { browserForSuite, checkState, signInDashboard, WIDTHS, watchedPage } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

// The overview's live stream is cut when a test leaves that page: not a problem of these pages.
const real = (problems) => problems.filter((p) => !/^failed: .*\/dashboard\/live/.test(p));

describe('the dashboard in German and French', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  test('every main page, at every width, in each language', async () => {
    const { payd, merchant } = s;
    payd.admin(['user', 'create', '--tenant', merchant.tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'],
      { input: `${PASSWORD}\n` });
    const link = await payd.request('POST', '/api/v1/payment-links', { key: merchant.rw.key, body: linkBody(s.integration, { name: 'Frühjahrsverkauf' }) });
    assert.equal(link.status, 201, link.text);
    const paid = await s.createIntent({ amount_usd: '1234.50', metadata: { orderId: 'ORD-1' } });
    await s.chain.payUsdc(PAYOUT, BigInt(paid.amount));
    const under = await s.createIntent({ amount_usd: '40.00' });
    assert.equal((await proveSender(payd, s.integration, under.id, PAYER, { origin: s.base })).status, 200);
    await s.chain.payUsdc(PAYOUT, BigInt(under.amount) - 15_000_000n);
    await s.chain.mine(1);
    const api = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: merchant.read.key })).json;
    await eventually(async () => (await api(paid.id)).status === 'PAID' && (await api(under.id)).exception === 'UNDERPAID',
      { what: 'the payments settled', timeout: 30000 });

    const pages = [
      ['overview', '/dashboard'], ['payments', '/dashboard/payments'], ['paid', `/dashboard/payments/${paid.id}`],
      ['underpaid', `/dashboard/payments/${under.id}`], ['links', '/dashboard/links'], ['link', `/dashboard/links/${link.json.id}`],
      ['links-new', '/dashboard/links/new'], ['integrations', '/dashboard/integrations'],
      ['integration', `/dashboard/integrations/${s.integration}`], ['integration-edit', `/dashboard/integrations/${s.integration}/edit`],
      ['webhooks', '/dashboard/webhooks'], ['deliveries', '/dashboard/webhooks/deliveries'], ['events', '/dashboard/events'],
      ['audit-log', '/dashboard/audit-log'], ['api-keys', '/dashboard/settings/api-keys'], ['general', '/dashboard/settings/general'],
      ['people', '/dashboard/settings/people'], ['notifications', '/dashboard/settings/notifications'],
      ['preferences', '/dashboard/settings/preferences'], ['two-factor', '/dashboard/two-factor'],
      ['refunds', '/dashboard/refunds'], ['payouts', '/dashboard/payouts'], ['payouts-new', '/dashboard/payouts/new'],
    ];
    const { page, problems } = await watchedPage(browser, s.base, WIDTHS[0][1]);
    await signInDashboard(page, s.base, 'ana@acme.example');
    for (const lang of ['de', 'fr']) {
      await page.setExtraHTTPHeaders({ 'Accept-Language': lang });
      for (const [name, path] of pages) {
        const res = await page.goto(`${s.base}${path}`);
        assert.equal(res.status(), 200, `${lang} ${path}`);
        assert.equal(await page.locator('html').getAttribute('lang'), lang);
        await checkState(page, `dashboard-${lang}`, name);
      }
    }
    assert.deepEqual(real(problems), []);
  });
});
