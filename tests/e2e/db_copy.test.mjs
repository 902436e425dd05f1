// Moving up (docs/operator-guide.md, "Moving from SQLite to PostgreSQL"): a
// SQLite deployment with a payment link, intents, a payment made on anvil,
// events and delivered webhooks is stopped and copied with `payd db copy`
// into a fresh PostgreSQL database; payd started on the copy with the same
// config shows the merchant exactly what it showed before, takes the old
// keys, and goes on: a new intent gets the next free exact amount, a new
// payment is matched (and the old one not recorded again), its webhook
// verifies with the old secret. Copying into the same database again is
// refused and changes nothing.
//
// The source is always SQLite and the target always PostgreSQL, whatever
// PAYD_E2E_STORE says: this file needs PAYD_TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createDatabase, dropDatabase, sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, linkBody, preparePayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const SKIP = process.env.PAYD_TEST_DATABASE_URL
  ? false
  : 'PAYD_TEST_DATABASE_URL is not set: copying needs a PostgreSQL server';
const WEBHOOKS = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1, 1, 1]\n';

// Every row count of the target's tables, as one text.
const TABLE_COUNTS = `SELECT string_agg(table_name || '=' || (xpath('/row/c/text()',
  query_to_xml(format('SELECT count(*) AS c FROM %I', table_name), false, true, '')))[1]::text, ' '
  ORDER BY table_name) FROM information_schema.tables WHERE table_schema = current_schema()`;

