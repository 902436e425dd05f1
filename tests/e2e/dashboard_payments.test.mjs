// The dashboard's payments (issue 18 item 2), on a real chain (anvil) and a
// real payd, over HTTP as a browser sends it: the table and its filters
// (status, "needs a decision", dates, search by id, transaction hash,
// address and metadata value), an intent's page with its timeline, the CSV
// export checked row by row against the API (exact decimals, ISO 8601 UTC,
// no cell a spreadsheet would run), an underpaid intent resolved from its
// page, a transfer no intent took attached, and the roles that may not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const wallet = (index) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });

// RFC 4180 rows of a CSV text, read by csv-parse as a merchant's tools would read them
// (a quoted cell may hold commas, quotes and line breaks; a cut file throws).
const parseCsv = (text) => parse(text);

describe('dashboard payments', () => {
  let chain, payd, shop, get, post, signIn, csrfOf, ana, viewer;
  const api = async (path) => (await payd.request('GET', path, { key: shop.read.key })).json;
  const intentOf = (id) => api(`/api/v1/payment-intents/${id}`);
  const newIntent = async (amountUsd, metadata = {}) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337, metadata });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const funded = async (index) => {
    const a = wallet(index);
    await chain.call(chain.usdc, 'mint', [a.address, parseUnits('1000', 6)]);
    return a;
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd);
    for (const [email, role] of [['ana@acme.example', 'owner'], ['vic@acme.example', 'viewer']]) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    ana = await signIn('ana@acme.example');
    viewer = await signIn('vic@acme.example');
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('the table lists intents newest first; filters and search narrow it; a bad filter is named', async () => {
    const first = await newIntent('3.00', { orderId: 'ORD-<b>1</b>' });
    const second = await newIntent('4.00', { orderId: 'ORD-2' });
    const html = await (await get('/dashboard/payments', ana)).text();
    assert.ok(html.indexOf(second.id) < html.indexOf(first.id), 'newest first');
    const bySearch = async (q) => (await (await get(`/dashboard/payments?q=${encodeURIComponent(q)}`, ana)).text());
    const meta = await bySearch('ORD-<b>1');
    assert.ok(meta.includes(first.id) && !meta.includes(second.id), 'a metadata value');
    assert.ok(!meta.includes('<b>1</b>'), 'what was typed comes back escaped');
    assert.match(meta, /value="ORD-&lt;b&gt;1"/);
    const byId = await bySearch(second.id);
    assert.ok(byId.includes(second.id) && !byId.includes(first.id));
    const byAddress = await bySearch(PAYOUT.toLowerCase());
    assert.ok(byAddress.includes(first.id) && byAddress.includes(second.id), 'the payout address, any case');
    const created = await (await get('/dashboard/payments?status=created', ana)).text();
    assert.ok(created.includes(first.id));
    assert.ok(!(await (await get('/dashboard/payments?status=paid', ana)).text()).includes(first.id));
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await (await get(`/dashboard/payments?from=${today}&to=${today}`, ana)).text()).includes(first.id));
    assert.ok(!(await (await get('/dashboard/payments?from=2001-01-01&to=2001-01-31', ana)).text()).includes(first.id));
    const bad = await get('/dashboard/payments?from=yesterday&status=lost', ana);
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /Enter the first day as YYYY-MM-DD/);
    assert.match(badHtml, /Choose a status from the list/);
    assert.match(badHtml, /value="yesterday"/, 'what was typed stays');
  });

  test("an underpaid intent: its page shows the timeline; an admin resolves it; a viewer cannot", async () => {
    const payer = await funded(6);
    const pi = await newIntent('10.00', { orderId: 'ORD-UNDER' });
    assert.equal((await payd.request('POST', `/api/v1/payment-intents/${pi.id}/sender-hint`, { key: shop.rw.key, body: { address: payer.address } })).status, 200);
    const tx = await chain.payUsdc(PAYOUT, parseUnits('9.5', 6), { from: payer });
    await eventually(async () => (await intentOf(pi.id)).exception === 'UNDERPAID', { what: 'UNDERPAID', timeout: 20000 });

    const decision = await (await get('/dashboard/payments?status=decision', ana)).text();
    assert.ok(decision.includes(pi.id), 'in the "needs a decision" view');
    const page = await (await get(`/dashboard/payments/${pi.id}`, ana)).text();
    assert.match(page, /underpaid/i);
    assert.ok(page.includes(tx.transactionHash), 'the transfer');
    assert.match(page, /9\.5 USDC|9\.500000 USDC/);
    assert.match(page, /PAYMENT_PENDING|PAYMENT_CREATED/, 'the timeline');
    assert.match(page, /Your decision/);
    assert.ok(!(await (await get(`/dashboard/payments/${pi.id}`, viewer)).text()).includes('Your decision'), 'no decision form for a viewer');

    const refused = await post(`/dashboard/payments/${pi.id}/resolve`, { csrf: await csrfOf(viewer), decision: 'paid' }, { cookie: viewer });
    assert.equal(refused.status, 403);
    const csrf = await csrfOf(ana);
    const none = await post(`/dashboard/payments/${pi.id}/resolve`, { csrf, note: 'typed <i>note</i>' }, { cookie: ana });
    assert.equal(none.status, 400);
    const noneHtml = await none.text();
    assert.match(noneHtml, /Choose whether to accept it as paid or decline it/);
    assert.match(noneHtml, /typed &lt;i&gt;note&lt;\/i&gt;/, 'the note typed stays, escaped');
    const resolved = await post(`/dashboard/payments/${pi.id}/resolve`, { csrf, decision: 'paid', note: 'Cash for the fee' }, { cookie: ana });
    assert.equal(resolved.status, 303);
    assert.equal(resolved.headers.get('location'), `/dashboard/payments/${pi.id}`);
    const after = await intentOf(pi.id);
    assert.equal(after.status, 'PAID');
    assert.equal(after.resolution.note, 'Cash for the fee');
    assert.ok(!(await (await get('/dashboard/payments?status=decision', ana)).text()).includes(pi.id), 'decided');
  });

  test('a transfer no intent took is attached from the table', async () => {
    const payer = await funded(7);
    const pi = await newIntent('6.00');
    const tx = await chain.payUsdc(PAYOUT, parseUnits('6.01', 6), { from: payer });
    const payment = await eventually(async () => (await api('/api/v1/payments?limit=100')).data.find((p) => p.txHash === tx.transactionHash), { what: 'the payment', timeout: 20000 });
    assert.equal(payment.intentId, null);
    assert.ok((await (await get('/dashboard/payments', ana)).text()).includes(tx.transactionHash), 'listed as taken by no intent');
    const csrf = await csrfOf(ana);
    const wrong = await post(`/dashboard/transfers/${payment.id}/attach`, { csrf, intent: 'pi_nothing' }, { cookie: ana });
    assert.equal(wrong.status, 400);
    const attached = await post(`/dashboard/transfers/${payment.id}/attach`, { csrf, intent: pi.id }, { cookie: ana });
    assert.equal(attached.status, 303, await attached.text());
    await eventually(async () => (await intentOf(pi.id)).status === 'PAID', { what: 'PAID', timeout: 20000 });
    assert.equal((await post('/dashboard/transfers/pay_nothing/attach', { csrf, intent: pi.id }, { cookie: ana })).status, 404);
  });

  test('the CSV export holds what the filter shows, row for row as the API has it', async () => {
    await newIntent('1.25', { note: '=HYPERLINK("http://evil.example")', orderId: '+ORD' });
    const res = await get('/dashboard/payments/export.csv', ana);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/csv/);
    assert.match(res.headers.get('content-disposition'), /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(await res.text());
    assert.deepEqual(header.slice(0, 8), ['id', 'created_at', 'status', 'exception', 'chain_id', 'chain', 'token', 'amount']);
    const col = Object.fromEntries(header.map((h, i) => [h, i]));
    const all = (await api('/api/v1/payment-intents?limit=100')).data;
    assert.equal(rows.length, all.length, 'every intent');
    for (const row of rows) {
      const intent = all.find((i) => i.id === row[col.id]);
      assert.ok(intent, row[col.id]);
      assert.equal(row[col.status], intent.status, 'the API\'s status names');
      assert.equal(row[col.created_at], intent.createdAt);
      assert.match(row[col.created_at], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      // The amount as an exact decimal of the smallest units the API gives.
      assert.equal(parseUnits(row[col.amount], 6).toString(), intent.amount);
      assert.equal(row[col.tx_hash], intent.txHash ?? '');
    }
    const evil = rows.find((r) => r[col.metadata].includes('HYPERLINK'));
    assert.ok(!evil[col.metadata].startsWith('='), 'JSON starts with {, never a formula');
    const paid = parseCsv(await (await get('/dashboard/payments/export.csv?status=paid', ana)).text()).slice(1);
    assert.ok(paid.length >= 1 && paid.every((r) => r[col.status] === 'PAID'), 'the filter holds');
    assert.equal((await get('/dashboard/payments/export.csv?from=bad', ana)).status, 400);
  });

  test('the overview: volume per day by token, intents by status, latest payments, the chain, the backlog', async () => {
    const html = await (await get('/dashboard', ana)).text();
    const today = new Date().toISOString().slice(0, 10);
    assert.match(html, /<svg class="chart"[^>]*role="img"/);
    // The chart's days in the reader's words (en: "Dec 5, 2026"), as its table's.
    const inWords = (iso) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86400000).toISOString().slice(0, 10);
    assert.match(html, new RegExp(`<title id="chart-USDC-title">Received USDC per day, ${inWords(firstDay)} to ${inWords(today)}</title>`));
    assert.match(html, new RegExp(`<text class="chart-label" x="600" y="156" text-anchor="end">${inWords(today)}</text>`));
    // Paid so far in this file: 9.5 (underpaid) and 6.01 (attached), both confirmed.
    assert.match(html, /<strong>15\.51 USDC<\/strong> received/);
    assert.match(html, new RegExp(`<td><time datetime="${today}">[^<]+</time></td><td class="numeric">15\\.51 USDC</td>`), 'the same figures as a table');
    const paid = (await api('/api/v1/payment-intents?limit=100')).data.filter((i) => i.status === 'PAID').length;
    assert.match(html, new RegExp(`<span class="stat-number">${paid}</span> <span class="stat-label">paid</span>`));
    assert.match(html, /Anvil|31337/);
    assert.match(html, /block \d+ \(/, 'the last block processed');
    assert.match(html, /deliveries waiting/);
  });

  test("another tenant's intent is not found", async () => {
    const other = createMerchant(payd, { name: 'Other', payout: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
    const r = await createIntent(payd, other.integration.id, { amount_usd: '2.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    assert.equal((await get(`/dashboard/payments/${r.json.id}`, ana)).status, 404);
    assert.ok(!(await (await get('/dashboard/payments', ana)).text()).includes(r.json.id));
  });
});
