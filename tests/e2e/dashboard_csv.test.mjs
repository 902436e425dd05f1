// The dashboard's CSV export (issue 34 item 4; docs/dashboard.md, docs/openapi.yaml
// exportPayments) held to what a merchant's bookkeeping relies on: every column the same as the
// API says for the same intents and payments (a column without a check here fails the test),
// `metadata` parsed back to the JSON the API holds, a cell from a plain-text field that starts
// with `=` neutralised with a leading `'`, another tenant's rows never in it, and rows that share
// one createdAt neither lost nor repeated where the export's 1,000-row steps meet.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { stopAll } from './lib/cleanup.mjs';

// RFC 4180 rows of a CSV text, read by csv-parse as a merchant's tools would read them
// (a quoted cell may hold commas, quotes and line breaks; a cut file throws).
const parseCsv = (text) => parse(text);

// A cell as the export promises it: a leading ' only before =, +, -, @, a tab or a CR.
const shown = (cell) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
const orEmpty = (v) => (v === null || v === undefined ? '' : String(v));
// An exact decimal of the API's smallest units (or empty while nothing is chosen).
const units = (cell, decimals) => (cell === '' ? null : parseUnits(cell, decimals).toString());

// What each column must say, from the intent as GET /api/v1/payment-intents/:id has it and its
// payment as GET /api/v1/payments has it. Keys in the export's column order.
const COLUMNS = {
  id: (c, i) => assert.equal(c, i.id),
  created_at: (c, i) => assert.equal(c, i.createdAt),
  status: (c, i) => assert.equal(c, i.status),
  exception: (c, i) => assert.equal(c, orEmpty(i.exception)),
  chain_id: (c, i) => assert.equal(c, orEmpty(i.chainId)),
  // The chain's name (the label may add its id).
  chain: (c, i) => assert.ok(i.chain === null ? c === '' : [i.chain, `${i.chain} (${i.chainId})`].includes(shown(c)), `${c} for ${i.chain}`),
  token: (c, i) => assert.equal(c, orEmpty(i.currency)),
  amount: (c, i) => assert.equal(units(c, i.decimals), i.amount),
  received: (c, i) => assert.equal(units(c, i.decimals), i.decimals === null ? null : i.amountReceived),
  amount_usd: (c, i) => assert.equal(c, orEmpty(i.amountUsd)),
  // The price as asked and the rate that converted it (DECISIONS §14).
  price_amount: (c, i) => assert.equal(c, orEmpty(i.price?.amount)),
  price_currency: (c, i) => assert.equal(c, orEmpty(i.price?.currency)),
  rate_usd: (c, i) => assert.equal(c, orEmpty(i.rate?.value)),
  rate_sources: (c, i) => assert.equal(c, i.rate ? i.rate.sources.join(' ') : ''),
  tx_hash: (c, i, p) => { assert.equal(c, orEmpty(i.txHash)); assert.equal(c, orEmpty(p?.txHash)); },
  sender: (c, i, p) => { assert.equal(c, orEmpty(i.senderAddress)); assert.equal(c, orEmpty(p?.senderAddress)); },
  recipient: (c, i) => assert.equal(c, i.recipient),
  confirmed_at: (c, i) => assert.equal(c, orEmpty(i.confirmedAt)),
  created_via: (c, i) => assert.equal(c, i.createdVia),
  payment_link_id: (c, i) => assert.equal(c, orEmpty(i.paymentLinkId)),
  integration_id: (c, i) => assert.equal(c, i.integrationId),
  metadata: (c, i) => assert.deepEqual(JSON.parse(c), i.metadata),
};

// What a merchant's shop puts in metadata: commas, quotes, line breaks, a formula, non-ASCII, numbers.
const METADATA = {
  orderId: 'A-1, "gift"', note: 'two\r\nlines', formula: '=HYPERLINK("http://evil.example")',
  plus: '+31 20 555', name: 'Zoë 🧾', total: 12.5, count: 12345678901234, paid: false,
};

