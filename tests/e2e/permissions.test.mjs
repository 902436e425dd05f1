// Issue 35: who may do what, held on every surface. tests/e2e/cases/permissions.tsv lists each
// operation the dashboard and the API offer, with the answer every role (owner, admin,
// developer, viewer) and every key (one per scope, and the account key) must get: the
// expected values come from DECISIONS §13 and the spec's scopes, never from the code. Each line
// is sent as each actor against one payd; a refusal is 403 and changes nothing (the counts of
// what it could have made stay the same). Add a line to add a case.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { createMerchant, launch, preparePayd } from './lib/payd.mjs';

const ROLES = ['owner', 'admin', 'developer', 'viewer'];
const KEYS = ['payments:read', 'payments:write', 'events:read', 'webhooks:write', 'account'];

const cases = readFileSync(new URL('./cases/permissions.tsv', import.meta.url), 'utf8')
  .split('\n')
  .map((line, i) => ({ line, number: i + 1 }))
  .filter(({ line }) => line.trim() && !line.startsWith('#'))
  .map(({ line, number }) => {
    const [operation, surface, method, path, body, ...answers] = line.split('\t');
    assert.equal(answers.length, ROLES.length + KEYS.length, `permissions.tsv:${number}: ${answers.length} answers`);
    return { number, operation, surface, method, path, body, answers };
  });

// What a refused request could have made or changed: it must stay as it was.
// Two addresses taken in turn: each request asks for the one the last did not set.
const PAYOUTS = ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'];
let sent = 0;

const COUNTED = ['users', 'api_keys', 'payment_links', 'integrations', 'webhook_endpoints', 'audit_log'];

describe('who may do what, on every surface (cases/permissions.tsv)', () => {
  let payd, shop, dashboard, people = {}, keys = {};
  // One statement (one psql or sqlite3 process) for all the counts.
  const counts = () => sql(payd, `SELECT ${COUNTED.map((t) => `(SELECT count(*) FROM ${t})`).join(", ',', ")}`);

  before(async () => {
    payd = preparePayd();
    shop = createMerchant(payd, { name: 'Acme' });
    for (const role of ROLES) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', `${role}@acme.example`, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    for (const scope of KEYS.slice(0, 4)) keys[scope] = shop.key(scope).key;
    keys.account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']).key;
    await launch(payd);
    dashboard = dashboardClient(payd);
    for (const role of ROLES) people[role] = await dashboard.signIn(`${role}@acme.example`);
  });
  after(() => payd?.cleanup());

  const send = async (c0, actor) => {
    const payout = PAYOUTS[sent % PAYOUTS.length];
    const tolerance = String(1 + (sent++ % 2));
    const current = () => sql(payd, `SELECT payout_address FROM integrations WHERE id = '${shop.integration.id}'`);
    const fill = (text) => text.replaceAll('{integration}', shop.integration.id)
      .replaceAll('{password}', encodeURIComponent(PASSWORD))
      .replaceAll('{new_payout}', payout)
      .replaceAll('{payout}', text.includes('{payout}') ? current() : '')
      .replaceAll('{tolerance}', c0.surface === 'dashboard' ? `${tolerance}%25` : tolerance);
    const c = { ...c0, path: fill(c0.path), body: fill(c0.body) };
    if (c.surface === 'dashboard') {
      const cookie = people[actor];
      if (c.method === 'GET') return dashboard.get(c.path, cookie);
      const csrf = await dashboard.csrfOf(cookie, '/dashboard/two-factor');
      const fields = [['csrf', csrf], ...new URLSearchParams(c.body)];
      return dashboard.post(c.path, fields, { cookie });
    }
    return payd.request(c.method, c.path, { key: keys[actor], ...(c.body ? { body: JSON.parse(c.body) } : {}) });
  };

  test('every operation answers each role and each key as the table says', async () => {
    assert.ok(cases.length >= 50, `${cases.length} cases`);
    const actors = [...ROLES, ...KEYS];
    const wrong = [];
    for (const c of cases) {
      for (const [i, expected] of c.answers.entries()) {
        if (expected === '-') continue;
        const actor = actors[i];
        const before = expected === '403' ? counts() : null;
        const res = await send(c, actor);
        const got = res.status === 401 ? '401' : res.status === 403 ? '403' : 'ok';
        if (got !== expected) {
          wrong.push(`permissions.tsv:${c.number} ${c.operation} (${c.surface}) as ${actor}: ${res.status}, expected ${expected}`);
        }
        if (expected === '403' && counts() !== before) {
          wrong.push(`permissions.tsv:${c.number} ${c.operation} as ${actor}: refused, yet something changed`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
