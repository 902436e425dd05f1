// One database, one environment (DECISIONS §1): a data directory records the
// environment it was created for, and a payd of the other environment, server
// or admin command, refuses it with one clear line instead of issuing the
// wrong keys. A data directory made before the record tells by its keys; one
// holding keys of both waits for the operator's word.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { ON_POSTGRES, sql } from './lib/database.mjs';
import { PAYD_BIN, createMerchant, launch, preparePayd, startPayd } from './lib/payd.mjs';

const CREATED_FOR = (db, process) =>
  new RegExp(`^error: this database was created for ${db}; this payd runs as ${process} \\(set environment = "${db}" in the config`, 'm');

// `payd serve` as a service manager runs it: it must exit at once, non-zero.
// (A payd that starts anyway is stopped by spawnSync's time-out: status null.)
function serveOnce(payd) {
  return spawnSync(PAYD_BIN, ['serve'], {
    cwd: payd.dir, env: payd.env, encoding: 'utf8', timeout: 15000,
  });
}

// Sets `environment` in the config file (top level: before any [section]); null: the default.
function setEnvironment(payd, env) {
  const rest = readFileSync(payd.env.PAYD_CONFIG, 'utf8').replace(/^environment = .*\n/m, '');
  writeFileSync(payd.env.PAYD_CONFIG, (env ? `environment = "${env}"\n` : '') + rest);
}

const keyIds = (payd, tenant) => payd.admin(['key', 'list', '--tenant', tenant.id]).map((k) => k.id).sort();

// 32 random bytes, in the SQL of the database the tests run on.
const RANDOM_32 = ON_POSTGRES ? "decode(md5(random()::text) || md5(random()::text), 'hex')" : 'randomblob(32)';

