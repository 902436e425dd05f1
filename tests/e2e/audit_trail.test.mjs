// The audit log as a merchant reads it (GET /api/v1/audit-log, the account key; DECISIONS §13:
// "who (key id, user or `cli`), what, when"), held to every action payd writes: each case below
// does something through the API, the dashboard or the CLI and names the rows it must leave,
// oldest first, as [action, actor, object]: no row missing, none extra, in that order.
//
// To add a case: append to CASES in lib/audit_cases.mjs. `run(w)` acts and records the ids it
// made in `w.ids`; actors are 'account' (the account key), 'cli', or a person's name; objects are
// names in `w.ids` ('tenant' and the people are there from the start). A new action string in
// src/domain/ fails the last test until a case expects it. A `todo` case names what is not
// audited yet.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parseUnits } from 'viem';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { cookieOf, dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { CASES, TODO_CASES } from './lib/audit_cases.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

// Every "<object>.<verb>" string literal in src/domain/ (ids' "pay_..." examples aside).
function domainActions() {
  const found = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else for (const [, action] of readFileSync(path, 'utf8').matchAll(/"([a-z_]+\.[a-z_.]+)"/g)) if (!action.endsWith('.')) found.add(action);
    }
  };
  walk(fileURLToPath(new URL('../../src/domain', import.meta.url)));
  return [...found].sort();
}

describe('the audit log names each action, its actor and its order', () => {
  let chain, mailDir;
  const w = { ids: {} };

  before(async () => {
    chain = await startChain();
    w.chain = chain;
    // payd sends email (sign-in links, test messages) to an SMTP server here.
    mailDir = mkdtempSync(join(tmpdir(), 'payd-audit-mail-'));
    const tls = throwawayCertificate(mailDir);
    w.relay = await startRelay({ key: tls.key, cert: tls.cert });
    w.payd = await startPayd({
      config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 1 })}\n` +
        `[email]\n${emailSettings(w.relay.port, tls.caFile)}`,
      env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD },
    });
    // The newest message to `address` once there are `count`: its text.
    w.mailTo = (address, count) => eventually(() => {
      const sent = w.relay.received.filter((m) => m.envelope.rcptTo.some((r) => r.address === address));
      return sent.length >= count && sent[count - 1].parsed.text;
    }, { what: `message ${count} to ${address}` });
    w.shop = createMerchant(w.payd);
    w.account = w.payd.admin(['key', 'create', '--tenant', w.shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    w.ids.tenant = w.shop.tenant.id;
    w.person = (email, role) => {
      const made = w.payd.admin(['user', 'create', '--tenant', w.shop.tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
      w.ids[email.split('@')[0]] = made.id;
      return made;
    };
    w.person('ana@acme.example', 'owner');
    w.person('bo@acme.example', 'admin');
    w.dashboard = dashboardClient(w.payd);
    w.api = async (method, path, body) => {
      const r = await w.payd.request(method, path, { key: w.account.key, body });
      assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${r.text}`);
      return r.json;
    };
    w.form = async (cookie, path, fields, page) => {
      const res = await w.dashboard.post(path, { csrf: await w.dashboard.csrfOf(cookie, page), ...fields }, { cookie });
      return { status: res.status, html: await res.text(), res };
    };
    Object.assign(w, { unsubscribeUrlOf, cookieOf, PASSWORD, PAYER, PAYOUT, parseUnits, eventually, createIntent, linkBody, sql });
  });
  after(() => stopAll(() => w.payd?.close(), () => chain?.stop(), () => w.relay?.close(),
    () => mailDir && rmSync(mailDir, { recursive: true, force: true })));

  // The latest page of the log, newest first, as the merchant reads it.
  const latest = async () => {
    const r = await w.payd.request('GET', '/api/v1/audit-log?limit=100', { key: w.account.key });
    assert.equal(r.status, 200, r.text);
    return r.json.data;
  };
  // The rows written after the row `since` (none: from the start), oldest first.
  const rowsSince = async (since) => {
    const page = await latest();
    const at = since ? page.findIndex((a) => a.id === since) : page.length;
    assert.ok(at >= 0 && at < 100, 'a case writes less than a page of rows');
    const fresh = page.slice(0, at);
    return fresh.reverse();
  };
  const name = (id) => (id === 'cli' ? 'cli' : id === w.account.id ? 'account' : Object.keys(w.ids).find((k) => w.ids[k] === id) ?? id);

  for (const c of [...CASES, ...TODO_CASES]) {
    test(c.name, { todo: c.todo }, async () => {
      const [before] = await latest();
      await c.run(w);
      // Compared by name, so that a failure reads as the table does.
      const got = (await rowsSince(before?.id)).map((a) => [a.action, name(a.actor), name(a.objectId)]);
      assert.deepEqual(got, c.expect);
    });
  }

  test('every action string in src/domain/ is expected by some case', () => {
    const expected = new Set(CASES.flatMap((c) => c.expect.map(([action]) => action)));
    const actions = domainActions();
    assert.ok(actions.includes('webhook_secret.rotate') && actions.length >= 30, `the sources were read: ${actions}`);
    assert.deepEqual(actions.filter((a) => !expected.has(a)), []);
  });
});
