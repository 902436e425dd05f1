// The SDK as docs/checkout.md shows it, run as it stands: a shop's page on its
// own origin (a loopback server on another port) imports {base}/sdk/payd.js
// as an ES module, which a browser always fetches with CORS, so payd must
// serve it to any origin. The snippet creates an intent, the payer opens the
// hosted checkout from the shop's button and pays on the chain, and the
// shop's page follows the intent to PAID. The page's script can also read the
// X-RateLimit-* headers payd exposes to it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { PAYOUT } from '../e2e/lib/chain.mjs';
import { browserForSuite, checkState } from './lib/browser.mjs';
import { checkoutStackForSuite } from './lib/stack.mjs';

// The first html block of docs/checkout.md's "## SDK" section, for this
// stack's payd, integration and chain instead of the examples'.
function docsSnippet({ base, integration, chainId }) {
  const doc = readFileSync(new URL('../../docs/checkout.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('\n## SDK\n'));
  const snippet = section.match(/```html\n([\s\S]*?)```/)[1];
  const filled = snippet
    .replaceAll('https://pay.example.com', base)
    .replace(/int_[a-z2-7]{26}/, integration)
    .replace('chainId: 1,', `chainId: ${chainId},`);
  for (const [what, value] of [['base', base], ['integration', integration], ['chain', `chainId: ${chainId},`]]) {
    assert.ok(filled.includes(value), `docs/checkout.md's SDK snippet no longer names a ${what} this test can fill in`);
  }
  return filled;
}

describe('the SDK imported by a page on another origin', () => {
  const browser = browserForSuite();
  const s = checkoutStackForSuite();

  test('the snippet of docs/checkout.md, on a shop\'s page, imports the SDK and follows an intent to PAID', async () => {
    assert.notEqual(new URL(s.shop.url).origin, new URL(s.base).origin, 'the shop is another origin');
    s.shop.page('/order', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order 42</title></head>
<body><main><h1>Order 42</h1>
${docsSnippet({ base: s.base, integration: s.integration, chainId: 31337 })}
</main></body></html>`);
    const context = await browser.newContext();
    const page = await context.newPage();
    const logs = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()} (${m.location().url})`));
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    await page.goto(`${s.shop.url}/order`);
    const pay = page.getByRole('button', { name: 'Pay with crypto' });
    try {
      await pay.waitFor({ timeout: 15000 });
    } catch {
      assert.fail(`the snippet never got an intent through the SDK; the page's console:\n${logs.join('\n')}`);
    }
    await page.getByRole('status').filter({ hasText: 'Payment: created' }).waitFor();
    await checkState(page, 'sdk-import', 'waiting');

    // What the page's own script can read of payd's answers (Access-Control-Expose-Headers).
    const rate = await page.evaluate(async (url) => {
      const r = await fetch(url, { headers: { Accept: 'application/json' } });
      return ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((h) => r.headers.get(h));
    }, `${s.base}/public/integrations/${s.integration}`);
    assert.equal(rate[0], '1000000', 'X-RateLimit-Limit: the stack\'s public_reads_per_min');
    assert.ok(Number(rate[1]) >= 0 && Number(rate[1]) < 1000000, `X-RateLimit-Remaining ${rate[1]}`);
    assert.ok(Number(rate[2]) > Date.now() / 1000, `X-RateLimit-Reset ${rate[2]}`);

    // The payer opens the hosted checkout from the shop's button, in a new tab.
    const [checkout] = await Promise.all([context.waitForEvent('page'), pay.click()]);
    await checkout.waitForURL(new RegExp(`^${s.base}/pay/pi_`));
    const id = new URL(checkout.url()).pathname.split('/').at(-1);
    await checkout.locator('main[data-status="CREATED"]').waitFor();
    const created = await s.intent(id);
    assert.equal(created.amountUsd, '25.00');
    assert.deepEqual(created.metadata, { orderId: '42' });

    await s.chain.payUsdc(PAYOUT, BigInt(created.amount));
    try {
      await page.getByRole('status').filter({ hasText: 'Paid, thank you!' }).waitFor({ timeout: 30000 });
    } catch {
      assert.fail(`the shop's page never saw the intent paid; its status: ${await page.getByRole('status').textContent()}; its console:\n${logs.join('\n')}`);
    }
    assert.equal((await s.intent(id)).status, 'PAID');
    assert.equal(await pay.isHidden(), true, 'the snippet hides its button once the intent is settled');
    await checkState(page, 'sdk-import', 'paid');
    await checkout.locator('main[data-status="PAID"]').waitFor();
    await checkState(checkout, 'sdk-import', 'receipt');
    // The shop's test server has no favicon; anything else is the snippet's.
    const errors = logs.filter((l) => /^(error|pageerror)/.test(l) && !l.endsWith('/favicon.ico)'));
    assert.deepEqual(errors, [], 'errors in the shop\'s page');
  });
  test("openIntent sends the payer to an intent the shop's server made, where the payer chooses and pays", async () => {
    const made = await s.payd.request('POST', '/v1/payment_intents', {
      key: s.merchant.rw.key, body: { amount: '7.25', currency: 'USD', tokens: ['USDC'] },
    });
    assert.equal(made.status, 201, made.text);
    s.shop.page('/server-order', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order 43</title></head>
<body><main><h1>Order 43</h1><button type="button" id="pay" hidden>Pay with crypto</button>
<script type="module">
  import { Payd } from '${s.base}/sdk/payd.js';
  const payd = new Payd({ baseUrl: '${s.base}', integration: '${s.integration}' });
  const pay = document.getElementById('pay');
  pay.addEventListener('click', () => payd.openIntent('${made.json.id}'));
  pay.hidden = false;
</script></main></body></html>`);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.shop.url}/server-order`);
    await page.getByRole('button', { name: 'Pay with crypto' }).click();
    await page.waitForURL(made.json.checkoutUrl);
    await page.getByLabel('USDC on Localnet').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.locator('#amount').filter({ hasText: 'USDC' }).waitFor();
    const chosen = await s.intent(made.json.id);
    await s.chain.payUsdc(PAYOUT, BigInt(chosen.amount));
    await page.locator('#status').filter({ hasText: 'Paid' }).waitFor({ timeout: 30000 });
    await checkState(page, 'sdk-open-intent', 'paid');
    await context.close();
  });
});
