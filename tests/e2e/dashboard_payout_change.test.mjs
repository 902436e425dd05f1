// A new payout address asked for in the dashboard (DECISIONS §13, issue 35;
// docs/operator-guide.md "Payout address changes"): it needs an admin and
// their password or authenticator code, waits 24 hours with every owner told,
// an admin may cancel it, a second owner may confirm it sooner, and each step
// is an INTEGRATION_PAYOUT_CHANGED event and an audit row.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import * as OTPAuth from 'otpauth';

import { eventually } from './lib/chain.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { launch, preparePayd, OFFLINE_LOCALNET } from './lib/payd.mjs';

const INTEGRATIONS = '/dashboard/integrations';
const PAYOUT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const NEW_PAYOUT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const THIRD_PAYOUT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('a payout address change waits a day, told to every owner', () => {
  let payd, tenant, integrationId, eventsKey, get, post, signIn, csrfOf;
  const fields = (csrf, address, extra = []) => [['csrf', csrf], ['name', 'Pop-up store'], ['payoutAddress', address],
    ['origins', 'https://popup.example'], ['chains', '31337'], ['tokens', 'USDC'], ['preferredToken', ''], ...extra];
  const payout = () => sql(payd, `SELECT payout_address FROM integrations WHERE id = '${integrationId}'`);
  // The integration's INTEGRATION_PAYOUT_CHANGED events through the API (held to openapi.yaml), oldest first.
  const steps = async () => {
    const r = await payd.request('GET', '/api/v1/events', { key: eventsKey.key });
    assert.equal(r.status, 200, r.text);
    return r.json.data.filter((e) => e.type === 'INTEGRATION_PAYOUT_CHANGED' && e.data.id === integrationId).reverse()
      .map((e) => e.data);
  };
  const audits = () => sql(payd, `SELECT action || ' ' || actor FROM audit_log WHERE object_id = '${integrationId}' AND action LIKE 'integration.payout%' ORDER BY created_at, rowid`).split('\n').filter(Boolean);
  const ask = async (cookie, address, password = PASSWORD) =>
    post(`${INTEGRATIONS}/${integrationId}`, fields(await csrfOf(cookie, INTEGRATIONS), address, [['password', password]]), { cookie });
  const act = async (cookie, what, extra = {}) =>
    post(`${INTEGRATIONS}/${integrationId}/payout-change/${what}`, { csrf: await csrfOf(cookie, INTEGRATIONS), ...extra }, { cookie });
  const userId = (email) => sql(payd, `SELECT id FROM users WHERE email = '${email}'`);

  before(async () => {
    payd = preparePayd({ config: OFFLINE_LOCALNET });
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    for (const [email, role] of [['ana@acme.example', 'owner'], ['cy@acme.example', 'owner'], ['al@acme.example', 'admin'], ['dev@acme.example', 'developer']]) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    eventsKey = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'events', '--scopes', 'events:read']);
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    const ana = await signIn('ana@acme.example');
    const made = await post(INTEGRATIONS, fields(await csrfOf(ana, INTEGRATIONS), PAYOUT), { cookie: ana });
    assert.equal(made.status, 303);
    integrationId = made.headers.get('location').split('/').pop();
  });
  after(() => payd?.close());

  test('a developer may not ask; an admin needs the password; the change waits and every owner is told', async () => {
    const dev = await signIn('dev@acme.example');
    const refused = await ask(dev, NEW_PAYOUT);
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /This needs the <strong>admin<\/strong> role/);

    const al = await signIn('al@acme.example');
    const bare = await ask(al, NEW_PAYOUT, '');
    assert.equal(bare.status, 400);
    assert.match(await bare.text(), /href="#password">Enter your password or a code from your authenticator app to change the payout address/);
    const wrong = await ask(al, NEW_PAYOUT, 'not my password');
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /The password is not right/);
    assert.deepEqual(await steps(), []);

    const asked = await ask(al, NEW_PAYOUT);
    assert.equal(asked.status, 303);
    assert.equal(payout(), PAYOUT, 'new payments still go where they went');
    const [scheduled] = await steps();
    assert.equal(scheduled.status, 'SCHEDULED');
    assert.equal(scheduled.payoutAddress, PAYOUT);
    assert.equal(scheduled.newPayoutAddress, NEW_PAYOUT);
    assert.equal(scheduled.previousPayoutAddress, PAYOUT);
    assert.equal(scheduled.changedBy, userId('al@acme.example'));
    assert.equal(Date.parse(scheduled.effectiveAt) - Date.parse(scheduled.changedAt), DAY_MS);
    assert.equal(scheduled.decidedBy, null);

    // Every owner sees it on the overview; the integration's page says when it applies.
    const ana = await signIn('ana@acme.example');
    const overview = await (await get('/dashboard', ana)).text();
    assert.match(overview, new RegExp(`A new payout address for <a href="${INTEGRATIONS}/${integrationId}">Pop-up store</a> was asked for</strong> on <time datetime="[^"]+">[^<]+</time>, by al\\. From <time datetime="[^"]+">[^<]+</time>, new payments go to <code class="address">${NEW_PAYOUT}</code> instead of <code class="address">${PAYOUT}</code>`));
    const page = await (await get(`${INTEGRATIONS}/${integrationId}`, ana)).text();
    assert.match(page, /A new payout address waits/);
    assert.match(page, /payout-change\/confirm/, 'a second owner may confirm it');
    assert.match(page, /payout-change\/cancel/);
    const alPage = await (await get(`${INTEGRATIONS}/${integrationId}`, al)).text();
    assert.match(alPage, /payout-change\/cancel/, 'an admin may cancel it');
    assert.doesNotMatch(alPage, /payout-change\/confirm/, 'but only an owner confirms');

    // Saving the form again (other terms, the address shown) neither asks again nor cancels it.
    const renamed = fields(await csrfOf(dev, INTEGRATIONS), PAYOUT).map(([k, v]) => [k, k === 'name' ? 'Pop-up store 2' : v]);
    assert.equal((await post(`${INTEGRATIONS}/${integrationId}`, renamed, { cookie: dev })).status, 303);
    assert.equal((await steps()).length, 1);
    assert.equal(sql(payd, `SELECT count(*) FROM payout_changes WHERE integration_id = '${integrationId}' AND closed_at IS NULL`), '1');
  });

  test('the one who asked cannot confirm; a second owner confirms with a code from their app, and it applies now', async () => {
    const al = await signIn('al@acme.example');
    assert.equal((await act(al, 'confirm', { password: PASSWORD })).status, 403, 'an admin does not confirm');
    assert.equal(payout(), PAYOUT);

    // cy sets up an authenticator, then confirms with a code instead of the password.
    const cy = await signIn('cy@acme.example');
    assert.equal((await act(cy, 'confirm', { password: 'not my password' })).status, 400);
    const started = await post('/dashboard/two-factor/start', { csrf: await csrfOf(cy, '/dashboard/two-factor') }, { cookie: cy });
    assert.equal(started.status, 303);
    const secret = (await (await get('/dashboard/two-factor', cy)).text()).match(/id="totp-secret">([A-Z2-7 ]+)</)[1].replaceAll(' ', '');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const enrolled = await post('/dashboard/two-factor/confirm', { csrf: await csrfOf(cy, '/dashboard/two-factor'), code: totp.generate() }, { cookie: cy });
    assert.equal(enrolled.status, 200);
    const wrongCode = await act(cy, 'confirm', { password: String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0') });
    assert.equal(wrongCode.status, 400);
    assert.match(await wrongCode.text(), /The code is not right, or was used already/);
    assert.equal(payout(), PAYOUT);

    const confirmed = await act(cy, 'confirm', { password: totp.generate({ timestamp: Date.now() + 30_000 }) });
    assert.equal(confirmed.status, 303, await confirmed.text());
    assert.equal(payout(), NEW_PAYOUT);
    const applied = (await steps()).at(-1);
    assert.equal(applied.status, 'APPLIED');
    assert.equal(applied.payoutAddress, NEW_PAYOUT);
    assert.equal(applied.decidedBy, userId('cy@acme.example'));
    assert.deepEqual(audits(), [`integration.payout_request ${userId('al@acme.example')}`, `integration.payout_confirm ${userId('cy@acme.example')}`]);
  });

  test('an admin cancels a change that waits, and so does the operator; a developer may not', async () => {
    const ana = await signIn('ana@acme.example');
    assert.equal((await ask(ana, THIRD_PAYOUT)).status, 303);
    assert.deepEqual(payd.admin(['integration', 'cancel-payout-change', integrationId]), { integrationId, canceled: true });
    assert.equal((await steps()).at(-1).decidedBy, 'cli');
    assert.deepEqual(payd.admin(['integration', 'cancel-payout-change', integrationId]), { integrationId, canceled: false }, 'none waits');
    assert.equal((await ask(ana, THIRD_PAYOUT)).status, 303);
    const dev = await signIn('dev@acme.example');
    assert.equal((await act(dev, 'cancel')).status, 403);
    assert.equal(sql(payd, `SELECT count(*) FROM payout_changes WHERE integration_id = '${integrationId}' AND closed_at IS NULL`), '1');
    const al = await signIn('al@acme.example');
    assert.equal((await act(al, 'cancel')).status, 303);
    assert.equal(payout(), NEW_PAYOUT, 'new payments go where they went');
    const canceled = (await steps()).at(-1);
    assert.equal(canceled.status, 'CANCELED');
    assert.equal(canceled.newPayoutAddress, THIRD_PAYOUT);
    assert.equal(canceled.decidedBy, userId('al@acme.example'));
    const overview = await (await get('/dashboard', ana)).text();
    assert.match(overview, /A payout address change of <a [^>]+>Pop-up store<\/a> was canceled<\/strong> on <time datetime="[^"]+">[^<]+<\/time> by al/);
    assert.equal(overview.match(/was asked for<\/strong>/g)?.length ?? 0, 0, 'what was asked for and since decided is told once, by its outcome');
    assert.doesNotMatch(await (await get(`${INTEGRATIONS}/${integrationId}`, ana)).text(), /A new payout address waits/);
  });

  test('left alone, a change applies by itself once its day is over', async () => {
    const ana = await signIn('ana@acme.example');
    assert.equal((await ask(ana, THIRD_PAYOUT)).status, 303);
    assert.equal(payout(), NEW_PAYOUT);
    // The day passes: its time is moved back, as the wall clock would have moved on.
    sql(payd, `UPDATE payout_changes SET effective_at = ${Date.now() - 1000} WHERE integration_id = '${integrationId}' AND closed_at IS NULL`);
    await eventually(() => payout() === THIRD_PAYOUT, { what: 'the change applied by the clock', timeout: 40_000, interval: 250 });
    const applied = (await steps()).at(-1);
    assert.equal(applied.status, 'APPLIED');
    assert.equal(applied.payoutAddress, THIRD_PAYOUT);
    assert.equal(applied.previousPayoutAddress, NEW_PAYOUT);
    assert.equal(applied.decidedBy, null);
    assert.equal(audits().at(-1), `integration.payout_apply ${userId('ana@acme.example')}`);
  });
});