describe('payd db copy: a SQLite deployment moved to PostgreSQL', { skip: SKIP }, () => {
  let chain, payd, shop, receiver, target;
  let link, intents, paid, seen;

  // What a merchant sees through the API.
  const merchantView = async () => {
    const get = async (path, key) => {
      const r = await payd.request('GET', path, { key });
      assert.equal(r.status, 200, `${path}: ${r.text}`);
      return r.json;
    };
    return {
      links: await get('/api/v1/payment-links', shop.read.key),
      intents: await get('/api/v1/payment-intents?limit=100', shop.read.key),
      intent: await get(`/api/v1/payment-intents/${paid.id}`, shop.rw.key),
      payments: await get('/api/v1/payments?limit=100', shop.read.key),
      events: await get('/api/v1/events', shop.events.key),
      webhooks: await get('/api/v1/webhooks?limit=100', shop.events.key),
    };
  };
  const intentStatus = async (id, status) => eventually(async () => {
    const i = (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
    return i.status === status ? i : null;
  }, { what: `intent ${id} ${status}` });
  const allDelivered = (count) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/webhooks?limit=100', { key: shop.events.key })).json.data;
    return list.length >= count && list.every((d) => d.status === 'DELIVERED') ? list : null;
  }, { what: `${count} deliveries DELIVERED` });
  const copy = (extra = []) =>
    payd.adminRaw(['db', 'copy', '--from', `sqlite:${payd.env.PAYD_DATA_DIR}`, '--to', target, ...extra]);

  before(async () => {
    chain = await startChain();
    // public_url set, as in production: the URLs payd writes into events
    // stay the same although the port changes at the restart.
    payd = preparePayd({
      config: WEBHOOKS + chainConfig(chain, { confirmations: 2 }),
      env: { PAYD_PUBLIC_URL: 'https://pay.shop.example' },
      store: 'sqlite',
    });
    await launch(payd);
    shop = createMerchant(payd);
    const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    receiver = await startReceiver({ secrets: [secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);

    const created = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
    assert.equal(created.status, 201, created.text);
    link = created.json;
    const intent = async (body) => {
      const r = await createIntent(payd, shop.integration.id, { currency: 'USDC', chainId: 31337, ...body });
      assert.equal(r.status, 201, r.text);
      return r.json;
    };
    // Two at one price: the second's exact amount is one unit more.
    intents = [await intent({ amount_usd: '10.00' }), await intent({ amount_usd: '10.00' }),
      await intent({ amount_usd: '25.00', paymentLinkId: link.id })];
    assert.deepEqual(intents.map((i) => i.amount), ['10000001', '10000002', '25000001']);
    paid = intents[0];
    await chain.payUsdc(PAYOUT, BigInt(paid.amount));
    await chain.mine(1);
    await intentStatus(paid.id, 'PAID');
    // PAYMENT_LINK_CREATED, 3 PAYMENT_CREATED, PAYMENT_PENDING and
    // PAYMENT_CONFIRMED (both, even when one pass sees the transfer confirmed).
    await eventually(() => receiver.of('PAYMENT_CONFIRMED').length === 1, { what: 'PAYMENT_CONFIRMED' });
    await allDelivered(6);
    seen = await merchantView();
    await payd.stopCleanly();
    target = createDatabase();
  });
  after(() => stopAll(
    () => payd?.close(),
    () => target && dropDatabase(target),
    () => receiver?.close(),
    () => chain?.stop(),
  ));

  test('copies every table, verified, into the empty database', () => {
    const r = copy(['--json']);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.verified, true);
    assert.equal(report.source, `sqlite:${payd.env.PAYD_DATA_DIR}/payd.sqlite3`);
    assert.equal(report.usage, `${payd.env.PAYD_DATA_DIR}/payd-usage.sqlite3`);
    assert.match(report.target, /^postgres:\/\//);
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    for (const t of report.tables) assert.equal(t.targetRows, t.rows, t.table);
    assert.equal(rows.payment_links, 1);
    assert.equal(rows.payment_intents, 3);
    assert.equal(rows.payments, 1);
    assert.equal(rows.events, seen.events.data.length);
    assert.equal(rows.webhook_deliveries, seen.webhooks.data.length);
    assert.equal(rows.database_meta, 1, 'the environment travels with the data');
    assert.ok(rows.key_usage >= 1, 'lastUsedAt travels too');
    assert.equal(report.rows, report.tables.reduce((n, t) => n + t.rows, 0));
  });

  test('copying into the same database again is refused and changes nothing', () => {
    payd.env.PAYD_DATABASE_URL = target;  // sql() reads the target from here on
    const counts = sql(payd, TABLE_COUNTS);
    assert.match(counts, /payment_intents=3 /);
    const r = copy();
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^error: --to: the target database is not empty: table \w+ holds rows[^\n]*\n$/);
    assert.equal(sql(payd, TABLE_COUNTS), counts);
  });

  test('payd on the copy shows the merchant the same links, intents, payments, events and deliveries', async () => {
    await launch(payd);
    assert.ok(payd.logs.some((l) => l.msg === 'store ready' && l.store.startsWith('postgres://')));
    const now = await merchantView();  // with the old keys: read, write and events
    assert.deepEqual(now, seen);
    const page = await payd.request('GET', `/pay/${intents[1].id}`, { headers: { Accept: 'text/html' } });
    assert.equal(page.status, 200);
    const keys = payd.admin(['key', 'list', '--tenant', shop.tenant.id]).map((k) => k.id).sort();
    assert.deepEqual(keys, [shop.rw.id, shop.read.id, shop.events.id].sort());
  });

  test('a new intent takes the next free exact amount; its payment is matched and delivered', async () => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '10.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.amount, '10000003', 'the copied reservations still hold 10000001 and 10000002');
    await chain.payUsdc(PAYOUT, BigInt(r.json.amount));
    await chain.mine(1);
    const done = await intentStatus(r.json.id, 'PAID');
    assert.equal(done.amountReceived, '10000003');
    const payments = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    assert.deepEqual(payments.map((p) => p.intentId), [r.json.id, paid.id], 'the old transfer is not recorded again');
    const delivered = await eventually(
      () => receiver.of('PAYMENT_CONFIRMED').find((d) => d.payload.data.id === r.json.id),
      { what: 'PAYMENT_CONFIRMED of the new intent' },
    );
    assert.ok(delivered.ok, 'signed with the copied secret');
    const list = (await payd.request('GET', '/api/v1/payment-intents?limit=100', { key: shop.read.key })).json.data;
    assert.equal(list[0].id, r.json.id, 'newest first, after the copied ones');
  });
});
