// Settings > API Keys and Settings > General (issue 18 items 2 and 4; spec: "Public API Keys",
// "manual revocation in the dashboard", the account key and the webhook secret "found in
// Settings > General"; DECISIONS §2), over HTTP as a browser's forms send them: a public key is
// made in the dashboard, shown once, works on /api/v1 within its scopes, and is refused with
// 401 key_revoked on the very next request after its revocation; integration keys per
// integration; the account key made, rotated and revoked by admins; the webhook secret shown only
// after the password, and rotated so that the next delivery verifies with the new one. A viewer
// sees no buttons and is refused; another tenant's key is not found; a foreign form is refused;
// what was typed is kept and shown escaped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { assertApiError, createMerchant, launch, preparePayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const KEYS = '/dashboard/settings/api-keys';
const GENERAL = '/dashboard/settings/general';
const CONFIG = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1]\n';
const unescape = (s) => s.replaceAll('&amp;', '&');
// The text of a key or secret on a shown-once page.
const shownValue = (html, id) => unescape(html.match(new RegExp(`id="${id}" type="text" readonly value="([^"]+)"`))[1]);

describe('dashboard keys and general settings', () => {
  let payd, shop, other, get, post, signIn, csrfOf, receiver;
  const api = (method, path, key, body) => payd.request(method, path, { key, body });
  // The id of the key whose text was shown (the list has prefix and last 4, DECISIONS §2).
  const keyId = (text) => sql(payd, `SELECT id FROM api_keys WHERE last4 = '${text.slice(-4)}' AND prefix = '${text.match(/^svc_(?:pk_|ak_)?test_/)[0]}'`);

  before(async () => {
    payd = preparePayd({ config: CONFIG });
    shop = createMerchant(payd, { name: 'Acme' });
    other = createMerchant(payd, { name: 'Other' });
    for (const [t, email, role] of [[shop.tenant, 'ana@acme.example', 'owner'], [shop.tenant, 'vi@acme.example', 'viewer'],
      [shop.tenant, 'dev@acme.example', 'developer'], [other.tenant, 'zed@other.example', 'owner']]) {
      payd.admin(['user', 'create', '--tenant', t.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => stopAll(() => receiver?.close(), () => payd?.cleanup()));

  test('a public key made in the dashboard is shown once, works, and is refused right after its revocation', async () => {
    const dev = await signIn('dev@acme.example');
    const page = await get(KEYS, dev);
    assert.equal(page.status, 200);
    const html = await page.text();
    for (const scope of ['payments:read', 'events:read', 'webhooks:write']) assert.match(html, new RegExp(`value="${scope}"`), scope);
    assert.doesNotMatch(html, /value="payments:write"/, 'a developer is not offered what needs an admin');
    const csrf = await csrfOf(dev, KEYS);
    const made = await post(KEYS, { csrf, name: 'Order sync', scopes: 'payments:read', expiresAt: '' }, { cookie: dev });
    assert.equal(made.status, 200);
    assert.equal(made.headers.get('cache-control'), 'no-store');
    const shown = await made.text();
    assert.match(shown, /data-copy/);
    const text = shownValue(shown, 'key-text');
    assert.match(text, /^svc_pk_test_[A-Za-z0-9_-]{43}$/);

    const list = await (await get(KEYS, dev)).text();
    assert.ok(!list.includes(text), 'the list never shows the text');
    assert.ok(list.includes(`svc_pk_test_…${text.slice(-4)}`), 'prefix and last 4');
    assert.match(list, /Order sync/);

    assert.equal((await api('GET', '/api/v1/payment-links', text)).status, 200);
    assertApiError(await api('POST', '/api/v1/payment-links', text, {}), 403, 'insufficient_scope');
    assert.match(await (await get(KEYS, dev)).text(), /<dt>Last used<\/dt><dd><time datetime="\d{4}-\d\d-\d\dT/, 'last used follows use');

    const id = keyId(text);
    assert.match(list, new RegExp(`action="${KEYS}/${id}/revoke"[^>]*data-confirm="Revoke the key Order sync\\?`));
    const revoked = await post(`${KEYS}/${id}/revoke`, { csrf }, { cookie: dev });
    assert.equal(revoked.status, 303);
    assert.equal(revoked.headers.get('location'), KEYS);
    assertApiError(await api('GET', '/api/v1/payment-links', text), 401, 'key_revoked');
    assert.match(await (await get(KEYS, dev)).text(), /tag-revoked/);
  });

  test('a key is rotated: the new text once, the old one ends at once', async () => {
    const dev = await signIn('dev@acme.example');
    const csrf = await csrfOf(dev, KEYS);
    const old = shownValue(await (await post(KEYS, { csrf, name: 'Events', scopes: 'events:read' }, { cookie: dev })).text(), 'key-text');
    const rotated = await post(`${KEYS}/${keyId(old)}/rotate`, { csrf, overlapSeconds: '0' }, { cookie: dev });
    assert.equal(rotated.status, 200);
    const html = await rotated.text();
    const fresh = shownValue(html, 'key-text');
    assert.notEqual(fresh, old);
    assert.match(html, /stopped working now/);
    assertApiError(await api('GET', '/api/v1/events', old), 401, 'key_revoked');
    assert.equal((await api('GET', '/api/v1/events', fresh)).status, 200);
    const bad = await post(`${KEYS}/${keyId(fresh)}/rotate`, { csrf, overlapSeconds: '999999999' }, { cookie: dev });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Overlap seconds must be 0 to 604800/);
  });

  test('integration keys, per integration: made, listed and refused on /api/v1', async () => {
    const dev = await signIn('dev@acme.example');
    const tab = `${KEYS}/integration-keys`;
    const page = await (await get(tab, dev)).text();
    assert.match(page, /Acme web/);
    assert.ok(!page.includes('Other web'), "another tenant's integration is not listed");
    const csrf = await csrfOf(dev, tab);
    const made = await post(tab, { csrf, integrationId: shop.integration.id, name: 'Widget' }, { cookie: dev });
    assert.equal(made.status, 200);
    const text = shownValue(await made.text(), 'key-text');
    assert.match(text, /^svc_test_/);
    assertApiError(await api('GET', '/api/v1/payment-links', text), 401, 'unauthorized');
    assert.ok((await (await get(tab, dev)).text()).includes(`svc_test_…${text.slice(-4)}`));
    const foreign = await post(tab, { csrf, integrationId: other.integration.id, name: 'Sneaky' }, { cookie: dev });
    assert.equal(foreign.status, 404);
    const unnamed = await post(tab, { csrf, integrationId: shop.integration.id, name: '' }, { cookie: dev });
    assert.equal(unnamed.status, 400);
    assert.match(await unnamed.text(), new RegExp(`href="#name-${shop.integration.id}">Name must be 1 to 200 characters`));
  });

  test('bad input: named fields, typed values kept, markup escaped', async () => {
    const dev = await signIn('dev@acme.example');
    const csrf = await csrfOf(dev, KEYS);
    const count = sql(payd, 'SELECT count(*) FROM api_keys');
    const noScope = await post(KEYS, { csrf, name: 'Kept <name>', expiresAt: '2999-01-01' }, { cookie: dev });
    assert.equal(noScope.status, 400);
    let html = await noScope.text();
    assert.match(html, /<title>Error: /);
    assert.match(html, /href="#scopes">A public API key needs at least one scope/);
    assert.match(html, /value="Kept &lt;name&gt;"/);
    assert.match(html, /value="2999-01-01"/);
    const badExpiry = await post(`${KEYS}`, { csrf, name: 'Soon', scopes: 'events:read', expiresAt: 'next tuesday' }, { cookie: dev });
    assert.equal(badExpiry.status, 400);
    html = await badExpiry.text();
    assert.match(html, /href="#expiresAt">Expires must be an RFC 3339 date-time/);
    assert.match(html, /value="next tuesday"/);
    assert.match(html, /id="scopes-\d" name="scopes" type="checkbox" value="events:read" checked/, 'the ticked scope stays ticked');
    const past = await post(KEYS, { csrf, name: 'Past', scopes: 'events:read', expiresAt: '2001-01-01' }, { cookie: dev });
    assert.equal(past.status, 400);
    assert.match(await past.text(), /Expires must be in the future/);
    assert.equal(sql(payd, 'SELECT count(*) FROM api_keys'), count, 'nothing made');

    const marked = await post(KEYS, { csrf, name: '<img src=x onerror=alert(1)>', scopes: 'payments:read', expiresAt: '2999-12-31' }, { cookie: dev });
    assert.equal(marked.status, 200);
    html = await marked.text();
    assert.ok(!html.includes('<img src=x'), 'escaped on the shown-once page');
    assert.match(html, /2999-12-31T00:00:00/, 'the date is the expiry');
    const list = await (await get(KEYS, dev)).text();
    assert.ok(!list.includes('<img src=x'));
    assert.match(list, /&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  test("another tenant's key and an account key are not found on this page; a foreign form is refused", async () => {
    const dev = await signIn('dev@acme.example');
    const csrf = await csrfOf(dev, KEYS);
    const theirs = other.read.id;
    for (const action of ['revoke', 'rotate']) {
      assert.equal((await post(`${KEYS}/${theirs}/${action}`, { csrf, overlapSeconds: '0' }, { cookie: dev })).status, 404, action);
    }
    assert.equal(sql(payd, `SELECT count(*) FROM api_keys WHERE id = '${theirs}' AND revoked_at IS NULL`), '1');
    assert.equal((await api('GET', '/api/v1/payment-links', other.read.key)).status, 200);
    const account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    assert.equal((await post(`${KEYS}/${account.id}/revoke`, { csrf }, { cookie: dev })).status, 404, 'account keys are for admins');
    const foreign = await post(`${KEYS}/${shop.read.id}/revoke`, { csrf }, { cookie: dev, headers: { Origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    const noToken = await post(KEYS, { name: 'x', scopes: 'payments:read' }, { cookie: dev });
    assert.equal(noToken.status, 403);
    assert.equal((await api('GET', '/api/v1/payment-links', shop.read.key)).status, 200, 'still works');
  });

  test('a viewer sees the keys but no buttons, and is refused when posting anyway', async () => {
    const vi = await signIn('vi@acme.example');
    const page = await get(KEYS, vi);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes(`svc_pk_test_…${shop.read.key.slice(-4)}`), 'the list');
    assert.ok(!html.includes('/revoke"'), 'no revoke button');
    assert.ok(!html.includes('Create the key'), 'no create form');
    const general = await (await get(GENERAL, vi)).text();
    assert.ok(!/whsec_/.test(general) && !general.includes('webhook-secret/reveal') && !general.includes('Create an account key'));
    const csrf = await csrfOf(vi, KEYS);
    const count = sql(payd, 'SELECT count(*) FROM api_keys');
    const created = await post(KEYS, { csrf, name: 'Sneaky', scopes: 'payments:read' }, { cookie: vi });
    assert.equal(created.status, 403);
    assert.match(await created.text(), /This needs the <strong>developer<\/strong> role/);
    assert.equal((await post(`${KEYS}/${shop.read.id}/revoke`, { csrf }, { cookie: vi })).status, 403);
    assert.equal((await post(`${GENERAL}/webhook-secret/reveal`, { csrf, password: PASSWORD }, { cookie: vi })).status, 403);
    assert.equal((await post(`${GENERAL}/account-keys`, { csrf, name: 'x' }, { cookie: vi })).status, 403);
    assert.equal(sql(payd, 'SELECT count(*) FROM api_keys'), count, 'nothing made');
    assert.equal((await api('GET', '/api/v1/payment-links', shop.read.key)).status, 200, 'nothing revoked');
    const dev = await signIn('dev@acme.example');
    assert.equal((await post(`${GENERAL}/account-keys`, { csrf: await csrfOf(dev), name: 'x' }, { cookie: dev })).status, 403, 'account keys: admins');
  });

  // DECISIONS §13: a key made or rotated by a person never carries a scope that person's role
  // lacks; payments:write needs admin. The same requests by an owner succeed.
  test('a developer cannot make, rotate or revoke a key with payments:write; an owner can', async () => {
    const dev = await signIn('dev@acme.example');
    const ana = await signIn('ana@acme.example');
    const devCsrf = await csrfOf(dev, KEYS);
    const anaCsrf = await csrfOf(ana, KEYS);
    assert.match(await (await get(KEYS, ana)).text(), /value="payments:write"/, 'an owner is offered it');
    const count = sql(payd, 'SELECT count(*) FROM api_keys');
    const minted = await post(KEYS, { csrf: devCsrf, name: 'Mine', scopes: 'payments:write' }, { cookie: dev });
    assert.equal(minted.status, 403);
    assert.match(await minted.text(), /This needs the <strong>admin<\/strong> role/);
    assert.equal(sql(payd, 'SELECT count(*) FROM api_keys'), count, 'no key made');

    const made = await post(KEYS, { csrf: anaCsrf, name: 'Checkout backend', scopes: 'payments:write' }, { cookie: ana });
    assert.equal(made.status, 200);
    const text = shownValue(await made.text(), 'key-text');
    const id = keyId(text);
    for (const action of ['rotate', 'revoke']) {
      const refused = await post(`${KEYS}/${id}/${action}`, { csrf: devCsrf, overlapSeconds: '0' }, { cookie: dev });
      assert.equal(refused.status, 403, action);
      const html = await refused.text();
      assert.match(html, /This needs the <strong>admin<\/strong> role/, action);
      assert.doesNotMatch(html, /svc_pk_test_[A-Za-z0-9_-]{43}/, `${action}: no key text shown`);
    }
    assert.equal(sql(payd, 'SELECT count(*) FROM api_keys'), String(Number(count) + 1), 'no rotated key made');
    assert.equal((await api('POST', '/api/v1/payment-links', text, {})).status, 400, 'the key still works, with payments:write');
    const rotated = await post(`${KEYS}/${id}/rotate`, { csrf: anaCsrf, overlapSeconds: '0' }, { cookie: ana });
    assert.equal(rotated.status, 200, 'the owner rotates it');
  });

  test('a key records who made it; disabling its maker revokes it unless the owner keeps it', async () => {
    payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'kit@acme.example', '--role', 'developer', '--password-stdin'], { input: `${PASSWORD}\n` });
    const kitId = sql(payd, "SELECT id FROM users WHERE email = 'kit@acme.example'");
    const kit = await signIn('kit@acme.example');
    const kitCsrf = await csrfOf(kit, KEYS);
    const texts = [];
    for (const name of ['Kit sync', 'Kit reports']) {
      const made = await post(KEYS, { csrf: kitCsrf, name, scopes: 'payments:read' }, { cookie: kit });
      assert.equal(made.status, 200);
      texts.push(shownValue(await made.text(), 'key-text'));
    }
    const account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'lister', '--kind', 'account']);
    const listed = (await api('GET', '/api/v1/api-keys?limit=100', account.key)).json.data;
    const byId = new Map(listed.map((k) => [k.id, k]));
    for (const text of texts) assert.equal(byId.get(keyId(text)).createdBy, kitId, 'made by Kit');
    assert.equal(byId.get(account.id).createdBy, 'cli', 'made by the operator');
    assert.match(await (await get(KEYS, kit)).text(), /<dt>Made by<\/dt><dd>kit<\/dd>/);

    const PEOPLE = '/dashboard/settings/people';
    const ana = await signIn('ana@acme.example');
    const people = await (await get(PEOPLE, ana)).text();
    assert.match(people, /Kit sync <code>svc_pk_test_…/, 'People shows the keys each person made');
    assert.match(people, new RegExp(`id="revoke-keys-${kitId}" name="revokeKeys" value="1" checked><label for="revoke-keys-${kitId}">Also revoke the 2 keys kit made`));
    const csrf = await csrfOf(ana, PEOPLE);
    // Unticked: the owner keeps the keys working.
    assert.equal((await post(`${PEOPLE}/${kitId}/disable`, { csrf, keysOffered: '1' }, { cookie: ana })).status, 303);
    for (const text of texts) assert.equal((await api('GET', '/api/v1/payment-links', text)).status, 200, 'kept');
    assert.equal((await post(`${PEOPLE}/${kitId}/enable`, { csrf }, { cookie: ana })).status, 303);
    // Ticked, as the form comes: both keys end with their maker.
    assert.equal((await post(`${PEOPLE}/${kitId}/disable`, { csrf, keysOffered: '1', revokeKeys: '1' }, { cookie: ana })).status, 303);
    for (const text of texts) assertApiError(await api('GET', '/api/v1/payment-links', text), 401, 'key_revoked');
    const anaId = sql(payd, "SELECT id FROM users WHERE email = 'ana@acme.example'");
    assert.equal(sql(payd, `SELECT count(*) FROM audit_log WHERE action = 'api_key.revoke' AND actor = '${anaId}' AND object_id IN ('${texts.map(keyId).join("','")}')`), '2');
    assert.match(await (await get(PEOPLE, ana)).text(), /API keys they made<\/dt><dd>none working/);
  });

  test('the account key: made in Settings > General, shown once, rotated, revoked', async () => {
    const ana = await signIn('ana@acme.example');
    const csrf = await csrfOf(ana, GENERAL);
    const unnamed = await post(`${GENERAL}/account-keys`, { csrf, name: '' }, { cookie: ana });
    assert.equal(unnamed.status, 400);
    assert.match(await unnamed.text(), /href="#name">Name must be 1 to 200 characters/);
    const made = await post(`${GENERAL}/account-keys`, { csrf, name: 'Shop backend' }, { cookie: ana });
    assert.equal(made.status, 200);
    const text = shownValue(await made.text(), 'key-text');
    assert.match(text, /^svc_ak_test_/);
    assert.equal((await api('GET', '/api/v1/audit-log', text)).status, 200);
    const page = await (await get(GENERAL, ana)).text();
    assert.ok(!page.includes(text) && page.includes(`svc_ak_test_…${text.slice(-4)}`));
    const rotated = await post(`${GENERAL}/account-keys/${keyId(text)}/rotate`, { csrf, overlapSeconds: '3600' }, { cookie: ana });
    assert.equal(rotated.status, 200);
    const html = await rotated.text();
    const fresh = shownValue(html, 'key-text');
    assert.match(html, /keeps working until/);
    assert.equal((await api('GET', '/api/v1/audit-log', text)).status, 200, 'the old text works during the overlap');
    assert.equal((await api('GET', '/api/v1/audit-log', fresh)).status, 200);
    assert.equal((await post(`${GENERAL}/account-keys/${keyId(fresh)}/revoke`, { csrf }, { cookie: ana })).status, 303);
    assertApiError(await api('GET', '/api/v1/audit-log', fresh), 401, 'key_revoked');
    assert.equal((await post(`${GENERAL}/account-keys/${shop.read.id}/revoke`, { csrf }, { cookie: ana })).status, 404, 'not an account key');
    const actions = sql(payd, `SELECT action FROM audit_log WHERE object_id = '${keyId(text)}' ORDER BY action`).split('\n');
    assert.deepEqual(actions, ['api_key.create', 'api_key.rotate']);
  });

  test('the webhook secret: shown only after the password; rotated, the next delivery verifies with the new one', async () => {
    const ana = await signIn('ana@acme.example');
    const csrf = await csrfOf(ana, GENERAL);
    const current = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    const general = await (await get(GENERAL, ana)).text();
    assert.ok(!general.includes(current), 'not on the page itself');
    const wrong = await post(`${GENERAL}/webhook-secret/reveal`, { csrf, password: 'not my password' }, { cookie: ana });
    assert.equal(wrong.status, 400);
    const refused = await wrong.text();
    assert.match(refused, /href="#password">The password is not right/);
    assert.ok(!refused.includes('whsec_'), 'no secret');
    const shown = await post(`${GENERAL}/webhook-secret/reveal`, { csrf, password: PASSWORD }, { cookie: ana });
    assert.equal(shown.status, 200);
    assert.equal(shown.headers.get('cache-control'), 'no-store');
    assert.equal(shownValue(await shown.text(), 'webhook-secret'), current);

    const wrongRotate = await post(`${GENERAL}/webhook-secret/rotate`, { csrf, password: '' }, { cookie: ana });
    assert.equal(wrongRotate.status, 400);
    assert.match(await wrongRotate.text(), /href="#rotatePassword">Enter your password/);
    assert.equal(payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret, current, 'not rotated');
    const rotated = await post(`${GENERAL}/webhook-secret/rotate`, { csrf, password: PASSWORD }, { cookie: ana });
    assert.equal(rotated.status, 200);
    const html = await rotated.text();
    const fresh = shownValue(html, 'webhook-secret');
    assert.match(fresh, /^whsec_/);
    assert.notEqual(fresh, current);
    assert.equal(shownValue(html, 'previous-secret-1'), current, 'the old one still signs, and says until when');

    receiver = await startReceiver({ secrets: [fresh] });
    const hooks = shop.key('webhooks:write');
    const endpoint = (await api('POST', '/api/v1/webhook-endpoints', hooks.key, { url: receiver.url })).json;
    const sent = await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, hooks.key);
    assert.equal(sent.status, 202, sent.text);
    const got = await eventually(() => receiver.deliveries.find((d) => d.id === sent.json.eventId), { what: 'the test event' });
    assert.ok(got.verified[fresh], 'verified by standardwebhooks with the new secret');
    assert.ok(got.ok);
    assert.match(sql(payd, `SELECT action FROM audit_log WHERE tenant_id = '${shop.tenant.id}' AND action = 'webhook_secret.rotate'`), /webhook_secret\.rotate/);
  });
});