describe('the payments CSV export, column by column', () => {
  // A chain whose configured name starts as a formula: plain text in the export's chain column.
  const CHAIN_NAME = '=1+2 Localnet';
  let chain, payd, shop, other, get, ana, zed;
  const wallet = (index) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });
  const api = async (path, key = shop.read.key) => {
    const r = await payd.request('GET', path, { key });
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const exported = async (cookie, query = '') => {
    const res = await get(`/dashboard/payments/export.csv${query}`, cookie);
    assert.equal(res.status, 200);
    return parseCsv(await res.text());
  };
  const created = (r) => {
    assert.equal(r.status, 201, r.text);
    return r.json;
  };

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1, name: CHAIN_NAME }) });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other', payout: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
    for (const [t, email] of [[shop.tenant, 'ana@acme.example'], [other.tenant, 'zed@other.example']]) {
      payd.admin(['user', 'create', '--tenant', t.id, '--email', email, '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    const client = dashboardClient(payd);
    get = client.get;
    ana = await client.signIn('ana@acme.example');
    zed = await client.signIn('zed@other.example');
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('every column says what the API says, for intents of every kind, and metadata parses back', async () => {
    const usdc = { currency: 'USDC', chainId: 31337 };
    const v1 = (body) => payd.request('POST', '/v1/payment_intents', { key: shop.rw.key, body });
    const open = created(await createIntent(payd, shop.integration.id, { amount_usd: '1.25', ...usdc, metadata: METADATA }));
    const link = created(await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) }));
    created(await createIntent(payd, shop.integration.id, { paymentLinkId: link.id, amount_usd: '25.00', ...usdc }));
    created(await v1({ amount: '7.00', currency: 'USD', metadata: METADATA }));
    const chosen = created(await v1({ amount: '3.50', currency: 'USD', tokens: ['USDC'] }));
    const choice = await checkedFetch(chosen.checkoutUrl, {
      method: 'POST', redirect: 'manual', body: 'option=31337%3AUSDC', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(choice.status, 303);
    // Paid in full, and underpaid by a hinted sender: tx hash, sender, received, exception, confirmedAt.
    const paid = created(await createIntent(payd, shop.integration.id, { amount_usd: '2.00', ...usdc, metadata: { orderId: 'P-1' } }));
    const payer = wallet(6);
    await chain.call(chain.usdc, 'mint', [payer.address, parseUnits('100', 6)]);
    await chain.payUsdc(PAYOUT, BigInt(paid.amount), { from: payer });
    const short = created(await createIntent(payd, shop.integration.id, { amount_usd: '9.00', ...usdc }));
    const shortPayer = wallet(7);
    await chain.call(chain.usdc, 'mint', [shortPayer.address, parseUnits('100', 6)]);
    assert.equal((await payd.request('POST', `/api/v1/payment-intents/${short.id}/sender-hint`, { key: shop.rw.key, body: { address: shortPayer.address } })).status, 200);
    await chain.payUsdc(PAYOUT, parseUnits('4.5', 6), { from: shortPayer });
    await eventually(async () => {
      const [a, b] = [await api(`/api/v1/payment-intents/${paid.id}`), await api(`/api/v1/payment-intents/${short.id}`)];
      return a.status === 'PAID' && b.exception === 'UNDERPAID';
    }, { what: 'one intent PAID and one UNDERPAID', timeout: 20000 });

    const [header, ...rows] = await exported(ana);
    assert.deepEqual(header, Object.keys(COLUMNS), 'every column of the export has its check here');
    const intents = (await api('/api/v1/payment-intents?limit=100')).data;
    const payments = (await api('/api/v1/payments?limit=100')).data;
    assert.deepEqual(rows.map((r) => r[0]), intents.map((i) => i.id), 'the same intents, newest first');
    for (const row of rows) {
      const intent = intents.find((i) => i.id === row[0]);
      const payment = payments.find((p) => p.intentId === intent.id);
      header.forEach((name, n) => {
        try {
          COLUMNS[name](row[n], intent, payment);
        } catch (e) {
          e.message = `${intent.id} (${intent.createdVia}, ${intent.status}) column ${name}: ${e.message}`;
          throw e;
        }
      });
    }
    const kinds = new Set(intents.map((i) => `${i.createdVia} ${i.status} ${i.exception} ${i.chainId}`));
    assert.equal(kinds.size, 6, [...kinds].join('; '));
    // The two intents made with METADATA (public and /v1): the cell parses back to what was sent.
    const withMetadata = rows.filter((r) => r[header.indexOf('metadata')].includes('A-1'));
    assert.deepEqual(withMetadata.map((r) => r[0]).filter((id) => id === open.id), [open.id]);
    assert.equal(withMetadata.length, 2);
    for (const r of withMetadata) assert.deepEqual(JSON.parse(r[header.indexOf('metadata')]), METADATA, 'the metadata sent, parsed back');
  });

  test("a plain-text cell that starts with = gets a leading '; a JSON cell starts with {", async () => {
    const [header, ...rows] = await exported(ana, '?status=paid');
    assert.ok(rows.length >= 1);
    const chainCell = rows[0][header.indexOf('chain')];
    // The API has the name as configured; the export, as text a spreadsheet will not run.
    assert.equal((await payd.request('GET', `/api/v1/payment-intents/${rows[0][0]}`, { key: shop.read.key })).json.chain, CHAIN_NAME);
    assert.ok(chainCell.startsWith(`'${CHAIN_NAME}`), chainCell);
    for (const row of (await exported(ana)).slice(1)) {
      for (const cell of row) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `a cell a spreadsheet would run: ${cell}`);
    }
  });

  test("another tenant's rows never appear in the export, and its own holds only its own", async () => {
    const theirs = [
      created(await createIntent(payd, other.integration.id, { amount_usd: '1.25', currency: 'USDC', chainId: 31337, metadata: METADATA })),
      created(await payd.request('POST', '/v1/payment_intents', { key: other.rw.key, body: { amount: '7.00', currency: 'USD', metadata: METADATA } })),
    ].map((i) => i.id);
    const mine = (await api('/api/v1/payment-intents?limit=100')).data.map((i) => i.id);
    assert.ok(mine.length >= 6);
    for (const [cookie, query] of [[ana, ''], [ana, '?q=A-1'], [ana, '?status=created']]) {
      const ids = (await exported(cookie, query)).slice(1).map((r) => r[0]);
      assert.ok(ids.length >= 1, query);
      assert.deepEqual(ids.filter((id) => !mine.includes(id)), [], `only the tenant's own intents (${query || 'no filter'})`);
    }
    const zeds = (await exported(zed)).slice(1).map((r) => r[0]);
    assert.deepEqual(zeds.sort(), [...theirs].sort(), "the other tenant's export: its two intents");
  });
});

