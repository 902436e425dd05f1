// PostgreSQL as an operator's database fails: it restarts under load, or the
// URL is wrong. payd must answer 503 with Retry-After meanwhile (never 500),
// say so in /readyz, come back by itself, lose nothing it acknowledged, and
// name the host, never the password, when it cannot start.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { atExit, stopAll } from './lib/cleanup.mjs';
import { ON_POSTGRES } from './lib/database.mjs';
import { createMerchant, launch, linkBody, PAYD_BIN, preparePayd, sleep, storeOf } from './lib/payd.mjs';

const SKIP = !ON_POSTGRES && 'runs in the PostgreSQL pass (make test-postgres)';
const SERVER_SCRIPT = resolve('scripts/postgres-test-server.sh');

describe('PostgreSQL restarted under load', { skip: SKIP }, () => {
  const dir = join(tmpdir(), `payd-pgf-${randomBytes(4).toString('hex')}`);
  // pg_ctl waits at most 30 s for each start and stop.
  const server = (cmd) => execFileSync(SERVER_SCRIPT, [cmd, dir], { encoding: 'utf8', timeout: 120000 }).trim();
  let procs = [], shop, forgetServer;
  before(async () => {
    // Stopped in after(), or, should this process end first, at its exit.
    forgetServer = atExit(() => server('stop'));
    const url = server('start');
    const config = '[limits]\napi_requests_per_min = 1000000\n';
    const first = preparePayd({ config, env: { PAYD_DATABASE_URL: url } });
    procs = [first, preparePayd({ config, env: storeOf(first) })];
    for (const p of procs) await launch(p);
    shop = createMerchant(procs[0]);
  });
  after(() => stopAll(
    ...procs.map((p) => () => p.cleanup()),
    () => { forgetServer?.(); server('stop'); },
  ));

  const ready = async (p) => (await p.request('GET', '/readyz')).status;

  test('503 with Retry-After while it is down, never 500; /readyz says so; back by itself, nothing acknowledged lost', async () => {
    const statuses = [];
    const created = [];
    let running = true;
    const load = Promise.all(procs.map(async (p, n) => {
      for (let i = 0; running; i++) {
        const r = await p.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id, { name: `L${n}-${i}` }) });
        statuses.push(r.status);
        if (r.status === 201) created.push(r.json.id);
        if (r.status === 503) {
          assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After');
          assert.equal(r.json.error.code, 'unavailable');
        }
        const list = await p.request('GET', '/api/v1/payment-links', { key: shop.read.key });
        statuses.push(list.status);
        await sleep(20); // sleep-ok: pacing of the load
      }
    }));
    await sleep(500); // sleep-ok: pacing: the load runs a while before and after the outage
    server('down');
    for (const p of procs) await eventually(async () => (await ready(p)) === 503, { what: '/readyz 503 while the database is down' });
    await sleep(1000); // sleep-ok: the outage lasts a while under load (the subject)
    server('up');
    for (const p of procs) await eventually(async () => (await ready(p)) === 200, { what: '/readyz 200 once it is back', timeout: 15000 });
    await sleep(500); // sleep-ok: pacing: the load runs a while before and after the outage
    running = false;
    await load;

    assert.deepEqual([...new Set(statuses)].sort(), [200, 201, 503], 'only successes and 503s');
    const stored = new Set((await procs[1].request('GET', '/api/v1/payment-links', { key: shop.read.key })).json.map((l) => l.id));
    const lost = created.filter((id) => !stored.has(id));
    assert.deepEqual(lost, [], 'every link answered 201 is stored');
    for (const p of procs) {
      const r = await p.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
      assert.equal(r.status, 201, 'writes work again on every process');
    }
    console.log(`restart under load: ${statuses.filter((s) => s === 503).length} answers 503 of ${statuses.length}, ${created.length} links created`);
  });
});

describe('a database URL payd cannot use', { skip: SKIP }, () => {
  const run = (args, url) => spawnSync(PAYD_BIN, args, {
    env: { PATH: process.env.PATH, PAYD_DATABASE_URL: url, PAYD_LISTEN: '127.0.0.1:0' },
    encoding: 'utf8', timeout: 20000,
  });

  for (const [what, url, host] of [
    ['unreachable', 'postgres://payd:s3cret-pw@127.0.0.1:1/payd', 'postgres://payd@127.0.0.1:1/payd'],
    ['malformed', 'postgres://payd:s3cret-pw@db.example:notaport/payd', null],
  ]) {
    test(`${what}: serve and admin commands stop at once with one line, the host named, the password never`, () => {
      for (const args of [['serve'], ['migrate'], ['tenant', 'create', '--name', 'X']]) {
        const r = run(args, url);
        assert.equal(r.status, 1, `${args[0]}: ${r.stderr}`);
        const lines = r.stderr.trim().split('\n');
        assert.equal(lines.length, 1, r.stderr);
        const error = lines;
        assert.match(error[0], /^error: database: /);
        if (host) assert.ok(error[0].includes(host), error[0]);
        assert.ok(!r.stderr.includes('s3cret') && !r.stdout.includes('s3cret'), `the password leaked: ${r.stderr}`);
      }
    });
  }
});
