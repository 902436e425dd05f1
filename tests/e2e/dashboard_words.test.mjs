// What the dashboard says to a merchant (issue 40 item 1), over HTTP as a browser sends it,
// on a real chain (anvil): a new account's steps to a first payment; counts in the singular when there is one; an empty payments page
// says what to do, a filtered one says the filters; an underpaid intent names its shortfall,
// its integration and link by name; the account's only owner is not offered what would be
// refused; a new link's form says "that price" unless told otherwise and asks what the amount
// is in with one choice; a metadata value with quotes is found; the payer's page says when it
// is a test network; /favicon.ico is an icon.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';

describe('what the dashboard says', () => {
  let chain, payd, shop, get, post, signIn, csrfOf, ana;
  const page = async (path) => (await get(path, ana)).text();
  const newIntent = async (amountUsd, extra = {}) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337, ...extra });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 1 })}` });
    shop = createMerchant(payd, { name: 'Acme' });
    payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    ana = await signIn('ana@acme.example');
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('a new account is walked to its first payment, each step ticked as it is done', async () => {
    // The CLI made the integration and the keys: two of four done.
    const overview = await page('/dashboard');
    assert.match(overview, /<h2 id="getting-started-heading">Get started<\/h2>\n<p class="hint">The steps to a first payment: 2 of 4 done\.<\/p>/);
    const step = (html, id) => html.match(new RegExp(`<li class="task" id="step-${id}">[\\s\\S]*?</li>`))[0];
    assert.match(step(overview, 'integration'), /tag-completed">Done/);
    assert.match(step(overview, 'link-or-key'), /tag-completed">Done/);
    assert.match(step(overview, 'webhook'), /<a href="\/dashboard\/webhooks">Add a webhook endpoint<\/a>[\s\S]*tag-todo">To do/);
    assert.match(step(overview, 'payment'), /Make a test payment[\s\S]*tag-todo">To do/);
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', 'http://127.0.0.1:9/payd']);
    assert.match(step(await page('/dashboard'), 'webhook'), /tag-completed">Done/);
  });

  test('an empty payments page says what to do; a filtered one says the filters', async () => {
    assert.match(await page('/dashboard/payments'), /No payments yet\. They show here as payers pay/);
    assert.match(await page('/dashboard/payments?status=paid'), /No payments match these filters\. <a href="\/dashboard\/payments">See every payment<\/a>/);
  });

  test('an underpaid intent: its shortfall, its integration and link by name, one payment needing a decision', async () => {
    const pi = await newIntent('5.00');
    // Less than the exact amount is this intent's only from the wallet it names (DECISIONS §5).
    assert.equal((await proveSender(payd, shop.integration.id, pi.id, PAYER)).status, 200);
    await chain.payUsdc(PAYOUT, BigInt(pi.amount) - 1_500_000n);
    await chain.mine(1);
    const api = async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    await eventually(async () => (await api()).exception === 'UNDERPAID', { what: 'underpaid', timeout: 20000 });
    const html = await page(`/dashboard/payments/${pi.id}`);
    assert.match(html, /: <strong>1\.5 USDC short<\/strong>/);
    assert.match(html, /<\/span>, (1 confirmation|(0|[2-9]\d*) confirmations)<\/dd>/, "the transfer's confirmations, singular for one");
    assert.match(html, new RegExp(`<a href="/dashboard/integrations/${shop.integration.id}">Acme web</a>`));
    assert.match(await page('/dashboard'), /<strong>1 payment needs your decision<\/strong>/);
  });

  test('the only owner is offered neither another role nor disabling, and a second owner is', async () => {
    const people = await page('/dashboard/settings/people');
    assert.match(people, /The account's only owner: make someone else owner before changing your role or disabling yourself\./);
    assert.ok(!people.includes('/role" class="inline-fields"'), 'no role change offered');
    assert.ok(!/\/disable" class=/.test(people), 'no disabling offered');
    payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'bo@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    const two = await page('/dashboard/settings/people');
    assert.ok(!two.includes("The account's only owner"));
    assert.ok(two.includes('/role" class="inline-fields"') && /\/disable" class=/.test(two), 'with two owners both are offered');
  });

  test("a new link's form: another amount unticked, one choice of currency or token that makes the link", async () => {
    const form = await page('/dashboard/links/new');
    assert.match(form, /<input id="allowCustomAmount" name="allowCustomAmount" type="checkbox" value="true">/, 'unticked');
    assert.match(form, /<select class="select" id="currency" name="amountIn"/);
    assert.match(form, /<optgroup label="A price in a currency">\n<option value="CURRENCY:USD" selected>USD<\/option>/);
    assert.match(form, /<option value="TOKEN:USDC">USDC<\/option>/);
    assert.ok(!form.includes('name="denominationType"'), 'one control, not two');
    const csrf = await csrfOf(ana, '/dashboard/links/new');
    const made = await post('/dashboard/links', { csrf, integrationId: shop.integration.id, type: 'LINK', name: 'Tokens', description: '',
      amount: '3', amountIn: 'TOKEN:USDC', minAmount: '', returnUrl: '' }, { cookie: ana });
    assert.equal(made.status, 303, await made.text());
    const id = made.headers.get('location').split('/').pop();
    const link = (await payd.request('GET', `/api/v1/payment-links/${id}`, { key: shop.read.key })).json;
    assert.equal(link.denominationType, 'TOKEN');
    assert.equal(link.currency, 'USDC');
    assert.equal(link.allowCustomAmount, false);
  });

  test('a metadata value with quotes and a backslash is found whole', async () => {
    const pi = await newIntent('2.00', { metadata: { note: 'the "big" one \\ two' } });
    const other = await newIntent('2.50', { metadata: { note: 'the big one' } });
    const found = await page(`/dashboard/payments?q=${encodeURIComponent('the "big" one \\ two')}`);
    assert.ok(found.includes(pi.id) && !found.includes(other.id), 'the value as typed');
  });

  test("the payer's page says it is a test network; /favicon.ico is an icon", async () => {
    const pi = await newIntent('1.00');
    const payer = await payd.request('GET', `/pay/${pi.id}`, { headers: { Accept: 'text/html' } });
    assert.match(payer.text, /<p class="testnet-banner" role="note"><strong class="testnet-tag">Testnet<\/strong> Test network: this payment moves no real money\.<\/p>/);
    const fr = await payd.request('GET', `/pay/${pi.id}?lang=fr`, { headers: { Accept: 'text/html' } });
    assert.match(fr.text, /Réseau de test : ce paiement ne déplace pas d’argent réel\./);
    const icon = await checkedFetch(`${payd.url}/favicon.ico`);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/x-icon');
    const bytes = Buffer.from(await icon.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
  });
  test('the steps are gone once the account has taken its first payment', async () => {
    assert.ok((await page('/dashboard')).includes('getting-started'), 'still there before');
    const pi = await newIntent('1.00');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    await eventually(async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json.status === 'PAID',
      { what: 'the first payment confirmed', timeout: 20000 });
    assert.ok(!(await page('/dashboard')).includes('getting-started'), 'no steps after the first payment');
    // Its confirmations say how many were needed, not "2 of 1".
    assert.match(await page(`/dashboard/payments/${pi.id}`), /<dt>Confirmations<\/dt><dd>\d+ \(1 needed\)<\/dd>/);
  });
});
