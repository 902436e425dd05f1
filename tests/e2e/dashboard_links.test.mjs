// Payment links and integrations in the dashboard (issue 18 item 2), over HTTP as a browser's
// forms send them: an integration and a link made in the dashboard take payments on the link's
// public page, which counts its views; a link is changed and switched off and on; the widget
// snippet of a WIDGET link loads payd's widget for that link. Bad input gets the API's message
// beside its field with what was typed kept; markup typed is shown escaped; another tenant's ids
// are not found; a form from another site is refused; each role sees only the buttons it may
// use and is refused (403, nothing changed) when it posts anyway.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { eventually } from './lib/chain.mjs';
import { sql } from './lib/database.mjs';
import { createMerchant, linkBody, preparePayd, launch, OFFLINE_LOCALNET } from './lib/payd.mjs';

const LINKS = '/dashboard/links';
const INTEGRATIONS = '/dashboard/integrations';
const PAYOUT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
// The same address with one letter's case changed: its EIP-55 checksum is wrong.
const BAD_CHECKSUM = '0x3c44CdDdB6a900fa2b585dd299e03d12FA4293BC';
// A chain no node answers for: the pages need the catalog, not the chain.

describe('dashboard payment links and integrations', () => {
  let payd, tenant, other, get, post, signIn, csrfOf;
  const htmlOf = async (res) => res.text();
  const idFrom = (res, prefix) => {
    assert.equal(res.status, 303);
    const m = res.headers.get('location').match(new RegExp(`^${prefix}/((?:int|plink)_[a-z0-9]+)$`));
    assert.ok(m, res.headers.get('location'));
    return m[1];
  };
  const integrationFields = (csrf, extra = []) => [['csrf', csrf], ['name', 'Pop-up store'], ['payoutAddress', PAYOUT],
    ['origins', 'https://popup.example\n*.example.org'], ['chains', '31337'], ['tokens', 'USDC'], ['preferredToken', ''], ...extra];
  const linkFields = (csrf, integrationId, extra = {}) => ({
    csrf, integrationId, type: 'LINK', name: 'T-shirt', description: '', amount: '25.00', denominationType: 'CURRENCY',
    currency: 'USD', allowCustomAmount: 'true', minAmount: '', returnUrl: '', ...extra,
  });
  // An integration and a link of the tenant, made in the dashboard by its owner.
  const makeBoth = async (cookie, link = {}) => {
    const csrf = await csrfOf(cookie, INTEGRATIONS);
    const integrationId = idFrom(await post(INTEGRATIONS, integrationFields(csrf), { cookie }), INTEGRATIONS);
    const linkId = idFrom(await post(LINKS, linkFields(csrf, integrationId, link), { cookie }), LINKS);
    return { csrf, integrationId, linkId };
  };

  before(async () => {
    payd = preparePayd({ config: OFFLINE_LOCALNET });
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    for (const [email, role] of [['ana@acme.example', 'owner'], ['bo@acme.example', 'viewer'], ['dev@acme.example', 'developer']]) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    other = createMerchant(payd, { name: 'Other' });
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => payd?.close());

  test("an integration and a link made in the dashboard: the link's page takes payments and counts views", async () => {
    const ana = await signIn('ana@acme.example');
    const { integrationId, linkId } = await makeBoth(ana, { description: 'Organic cotton', minAmount: '20.00' });
    const blank = await htmlOf(await get(`${INTEGRATIONS}/new`, ana));
    assert.match(blank, /id="chain-31337" name="chains" type="checkbox" value="31337">/, 'the catalog\'s chains to tick');
    assert.match(blank, /value="USDC"/);
    assert.match(await htmlOf(await get(`${LINKS}/new?integration=${integrationId}`, ana)), new RegExp(`value="${integrationId}" selected`));
    const integration = await htmlOf(await get(`${INTEGRATIONS}/${integrationId}`, ana));
    assert.match(integration, new RegExp(PAYOUT));
    assert.match(integration, /https:\/\/popup\.example/);
    assert.match(integration, /Localnet/);
    assert.equal(sql(payd, `SELECT count(*) FROM integrations WHERE tenant_id = '${tenant.id}'`), '1');

    const detail = await get(`${LINKS}/${linkId}`, ana);
    assert.equal(detail.status, 200);
    const html = await detail.text();
    const url = `${payd.url}/pay/${linkId}`;
    assert.ok(html.includes(`readonly value="${url}" data-copy`), 'the URL to copy');
    assert.match(html, /<svg[^>]*id="link-qr"/, 'a QR code of it');
    assert.ok(!html.includes('data-link='), 'a LINK has no embed snippet');
    assert.match(html, /25\.00 USD, or another amount of at least 20\.00/);

    const page = await get(`/pay/${linkId}`);
    assert.equal(page.status, 200);
    const payer = await page.text();
    assert.match(payer, /T-shirt/);
    assert.match(payer, /25\.00/);
    await get(`/pay/${linkId}`); // a reload by the same client is no new view
    await eventually(() => sql(payd, `SELECT views FROM payment_links WHERE id = '${linkId}'`) === '1', { what: 'the view written' });
    const list = await htmlOf(await get(LINKS, ana));
    assert.match(list, /<dt>Views<\/dt><dd>1<\/dd>/);
    assert.match(list, /<dt>Payments<\/dt><dd>0<\/dd>/);
  });

  test('a link is changed, deactivated (its page says so) and activated again', async () => {
    const ana = await signIn('ana@acme.example');
    const { csrf, integrationId, linkId } = await makeBoth(ana);
    const form = await htmlOf(await get(`${LINKS}/${linkId}/edit`, ana));
    assert.match(form, /value="T-shirt"/);
    const changed = await post(`${LINKS}/${linkId}`, linkFields(csrf, integrationId, { name: 'Hoodie', amount: '49.90', allowCustomAmount: '' }), { cookie: ana });
    assert.equal(changed.status, 303);
    assert.equal(changed.headers.get('location'), `${LINKS}/${linkId}`);
    const payer = await htmlOf(await get(`/pay/${linkId}`));
    assert.match(payer, /Hoodie/);
    assert.match(payer, /49\.90/);
    assert.match(await htmlOf(await get(`${LINKS}/${linkId}`, ana)), /<dd>49\.90 USD<\/dd>/, 'no other amount now');

    assert.equal((await post(`${LINKS}/${linkId}/deactivate`, { csrf }, { cookie: ana })).status, 303);
    const off = await get(`/pay/${linkId}`);
    assert.equal(off.status, 404);
    assert.match(await off.text(), /This link no longer takes payments/);
    assert.match(await htmlOf(await get(`${LINKS}/${linkId}`, ana)), /This link is inactive/);
    assert.equal((await post(`${LINKS}/${linkId}/activate`, { csrf }, { cookie: ana })).status, 303);
    assert.equal((await get(`/pay/${linkId}`)).status, 200);
    assert.match(sql(payd, `SELECT action FROM audit_log WHERE object_id = '${linkId}'`), /payment_link/);
  });

  test("a WIDGET link's snippet names the link and loads payd's widget", async () => {
    const ana = await signIn('ana@acme.example');
    const { linkId } = await makeBoth(ana, { type: 'WIDGET' });
    const html = await htmlOf(await get(`${LINKS}/${linkId}`, ana));
    const snippet = html.match(/<textarea[^>]*id="link-snippet"[^>]*data-copy>([^<]*)<\/textarea>/)[1]
      .replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    assert.equal(snippet, `<script src="${payd.url}/widget.js" data-link="${linkId}"></script>`);
    const script = await get('/widget.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type'), /javascript/);
  });

  test('a wrong checksum and a bad amount are refused beside their fields, with what was typed kept', async () => {
    const ana = await signIn('ana@acme.example');
    const csrf = await csrfOf(ana, INTEGRATIONS);
    const before = sql(payd, 'SELECT count(*) FROM integrations');
    const fields = integrationFields(csrf).map(([k, v]) => [k, k === 'payoutAddress' ? BAD_CHECKSUM : k === 'name' ? 'Kiosk "B" <i>' : v]);
    const bad = await post(INTEGRATIONS, fields, { cookie: ana });
    assert.equal(bad.status, 400);
    const html = await bad.text();
    assert.match(html, /<a href="#payoutAddress">Payout address must be a 0x-prefixed 20-byte address with a valid EIP-55 checksum<\/a>/);
    assert.match(html, /id="payoutAddress-error"/);
    assert.ok(html.includes(`value="${BAD_CHECKSUM}"`), 'the address typed');
    assert.match(html, /value="Kiosk &quot;B&quot; &lt;i&gt;"/);
    assert.match(html, /https:\/\/popup\.example\n\*\.example\.org<\/textarea>/);
    assert.match(html, /id="chain-31337" name="chains" type="checkbox" value="31337" checked/);
    assert.equal(sql(payd, 'SELECT count(*) FROM integrations'), before, 'nothing made');

    const { integrationId } = await makeBoth(ana);
    const amount = await post(LINKS, linkFields(csrf, integrationId, { amount: 'a lot', name: 'Mug' }), { cookie: ana });
    assert.equal(amount.status, 400);
    const form = await amount.text();
    assert.match(form, /href="#amount">Amount must be a decimal string/);
    assert.match(form, /value="a lot"/);
    assert.match(form, /value="Mug"/);
  });

  test('markup in names and descriptions is shown escaped everywhere', async () => {
    const ana = await signIn('ana@acme.example');
    const csrf = await csrfOf(ana, INTEGRATIONS);
    const integrationId = idFrom(await post(INTEGRATIONS, integrationFields(csrf).map(([k, v]) => [k, k === 'name' ? '<b>Bold shop</b>' : v]), { cookie: ana }), INTEGRATIONS);
    const linkId = idFrom(await post(LINKS, linkFields(csrf, integrationId, { name: '<script>alert(1)</script>', description: '<img src=x onerror=alert(2)>' }), { cookie: ana }), LINKS);
    for (const path of [LINKS, `${LINKS}/${linkId}`, `${LINKS}/${linkId}/edit`, INTEGRATIONS, `${INTEGRATIONS}/${integrationId}`, `/pay/${linkId}`]) {
      const html = await htmlOf(await get(path, ana));
      assert.ok(!html.includes('<script>alert(1)</script>'), path);
      assert.ok(!html.includes('<img src=x'), path);
      assert.ok(!html.includes('<b>Bold shop</b>'), path);
    }
    assert.match(await htmlOf(await get(`${LINKS}/${linkId}`, ana)), /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(await htmlOf(await get(INTEGRATIONS, ana)), /&lt;b&gt;Bold shop&lt;\/b&gt;/);
  });

  test("another tenant's link and integration are not found; a form from another site is refused", async () => {
    const ana = await signIn('ana@acme.example');
    const { csrf, integrationId, linkId } = await makeBoth(ana);
    const made = await payd.request('POST', '/api/v1/payment-links', { key: other.rw.key, body: linkBody(other.integration.id) });
    assert.equal(made.status, 201, made.text);
    const theirs = made.json.id;
    for (const path of [`${LINKS}/${theirs}`, `${LINKS}/${theirs}/edit`, `${INTEGRATIONS}/${other.integration.id}`, `${INTEGRATIONS}/${other.integration.id}/edit`]) {
      assert.equal((await get(path, ana)).status, 404, path);
    }
    assert.equal((await post(`${LINKS}/${theirs}/deactivate`, { csrf }, { cookie: ana })).status, 404);
    assert.equal((await post(`${LINKS}/${theirs}`, linkFields(csrf, other.integration.id, { name: 'Mine now' }), { cookie: ana })).status, 404);
    assert.equal((await post(`${INTEGRATIONS}/${other.integration.id}/disable`, { csrf }, { cookie: ana })).status, 404);
    assert.equal((await post(`${INTEGRATIONS}/${other.integration.id}`, integrationFields(csrf), { cookie: ana })).status, 404);
    assert.equal(sql(payd, `SELECT status FROM payment_links WHERE id = '${theirs}'`), 'active');
    assert.equal(sql(payd, `SELECT name FROM payment_links WHERE id = '${theirs}'`), 'T-shirt');
    assert.equal(sql(payd, `SELECT count(*) FROM integrations WHERE id = '${other.integration.id}' AND disabled_at IS NULL`), '1');

    const evil = { cookie: ana, headers: { Origin: 'https://evil.example' } };
    assert.equal((await post(`${LINKS}/${linkId}/deactivate`, { csrf }, evil)).status, 403);
    assert.equal((await post(`${INTEGRATIONS}/${integrationId}/disable`, { csrf }, evil)).status, 403);
    assert.equal((await post(LINKS, linkFields(csrf, integrationId), evil)).status, 403);
    assert.equal(sql(payd, `SELECT status FROM payment_links WHERE id = '${linkId}'`), 'active');
    assert.equal(sql(payd, `SELECT count(*) FROM integrations WHERE id = '${integrationId}' AND disabled_at IS NULL`), '1');
  });

  test('a viewer reads without buttons and is refused; a developer may change integrations, not links', async () => {
    const ana = await signIn('ana@acme.example');
    const { integrationId, linkId } = await makeBoth(ana);
    const links = () => sql(payd, 'SELECT count(*) FROM payment_links');
    const integrations = () => sql(payd, 'SELECT count(*) FROM integrations');

    const bo = await signIn('bo@acme.example');
    for (const path of [LINKS, `${LINKS}/${linkId}`, INTEGRATIONS, `${INTEGRATIONS}/${integrationId}`]) {
      const res = await get(path, bo);
      assert.equal(res.status, 200, path);
      const html = await res.text();
      for (const absent of ['/new"', '/edit"', '/deactivate"', '/disable"']) assert.ok(!html.includes(absent), `${path}: ${absent}`);
    }
    assert.equal((await get(`${LINKS}/new`, bo)).status, 403);
    assert.equal((await get(`${INTEGRATIONS}/${integrationId}/edit`, bo)).status, 403);
    let csrf = await csrfOf(bo, LINKS);
    const counts = [links(), integrations()];
    assert.equal((await post(LINKS, linkFields(csrf, integrationId), { cookie: bo })).status, 403);
    assert.equal((await post(`${LINKS}/${linkId}/deactivate`, { csrf }, { cookie: bo })).status, 403);
    assert.equal((await post(INTEGRATIONS, integrationFields(csrf), { cookie: bo })).status, 403);
    assert.equal((await post(`${INTEGRATIONS}/${integrationId}/disable`, { csrf }, { cookie: bo })).status, 403);
    assert.deepEqual([links(), integrations()], counts, 'nothing made');

    const dev = await signIn('dev@acme.example');
    csrf = await csrfOf(dev, INTEGRATIONS);
    const listed = await htmlOf(await get(INTEGRATIONS, dev));
    assert.ok(listed.includes(`href="${INTEGRATIONS}/new"`), 'a developer may create integrations');
    assert.ok(!(await htmlOf(await get(LINKS, dev))).includes(`href="${LINKS}/new"`), 'but not links');
    assert.ok(!(await htmlOf(await get(`${LINKS}/${linkId}`, dev))).includes('/deactivate"'));
    const renamed = integrationFields(csrf).map(([k, v]) => [k, k === 'name' ? 'Renamed by dev' : v]);
    assert.equal((await post(`${INTEGRATIONS}/${integrationId}`, renamed, { cookie: dev })).status, 303);
    assert.equal(sql(payd, `SELECT name FROM integrations WHERE id = '${integrationId}'`), 'Renamed by dev');
    assert.equal((await post(`${LINKS}/${linkId}/deactivate`, { csrf }, { cookie: dev })).status, 403);
    assert.equal((await post(LINKS, linkFields(csrf, integrationId), { cookie: dev })).status, 403);
    assert.equal(sql(payd, `SELECT status FROM payment_links WHERE id = '${linkId}'`), 'active');
    assert.equal((await post(`${INTEGRATIONS}/${integrationId}/disable`, { csrf }, { cookie: dev })).status, 303);
    assert.match(await htmlOf(await get(`${INTEGRATIONS}/${integrationId}`, dev)), /This integration is disabled/);
  });

  test("the payment page's QR code is chosen in the integration's form, and a choice the form does not offer changes nothing", async () => {
    const ana = await signIn('ana@acme.example');
    const csrf = await csrfOf(ana, INTEGRATIONS);
    const form = await htmlOf(await get(`${INTEGRATIONS}/new`, ana));
    assert.match(form, /id="qrCode" name="qrCode" value="eip681" checked>/, 'EIP-681 with the amount by default');
    const made = await post(INTEGRATIONS, integrationFields(csrf, [['qrCode', 'address']]), { cookie: ana });
    const integrationId = idFrom(made, INTEGRATIONS);
    assert.equal(sql(payd, `SELECT qr_code FROM integrations WHERE id = '${integrationId}'`), 'address');
    assert.match(await htmlOf(await get(`${INTEGRATIONS}/${integrationId}`, ana)), /<dt>QR code<\/dt><dd>The address only, the amount beside it<\/dd>/);
    assert.match(await htmlOf(await get(`${INTEGRATIONS}/${integrationId}/edit`, ana)), /id="qrCode-address" name="qrCode" value="address" checked>/);

    const refused = await post(`${INTEGRATIONS}/${integrationId}`, integrationFields(csrf, [['qrCode', 'uri']]), { cookie: ana });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /<a href="#qrCode">QR code is one of eip681, address, eip681_compatible\.<\/a>/);
    assert.equal(sql(payd, `SELECT qr_code FROM integrations WHERE id = '${integrationId}'`), 'address');
    const changed = await post(`${INTEGRATIONS}/${integrationId}`, integrationFields(csrf, [['qrCode', 'eip681_compatible']]), { cookie: ana });
    assert.equal(changed.status, 303);
    assert.equal(sql(payd, `SELECT qr_code FROM integrations WHERE id = '${integrationId}'`), 'eip681_compatible');
  });
});