describe("the CSV export's 1,000-row steps", () => {
  let payd, shop, get, cookie;
  before(async () => {
    payd = await startPayd();
    shop = createMerchant(payd);
    payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    const client = dashboardClient(payd);
    get = client.get;
    cookie = await client.signIn('ana@acme.example');
  });
  after(() => payd?.close());

  test('rows sharing one createdAt are neither lost nor repeated where steps meet', async () => {
    // 2,050 intents in a burst through /v1 (plain fetch: thousands of answers need no schema
    // check each), then two createdAt values for all of them: 1,400 share the newer one, 650 the
    // older, so the steps at 1,000 and 2,000 rows each end inside a run of equal timestamps.
    const TOTAL = 2050, NEWER = 1400;
    const ids = [];
    let asked = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (asked < TOTAL) {
        asked++;
        const r = await fetch(`${payd.url}/v1/payment_intents`, {
          method: 'POST', headers: { 'X-API-Key': shop.rw.key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount: '1.00', currency: 'USD' }),
        });
        assert.equal(r.status, 201);
        ids.push((await r.json()).id);
      }
    }));
    assert.equal(new Set(ids).size, TOTAL);
    const older = Date.now() - 60_000, newer = older + 1;
    const tenant = `tenant_id = '${shop.tenant.id}'`;
    sql(payd, `UPDATE payment_intents SET created_at = ${older} WHERE ${tenant}`);
    sql(payd, `UPDATE payment_intents SET created_at = ${newer} WHERE ${tenant} AND id IN (SELECT id FROM payment_intents WHERE ${tenant} ORDER BY id LIMIT ${NEWER})`);
    const page = (await payd.request('GET', '/api/v1/payment-intents?limit=100', { key: shop.read.key })).json.data;
    assert.deepEqual([...new Set(page.map((i) => i.createdAt))], [new Date(newer).toISOString()], 'the API reads the shared timestamp');

    const res = await get('/dashboard/payments/export.csv', cookie);
    assert.equal(res.status, 200);
    const [header, ...rows] = parseCsv(await res.text());
    const got = rows.map((r) => r[header.indexOf('id')]);
    const repeated = got.filter((id, n) => got.indexOf(id) !== n);
    assert.deepEqual(repeated, [], 'no row twice');
    assert.deepEqual(ids.filter((id) => !got.includes(id)), [], 'no row lost');
    assert.equal(got.length, TOTAL);
    const times = rows.map((r) => r[header.indexOf('created_at')]);
    assert.deepEqual(times, [...Array(NEWER).fill(new Date(newer).toISOString()), ...Array(TOTAL - NEWER).fill(new Date(older).toISOString())], 'newest first');
  });
});
