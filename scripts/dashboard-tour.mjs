#!/usr/bin/env node
// Screenshots of the dashboard as a merchant meets it, for a person to look
// at (issue 40: the before and after of a change to the pages): a real payd
// and anvil, one shop with a paid and an underpaid payment, every main page
// at phone and desktop widths. Not a test: it asserts nothing.
//
//   PAYD_BIN=build/payd node scripts/dashboard-tour.mjs <out dir> [locale] [time zone]
//   e.g. ... build/tour-de de-DE Europe/Berlin
// PAYD_TOUR_JPEG=1 saves JPEGs (quality 60, the first 1,600 px) instead of PNGs, small enough for docs/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from '../tests/e2e/lib/chain.mjs';
import { PASSWORD } from '../tests/e2e/lib/dashboard.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from '../tests/e2e/lib/payd.mjs';
import { CHROMIUM } from '../tests/browser/lib/browser.mjs';

const [outArg = 'build/tour', locale = 'en-GB', timezoneId = 'UTC'] = process.argv.slice(2);
const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const jpeg = process.env.PAYD_TOUR_JPEG === '1';
// A JPEG shows the page's first 1,600 px: what a reader sees first.
const shoot = async (page, name) => page.screenshot({
  path: join(out, `${name}.${jpeg ? 'jpg' : 'png'}`), fullPage: true,
  ...(jpeg ? { type: 'jpeg', quality: 60, clip: { x: 0, y: 0, width: page.viewportSize().width, height: Math.min(1600, await page.evaluate(() => document.documentElement.scrollHeight)) } } : {}),
});

const chain = await startChain();
const payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
let browser;
try {
  const shop = createMerchant(payd, { name: 'Acme' });
  payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
  const intent = async (usd, orderId) => (await createIntent(payd, shop.integration.id, { amount_usd: usd, currency: 'USDC', chainId: 31337, metadata: { orderId } })).json;
  const api = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const paid = await intent('25.00', 'ORD-1001');
  await chain.payUsdc(PAYOUT, BigInt(paid.amount));
  const under = await intent('40.00', 'ORD-1002');
  await proveSender(payd, shop.integration.id, under.id, PAYER);
  await chain.payUsdc(PAYOUT, BigInt(under.amount) - 15_000_000n);
  await intent('12.50', 'ORD-1003');
  await chain.mine(1);
  await eventually(async () => (await api(under.id)).exception === 'UNDERPAID' && (await api(paid.id)).status === 'PAID',
    { what: 'the payments settled', timeout: 30000 });

  browser = await chromium.launch({ executablePath: CHROMIUM });
  const pages = [
    ['overview', '/dashboard'], ['payments', '/dashboard/payments'], ['underpaid', `/dashboard/payments/${under.id}`],
    ['paid', `/dashboard/payments/${paid.id}`], ['links', '/dashboard/links'], ['links-new', '/dashboard/links/new'],
    ['integrations', '/dashboard/integrations'], ['integration', `/dashboard/integrations/${shop.integration.id}`],
    ['webhooks', '/dashboard/webhooks'], ['events', '/dashboard/events'], ['audit-log', '/dashboard/audit-log'],
    ['api-keys', '/dashboard/settings/api-keys'], ['general', '/dashboard/settings/general'],
    ['people', '/dashboard/settings/people'], ['notifications', '/dashboard/settings/notifications'],
    ['preferences', '/dashboard/settings/preferences'], ['refunds', '/dashboard/refunds'], ['payouts', '/dashboard/payouts'],
  ];
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale, timezoneId });
    const page = await context.newPage();
    await page.goto(`${payd.url}/dashboard/sign-in`);
    await shoot(page, `sign-in-${width}`);
    await page.fill('#email', 'ana@acme.example');
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    for (const [name, path] of pages) {
      const res = await page.goto(`${payd.url}${path}`);
      if (res.status() === 404) continue; // a page this build does not have
      // A second load: the first one set the browser's time zone (payd_tz).
      await page.reload();
      await shoot(page, `${name}-${width}`);
    }
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser?.close();
  await payd.close();
  await chain.stop();
}