describe('one database, one environment', () => {
  test('a testnet data directory refuses a mainnet payd, server and admin commands alike', async () => {
    const payd = await startPayd();
    try {
      const shop = createMerchant(payd);
      assert.match(shop.rw.key, /^svc_pk_test_/);
      await payd.stopCleanly();
      const before = keyIds(payd, shop.tenant);

      setEnvironment(payd, 'mainnet');
      const serve = serveOnce(payd);
      assert.equal(serve.status, 1, `payd serve must refuse at once:\n${serve.stderr}`);
      assert.match(serve.stderr, CREATED_FOR('testnet', 'mainnet'));
      assert.ok(!serve.stderr.includes('"msg":"listening"'), 'it never listened');

      for (const args of [
        ['key', 'create', '--tenant', shop.tenant.id, '--name', 'live', '--scopes', 'payments:read'],
        ['key', 'list', '--tenant', shop.tenant.id],
        ['tenant', 'create', '--name', 'Other'],
        ['migrate'],
      ]) {
        const r = payd.adminRaw([...args, '--json']);
        assert.equal(r.status, 1, `${args.join(' ')}: ${r.stdout}`);
        assert.match(r.stderr, CREATED_FOR('testnet', 'mainnet'), args.join(' '));
        assert.equal(r.stdout, '', `${args.join(' ')} printed nothing`);
      }
      // PAYD_ENVIRONMENT is the same setting as the file's.
      setEnvironment(payd, null);
      const byEnv = payd.adminRaw(['key', 'list', '--tenant', shop.tenant.id], { env: { PAYD_ENVIRONMENT: 'mainnet' } });
      assert.equal(byEnv.status, 1);
      assert.match(byEnv.stderr, CREATED_FOR('testnet', 'mainnet'));

      assert.deepEqual(keyIds(payd, shop.tenant), before, 'no key was made or lost');
      assert.equal(sql(payd, "SELECT count(*) FROM api_keys WHERE prefix LIKE '%live%'"), '0');
      await launch(payd);
      assert.equal((await payd.request('GET', '/readyz')).json.environment, 'testnet');
      await payd.stopCleanly();
      const recorded = payd.logs.filter((l) => l.msg === 'database environment recorded');
      assert.equal(recorded.length, 1, 'one line when the environment is first recorded, none after');
      assert.equal(recorded[0].environment, 'testnet');
    } finally {
      await payd.cleanup();
    }
  });

  test('a fresh mainnet data directory issues live keys and refuses a testnet payd', async () => {
    const payd = preparePayd();
    try {
      setEnvironment(payd, 'mainnet');
      await launch(payd);
      const tenant = payd.admin(['tenant', 'create', '--name', 'Live shop']);
      const key = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'live', '--scopes', 'payments:read']);
      assert.match(key.key, /^svc_pk_live_/);
      assert.equal((await payd.request('GET', '/api/v1/payment-links', { key: key.key })).status, 200);
      await payd.stopCleanly();

      // The data directory opened without its config: testnet by default.
      setEnvironment(payd, null);
      const serve = serveOnce(payd);
      assert.equal(serve.status, 1, `payd serve must refuse at once:\n${serve.stderr}`);
      assert.match(serve.stderr, CREATED_FOR('mainnet', 'testnet'));
      const create = payd.adminRaw(['key', 'create', '--tenant', tenant.id, '--name', 'test', '--scopes', 'payments:read', '--json']);
      assert.equal(create.status, 1);
      assert.match(create.stderr, CREATED_FOR('mainnet', 'testnet'));
      assert.ok(!create.stdout.includes('svc_pk_test_'), 'no testnet key issued');
      assert.equal(sql(payd, 'SELECT DISTINCT prefix FROM api_keys'), 'svc_pk_live_');
    } finally {
      await payd.cleanup();
    }
  });

  test('a data directory from before the record: its keys tell, and a mixture waits for the operator', async () => {
    const payd = preparePayd();
    try {
      const shop = createMerchant(payd);
      // What an older payd left: no record; here, too, a mainnet key issued
      // by an admin command run without the data directory's config.
      sql(payd, 'DELETE FROM database_meta');
      sql(payd, 'INSERT INTO api_keys(id, tenant_id, kind, integration_id, name, digest, prefix, last4, scopes, rate_limit, expires_at, revoked_at, created_at) ' +
        `SELECT 'key_live1', tenant_id, kind, integration_id, name, ${RANDOM_32}, 'svc_pk_live_', last4, scopes, rate_limit, expires_at, revoked_at, created_at FROM api_keys LIMIT 1`);

      for (const env of ['testnet', 'mainnet']) {
        const r = payd.adminRaw(['key', 'list', '--tenant', shop.tenant.id], { env: { PAYD_ENVIRONMENT: env } });
        assert.equal(r.status, 1, env);
        assert.match(r.stderr, /^error: this database mixes environments: it holds 3 testnet keys and 1 mainnet key/m);
        assert.match(r.stderr, /payd migrate --record-environment/);
      }
      assert.equal(sql(payd, 'SELECT count(*) FROM database_meta'), '0', 'nothing recorded meanwhile');

      const chosen = payd.admin(['migrate', '--record-environment']);
      assert.equal(chosen.environment, 'testnet');
      assert.equal(payd.admin(['key', 'list', '--tenant', shop.tenant.id]).length, 4);
      const live = payd.adminRaw(['key', 'list', '--tenant', shop.tenant.id], { env: { PAYD_ENVIRONMENT: 'mainnet' } });
      assert.match(live.stderr, CREATED_FOR('testnet', 'mainnet'));

      // Without the mixture, the keys alone tell: testnet keys make it testnet.
      sql(payd, "DELETE FROM database_meta; DELETE FROM api_keys WHERE id = 'key_live1'");
      const refused = payd.adminRaw(['migrate'], { env: { PAYD_ENVIRONMENT: 'mainnet' } });
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, CREATED_FOR('testnet', 'mainnet'));
      assert.equal(sql(payd, "SELECT value FROM database_meta WHERE key = 'environment'"), 'testnet');
    } finally {
      await payd.cleanup();
    }
  });
});
