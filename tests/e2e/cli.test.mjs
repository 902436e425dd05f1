// The operator's command line: help everywhere, --json output that scripts
// can parse, clear refusals of bad input, and migrations.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { preparePayd } from './lib/payd.mjs';
import { sqliteOnly } from './lib/database.mjs';

describe('payd CLI', () => {
  let payd, tenant;
  before(() => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
  });
  after(() => payd?.cleanup());

  test('--help works for every command', () => {
    for (const args of [[], ['serve'], ['migrate'], ['tenant'], ['tenant', 'create'], ['integration', 'create'],
      ['integration', 'list'], ['key', 'create'], ['key', 'list'], ['key', 'revoke'],
      ['webhook-secret', 'show'], ['webhook-secret', 'rotate'], ['user', 'create'], ['user', 'list'], ['user', 'role'],
      ['user', 'disable'], ['user', 'enable'], ['user', 'reset']]) {
      const r = payd.adminRaw([...args, '--help']);
      assert.equal(r.status, 0, args.join(' '));
      assert.match(r.stdout, /Usage:/);
    }
  });

  test('--json prints one JSON document and nothing else on stdout', () => {
    const r = payd.adminRaw(['tenant', 'create', '--name', 'Json Co', '--json']);
    assert.equal(r.status, 0);
    const doc = JSON.parse(r.stdout);
    assert.match(doc.id, /^ten_/);
    assert.equal(doc.name, 'Json Co');
    const human = payd.adminRaw(['tenant', 'create', '--name', 'Human Co']);
    assert.match(human.stdout, /^id: ten_/m);
  });

  test('integration create validates against the configured chains and tokens', () => {
    const base = ['integration', 'create', '--tenant', tenant.id, '--name', 'Web', '--chains', '31337',
      '--tokens', 'USDC', '--payout', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'];
    const ok = payd.admin([...base, '--origins', 'https://acme.example,*.acme.example', '--preferred-token', 'USDC']);
    assert.equal(ok.payoutAddress, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    assert.deepEqual(ok.origins, ['https://acme.example', 'https://*.acme.example']);
    const lowercase = payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', 'W', '--chains', '31337',
      '--tokens', 'ETH', '--payout', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8']);
    assert.equal(lowercase.payoutAddress, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'stored EIP-55 checksummed');
    for (const [swap, value, mention] of [
      ['--chains', '1', 'chain 1'],
      ['--tokens', 'DAI', 'DAI'],
      ['--payout', '0x70997970C51812dc3A010C7d01b50e0d17dc79c8', 'payout'],
      ['--payout', 'not-an-address', 'payout'],
      ['--tenant', 'ten_missing', 'tenant'],
    ]) {
      const args = [...base];
      args[args.indexOf(swap) + 1] = value;
      const r = payd.adminRaw(args);
      assert.equal(r.status, 1, `${swap} ${value}`);
      assert.match(r.stderr, /^error: /);
      assert.ok(r.stderr.includes(mention), r.stderr);
    }
    const badOrigin = payd.adminRaw([...base, '--origins', 'ftp://x.example']);
    assert.equal(badOrigin.status, 1);
    assert.match(badOrigin.stderr, /origin/);
    assert.equal(payd.admin(['integration', 'list', '--tenant', tenant.id]).length, 2);
  });

  test('key create prints the key once; list and revoke never print it', () => {
    const k = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'srv', '--scopes', 'payments:read']);
    assert.match(k.key, /^svc_pk_test_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(k.scopes, ['payments:read']);
    const list = payd.adminRaw(['key', 'list', '--tenant', tenant.id, '--json']);
    assert.ok(!list.stdout.includes(k.key));
    const bad = payd.adminRaw(['key', 'create', '--tenant', tenant.id, '--name', 'x', '--scopes', 'payments:admin']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /scopes/);
    const past = payd.adminRaw(['key', 'create', '--tenant', tenant.id, '--name', 'x', '--scopes', 'payments:read', '--expires', '2020-01-01T00:00:00Z']);
    assert.equal(past.status, 1);
    assert.match(past.stderr, /future/);
    const missing = payd.adminRaw(['key', 'revoke', 'key_missing']);
    assert.equal(missing.status, 1);
  });

  test('webhook-secret show and rotate keep the old secret valid for 24 h', () => {
    const shown = payd.admin(['webhook-secret', 'show', '--tenant', tenant.id]);
    assert.match(shown.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(shown.previous, []);
    const rotated = payd.admin(['webhook-secret', 'rotate', '--tenant', tenant.id]);
    assert.notEqual(rotated.secret, shown.secret);
    assert.equal(rotated.previous.length, 1);
    assert.equal(rotated.previous[0].secret, shown.secret);
    const hours = (Date.parse(rotated.previous[0].expiresAt) - Date.now()) / 3600000;
    assert.ok(hours > 23.9 && hours <= 24, `old secret expires in ${hours} h`);
  });

  test("migrate is idempotent", async () => {
    const fresh = preparePayd();
    try {
      assert.ok(fresh.admin(['migrate']).migrationsApplied >= 1, 'a fresh database gets every migration');
      assert.equal(fresh.admin(['migrate']).migrationsApplied, 0);
    } finally {
      await fresh.cleanup();
    }
  });

  test('--data-dir and --config are accepted after the command too', { skip: sqliteOnly('the data directory holds the database') }, () => {
    const dir = join(payd.dir, 'other-data');
    const t = payd.admin(['tenant', 'create', '--name', 'Elsewhere', '--data-dir', dir]);
    assert.equal(payd.adminRaw(['integration', 'list', '--tenant', t.id]).status, 1, 'not in the default data dir');
    assert.equal(payd.admin(['integration', 'list', '--tenant', t.id, '--data-dir', dir]).length, 0);
  });

  test('a config mistake is named and nothing starts', () => {
    const file = join(payd.dir, 'broken.toml');
    writeFileSync(file, 'listn = "127.0.0.1:1"\n');
    const r = payd.adminRaw(['serve', '--config', file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /listn is not a known setting/);
  });
});
