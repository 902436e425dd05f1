// The dashboard's people from the operator's shell (issue 18, DECISIONS §13):
// `payd user create|list|role|disable|enable|reset`. A password comes on
// standard input only, is kept as an Argon2id hash and nowhere in clear; the
// rules refuse short and common passwords; a tenant keeps an enabled owner;
// every change is in the audit log as `cli`, without the hash.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { sql } from './lib/database.mjs';
import { preparePayd } from './lib/payd.mjs';

const PASSWORD = 'plum tree by the harbour';

describe('payd user', () => {
  let payd, tenant, other;
  before(() => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    other = payd.admin(['tenant', 'create', '--name', 'Other']);
  });
  after(() => payd?.cleanup());

  const create = (args, input) => payd.adminRaw(['user', 'create', '--tenant', tenant.id, ...args, '--json'], { input });

  test('an owner with a password from standard input: stored as an Argon2id hash, never in clear', () => {
    const r = create(['--email', ' Ana@Acme.Example', '--role', 'owner', '--name', 'Ana Lopez', '--password-stdin'], `${PASSWORD}\n`);
    assert.equal(r.status, 0, r.stderr);
    const ana = JSON.parse(r.stdout);
    assert.match(ana.id, /^user_/);
    assert.equal(ana.email, 'ana@acme.example');
    assert.equal(ana.name, 'Ana Lopez');
    assert.equal(ana.role, 'owner');
    assert.equal(ana.status, 'active');
    assert.equal(ana.tenantId, tenant.id);
    assert.ok(!JSON.stringify(ana).includes('argon2'), 'the hash is never shown');

    const hash = sql(payd, `SELECT password_hash FROM users WHERE id = '${ana.id}'`);
    assert.match(hash, /^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    const everywhere = sql(payd, "SELECT count(*) FROM users WHERE password_hash LIKE '%plum tree%' OR name LIKE '%plum tree%'");
    assert.equal(everywhere, '0');
    const audit = sql(payd, `SELECT actor || ' ' || action || ' ' || after FROM audit_log WHERE object_id = '${ana.id}'`);
    assert.match(audit, /^cli user\.create /);
    assert.ok(!audit.includes('argon2') && !audit.includes(PASSWORD), audit);
  });

  test('a password is never an argument, and the rules refuse weak ones naming the flag', () => {
    const asArgument = payd.adminRaw(['user', 'create', '--tenant', tenant.id, '--email', 'x@acme.example',
      '--role', 'viewer', '--password', PASSWORD]);
    assert.notEqual(asArgument.status, 0);
    for (const [input, why] of [['short one\n', /at least 12/], ['password1234\n', /most used/],
      ['bo@acme.example\n', /email address/], ['', /no password on standard input/]]) {
      const r = create(['--email', 'bo@acme.example', '--role', 'viewer', '--password-stdin'], input);
      assert.equal(r.status, 1, input);
      assert.match(r.stderr, /^error: .*password-stdin/, r.stderr);
      assert.match(r.stderr, why);
    }
    const bad = [
      [['--email', 'not-an-address', '--role', 'viewer'], /email/],
      [['--email', 'bo@acme.example', '--role', 'root'], /role/],
      [['--email', 'ANA@acme.example', '--role', 'viewer'], /already a user/],
    ];
    for (const [args, why] of bad) {
      const r = create(args);
      assert.equal(r.status, 1, args.join(' '));
      assert.match(r.stderr, why);
    }
    const unknownTenant = payd.adminRaw(['user', 'create', '--tenant', 'ten_missing', '--email', 'c@acme.example', '--role', 'viewer']);
    assert.equal(unknownTenant.status, 1);
    assert.match(unknownTenant.stderr, /No such tenant/);
    assert.equal(payd.admin(['user', 'list', '--tenant', tenant.id]).length, 1, 'nothing refused was stored');
  });

  test('invited, listed per tenant, given a role, disabled and enabled; the last owner stays', () => {
    const bo = JSON.parse(create(['--email', 'bo@acme.example', '--role', 'developer']).stdout);
    assert.equal(bo.status, 'invited', 'no password yet');
    assert.match(bo.signInUrl, /\/dashboard\/link\?token=/, 'the link to choose one, shown once');
    assert.ok(!sql(payd, 'SELECT digest FROM sign_in_links').includes(new URL(bo.signInUrl, 'http://x').searchParams.get('token')));
    assert.equal(bo.name, 'bo');
    payd.admin(['user', 'create', '--tenant', other.id, '--email', 'cy@other.example', '--role', 'owner']);
    assert.deepEqual(payd.admin(['user', 'list', '--tenant', tenant.id]).map((u) => u.email),
      ['ana@acme.example', 'bo@acme.example']);

    const lastOwner = payd.adminRaw(['user', 'disable', 'ana@acme.example']);
    assert.equal(lastOwner.status, 1);
    assert.match(lastOwner.stderr, /last owner/);
    const demote = payd.adminRaw(['user', 'role', 'ana@acme.example', '--role', 'viewer']);
    assert.equal(demote.status, 1);

    assert.equal(payd.admin(['user', 'role', 'BO@acme.example', '--role', 'owner']).role, 'owner');
    const disabled = payd.admin(['user', 'disable', 'ana@acme.example']);
    assert.equal(disabled.status, 'disabled');
    assert.ok(Date.parse(disabled.disabledAt) > 0);
    const enabled = payd.admin(['user', 'enable', 'ana@acme.example']);
    assert.equal(enabled.status, 'active');
    assert.equal(enabled.disabledAt, null);
    const missing = payd.adminRaw(['user', 'disable', 'nobody@acme.example']);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /No such user/);

    const actions = sql(payd, `SELECT action FROM audit_log WHERE tenant_id = '${tenant.id}' ORDER BY created_at, rowid`);
    assert.deepEqual(actions.split('\n'),
      ['user.create', 'user.create', 'user.sign_in_link', 'user.update', 'user.disable', 'user.enable']);
  });

  test('reset sets a new password from standard input', () => {
    const before = sql(payd, "SELECT password_hash FROM users WHERE email = 'ana@acme.example'");
    const weak = payd.adminRaw(['user', 'reset', 'ana@acme.example', '--password-stdin'], { input: '123456789012\n' });
    assert.equal(weak.status, 1);
    assert.match(weak.stderr, /password-stdin/);
    const r = payd.adminRaw(['user', 'reset', 'ana@acme.example', '--password-stdin', '--json'], { input: 'a new sentence for ana\r\n' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).status, 'active');
    const after = sql(payd, "SELECT password_hash FROM users WHERE email = 'ana@acme.example'");
    assert.notEqual(after, before);
    assert.match(after, /^\$argon2id\$/);
  });
});
