// A database that cannot take writes (another process holds SQLite's write
// lock past the busy timeout; on PostgreSQL, a conflict that outlasts payd's
// retries) must give a clear 503, keep reads working, lose nothing, and
// recover by itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopProcess, track } from './lib/cleanup.mjs';
import { ON_POSTGRES, sql, sqliteOnly } from './lib/database.mjs';
import { createMerchant, linkBody, startPayd } from './lib/payd.mjs';

// PostgreSQL's faults (a server that goes away and comes back) are in
// postgres_faults.test.mjs.
describe('database faults', { skip: sqliteOnly("another process holding SQLite's write lock") }, () => {
  let payd, shop;
  before(async () => {
    payd = await startPayd();
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('a write lock held elsewhere gives 503 unavailable, then recovery', async (t) => {
    const first = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
    assert.equal(first.status, 201);
    // The sqlite3 shell takes the write lock (waiting out any moment payd
    // holds it) and keeps it until the test lets go; payd waits 5 s for it.
    // Its output is read here (not inherited: a shell left running must not hold the runner's pipes).
    const holder = track(spawn('sqlite3', ['-bail', join(payd.env.PAYD_DATA_DIR, 'payd.sqlite3')], { stdio: ['pipe', 'pipe', 'pipe'] }));
    const released = new Promise((r) => holder.once('exit', r));
    // Should the test fail while it holds the lock.
    t.after(() => stopProcess(holder, { withinMs: 10000, name: 'the sqlite3 shell' }));
    let said = '';
    holder.stdout.on('data', (d) => (said += d));
    holder.stderr.on('data', (d) => (said += d));
    holder.stdin.write('.timeout 5000\nBEGIN IMMEDIATE;\n.print holding\n');
    await eventually(() => said.includes('holding'), { what: 'the sqlite3 shell holding the write lock' });

    const started = Date.now();
    const blocked = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, { name: 'blocked' }) });
    assert.equal(blocked.status, 503, blocked.text);
    assert.equal(blocked.json.error.code, 'unavailable');
    assert.ok(blocked.headers.get('retry-after'));
    assert.ok(!blocked.text.includes('sqlite'), 'no internals in the message');
    assert.ok(Date.now() - started >= 4000, 'payd waited for the lock before giving up');

    const read = await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key });
    assert.equal(read.status, 200, 'reads go on while writes cannot');
    assert.deepEqual(read.json.map((l) => l.id), [first.json.id]);
    assert.equal((await payd.request('GET', '/readyz')).status, 200);

    holder.stdin.end('COMMIT;\n');
    assert.equal(await released, 0, 'the shell committed');
    const after = await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, { name: 'after' }) });
    assert.equal(after.status, 201);
    const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
    assert.deepEqual(list.map((l) => l.name), ['after', 'T-shirt']);
    // Logged when the 503 went out; read from payd's stderr, which may lag the responses.
    await eventually(() => payd.logs.some((l) => l.msg === 'database unavailable' && l.level === 'error'),
      { what: 'the 503 logged as an error' });
  });
});

// payd's PostgreSQL writes are READ COMMITTED, where only a deadlock conflicts, so no load
// makes a conflict outlast its 8 attempts on demand. Here the server raises it: a trigger fails
// every insert of a link with SQLSTATE 40001, as a lost serialization does. The conflict that
// arises by itself (a second session's update, on every attempt) is tests/unit/pg_conflict_test.cpp.
describe('database conflicts', { skip: !ON_POSTGRES && 'PostgreSQL only: its serialization failures' }, () => {
  let payd, shop;
  before(async () => {
    payd = await startPayd();
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('a conflict that outlasts the retries is 503 unavailable with Retry-After, and stores nothing', async (t) => {
    sql(payd, `CREATE FUNCTION lose_serialization() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure'; END $$;
      CREATE TRIGGER lose_serialization BEFORE INSERT ON payment_links FOR EACH ROW EXECUTE FUNCTION lose_serialization()`);
    const dropTrigger = () => sql(payd, 'DROP TRIGGER IF EXISTS lose_serialization ON payment_links');
    t.after(dropTrigger);  // should the test fail while it is there
    const post = () => payd.request('POST', '/api/v1/payment-links', {
      key: shop.rw.key, body: linkBody(shop.integration.id, { name: 'conflicted' }), headers: { 'Idempotency-Key': 'conflicted-1' },
    });
    const refused = await post();
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.json.error.code, 'unavailable');
    assert.equal(refused.headers.get('retry-after'), '5');
    assert.ok(!/serializ|40001|payment_links/.test(refused.text), `no internals in the message: ${refused.text}`);

    dropTrigger();
    // Nothing was stored, the key included: the retry creates the link.
    const retried = await post();
    assert.equal(retried.status, 201, retried.text);
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    const list = (await payd.request('GET', '/api/v1/payment-links', { key: shop.read.key })).json;
    assert.deepEqual(list.map((l) => l.name), ['conflicted']);
  });
});
