// Webhooks, events and the audit log in the dashboard (issue 18 item 2), over
// HTTP as a browser's forms send them: a developer adds an endpoint (the SSRF
// guard's refusal beside the URL), sends a test event that a real receiver
// verifies with npm `standardwebhooks`, sees a failed delivery and redelivers
// it once the receiver recovers; a viewer reads but changes nothing; another
// tenant's ids are not found; markup anywhere is shown escaped; the events
// and audit pages list the latest, filter and page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { launch, linkBody, preparePayd, storeOf } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const HOOKS = '/dashboard/webhooks';
const DELIVERIES = '/dashboard/webhooks/deliveries';
// One retry a second after the first attempt: a failing receiver makes a failed delivery in ~1 s.
const CONFIG = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1]\n';

describe('dashboard webhooks, events and audit log', () => {
  let payd, guarded, tenant, other, secret, receiver, get, post, signIn, csrfOf;
  const users = [['ana@acme.example', 'owner', 'Ana Owner'], ['bo@acme.example', 'viewer', 'Bo Viewer'],
    ['dev@acme.example', 'developer', 'Dev Eloper'], ['zed@other.example', 'owner', 'Zed Other']];
  const endpointOf = (url) => sql(payd, `SELECT id FROM webhook_endpoints WHERE url = '${url}'`);
  const userId = (email) => sql(payd, `SELECT id FROM users WHERE email = '${email}'`);
  // The text of the error message the form shows beside `field`.
  const fieldError = (html, field) => html.match(new RegExp(`<p id="${field}-error" class="error-message">(.*?)</p>`))?.[1];

  before(async () => {
    payd = preparePayd({ config: CONFIG });
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    other = payd.admin(['tenant', 'create', '--name', 'Other']);
    for (const [email, role, name] of users) {
      const t = email.endsWith('other.example') ? other : tenant;
      payd.admin(['user', 'create', '--tenant', t.id, '--email', email, '--role', role, '--name', name, '--password-stdin'],
        { input: `${PASSWORD}\n` });
    }
    secret = payd.admin(['webhook-secret', 'show', '--tenant', tenant.id]).secret;
    receiver = await startReceiver({ secrets: [secret] });
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => stopAll(() => receiver?.close(), () => guarded?.cleanup(), () => payd?.cleanup()));

  test('a developer adds an endpoint; the SSRF guard refuses a private address beside the field', async () => {
    const dev = await signIn('dev@acme.example');
    const csrf = await csrfOf(dev, HOOKS);
    const added = await post(HOOKS, `csrf=${csrf}&url=${encodeURIComponent(receiver.url)}&events=WEBHOOK_TEST_NOT&description=Shop`, { cookie: dev });
    assert.equal(added.status, 400, 'an event type that is none');
    assert.match(fieldError(await added.text(), 'events'), /Unknown event type &quot;WEBHOOK_TEST_NOT&quot;/);
    const ok = await post(HOOKS, `csrf=${csrf}&url=${encodeURIComponent(receiver.url)}&events=PAYMENT_CREATED&events=PAYMENT_LINK_CREATED&description=Shop`, { cookie: dev });
    assert.equal(ok.status, 303, await ok.text());
    assert.equal(ok.headers.get('location'), HOOKS);
    const page = await (await get(HOOKS, dev)).text();
    assert.ok(page.includes(`<h3 class="card-title">${receiver.url}</h3>`), 'listed by its URL');
    assert.match(page, /<code>PAYMENT_CREATED<\/code> <code>PAYMENT_LINK_CREATED<\/code>/);
    assert.match(page, /<span class="tag">enabled<\/span>/);
    assert.equal(sql(payd, `SELECT actor FROM audit_log WHERE action = 'webhook_endpoint.create'`), userId('dev@acme.example'));

    // The same database served by a payd that keeps the default: private targets refused.
    guarded = preparePayd({ env: storeOf(payd) });
    await launch(guarded);
    const g = dashboardClient(guarded);
    const cookie = await g.signIn('dev@acme.example');
    const refused = await g.post(HOOKS, `csrf=${await g.csrfOf(cookie, HOOKS)}&url=${encodeURIComponent('http://127.0.0.1:9/private')}&events=PAYMENT_CREATED`, { cookie });
    assert.equal(refused.status, 400);
    const html = await refused.text();
    assert.match(fieldError(html, 'url'), /The URL cannot receive webhooks: the host resolves to a private or reserved address;/);
    assert.doesNotMatch(fieldError(html, 'url'), /127\.0\.0\.1/, 'the address it resolved to is not named');
    assert.match(html, /href="#url"/, 'the error summary links to the field');
    assert.match(html, /value="http:\/\/127\.0\.0\.1:9\/private"/, 'what was typed is kept');
    assert.match(html, /id="event-PAYMENT_CREATED" name="events" value="PAYMENT_CREATED" checked/, 'the ticked boxes too');
    assert.equal(sql(payd, "SELECT count(*) FROM webhook_endpoints WHERE url LIKE '%/private'"), '0');
    await guarded.stop();
  });

  test('a test event reaches the receiver, verified with the tenant secret, and is listed as delivered', async () => {
    const dev = await signIn('dev@acme.example');
    const id = endpointOf(receiver.url);
    const sent = await post(`${HOOKS}/${id}/test`, { csrf: await csrfOf(dev, HOOKS) }, { cookie: dev });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), `${DELIVERIES}?endpoint=${id}`);
    const got = await eventually(() => receiver.of('WEBHOOK_TEST')[0], { what: 'the test event' });
    assert.ok(got.verified[secret], 'standardwebhooks verifies it with the tenant secret');
    const list = await eventually(async () => {
      const html = await (await get(`${DELIVERIES}?endpoint=${id}`, dev)).text();
      return html.includes('tag-delivery-delivered') && html;
    }, { what: 'the delivery listed as delivered' });
    assert.match(list, /<code>WEBHOOK_TEST<\/code>/);
    assert.match(list, /tag-delivery-delivered">delivered<\/span> 1 attempt, last answer <strong>200<\/strong>/, 'one attempt, answered 200');
    assert.match(list, /Redeliver/);
  });

  test('a failed delivery shows its attempts and response; redelivered once the receiver recovers', async () => {
    const failing = await startReceiver({ secrets: [secret] });
    try {
      failing.script = [500, 500];
      const dev = await signIn('dev@acme.example');
      let csrf = await csrfOf(dev, HOOKS);
      assert.equal((await post(HOOKS, { csrf, url: failing.url }, { cookie: dev })).status, 303);
      const endpoint = endpointOf(failing.url);
      assert.equal((await post(`${HOOKS}/${endpoint}/test`, { csrf }, { cookie: dev })).status, 303);
      const delivery = await eventually(() => sql(payd, `SELECT id FROM webhook_deliveries WHERE endpoint_id = '${endpoint}' AND status = 'FAILED'`),
        { what: 'the delivery failed after its retry' });
      const page = await (await get(`${DELIVERIES}?endpoint=${endpoint}`, dev)).text();
      const row = page.match(new RegExp(`<tr id="delivery-${delivery}"[\\s\\S]*?</tr>`))[0];
      assert.match(row, /tag-delivery-failed">failed</);
      assert.match(row, /tag-delivery-failed">failed<\/span> 2 attempts, last answer <strong>500<\/strong>/, 'two attempts, the last response code');
      assert.equal(failing.deliveries.length, 2);

      // The receiver answers 200 now (its script is spent).
      csrf = await csrfOf(dev, `${DELIVERIES}?endpoint=${endpoint}`);
      const again = await post(`${DELIVERIES}/${delivery}/redeliver`, { csrf, endpoint }, { cookie: dev });
      assert.equal(again.status, 303);
      assert.equal(again.headers.get('location'), `${DELIVERIES}?endpoint=${endpoint}`);
      const redelivered = await eventually(() => failing.deliveries.find((d) => d.answer === 200), { what: 'the redelivery' });
      assert.ok(redelivered.ok, 'verified');
      assert.equal(redelivered.payload.type, 'WEBHOOK_TEST');
      await eventually(async () => (await (await get(`${DELIVERIES}?endpoint=${endpoint}`, dev)).text()).includes('tag-delivery-delivered'),
        { what: 'the redelivery listed as delivered' });

      // A disabled endpoint takes no redelivery: said on the row, nothing queued.
      assert.equal((await post(`${HOOKS}/${endpoint}/disable`, { csrf }, { cookie: dev })).status, 303);
      assert.match(await (await get(HOOKS, dev)).text(), /tag-disabled">disabled<\/span> \(disabled by request\)/);
      const count = sql(payd, 'SELECT count(*) FROM webhook_deliveries');
      const refused = await post(`${DELIVERIES}/${delivery}/redeliver`, { csrf }, { cookie: dev });
      assert.equal(refused.status, 400);
      assert.match(await refused.text(), new RegExp(`Endpoint ${endpoint} is disabled; enable it first`));
      assert.equal(sql(payd, 'SELECT count(*) FROM webhook_deliveries'), count);
      assert.equal((await post(`${HOOKS}/${endpoint}/enable`, { csrf }, { cookie: dev })).status, 303);
      assert.equal((await post(`${HOOKS}/${endpoint}/remove`, { csrf }, { cookie: dev })).status, 303);
      assert.equal(sql(payd, `SELECT count(*) FROM webhook_endpoints WHERE id = '${endpoint}'`), '0');
    } finally {
      await failing.close();
    }
  });

  test('markup in a URL, a description and an event payload is shown escaped', async () => {
    const dev = await signIn('dev@acme.example');
    const csrf = await csrfOf(dev, HOOKS);
    const url = 'http://127.0.0.1:1/?q=<script>alert(1)</script>';
    const res = await post(HOOKS, { csrf, url, description: '<b>bold</b> "quoted"' }, { cookie: dev });
    const html = res.status === 303 ? await (await get(HOOKS, dev)).text() : await res.text();
    assert.ok(!html.includes('<script>alert(1)'), 'no markup from the URL');
    assert.ok(!html.includes('<b>bold</b>'), 'no markup from the description');
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /&lt;b&gt;bold&lt;\/b&gt; &quot;quoted&quot;/);

    const key = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'rw', '--scopes', 'payments:read,payments:write']);
    const integration = payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', 'web', '--chains', '31337',
      '--tokens', 'USDC', '--payout', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '--origins', 'https://shop.example']);
    const link = await payd.request('POST', '/api/v1/payment-links', { key: key.key, body: linkBody(integration.id, { name: '<img src=x onerror=alert(1)>' }) });
    assert.equal(link.status, 201, link.text);
    const events = await (await get(`/dashboard/events?object=${link.json.id}`, dev)).text();
    assert.ok(!events.includes('<img src=x'), 'no markup from the payload');
    assert.match(events, /&quot;name&quot;: &quot;&lt;img src=x onerror=alert\(1\)&gt;&quot;/, 'pretty-printed and escaped');
  });

  test('a viewer sees no buttons and is refused; other tenants’ ids are not found; a cross-site form is refused', async () => {
    const bo = await signIn('bo@acme.example');
    const endpoint = endpointOf(receiver.url);
    const delivery = sql(payd, `SELECT id FROM webhook_deliveries WHERE endpoint_id = '${endpoint}' LIMIT 1`);
    const page = await get(HOOKS, bo);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes(receiver.url), 'the viewer reads the endpoints');
    for (const absent of ['Add an endpoint', '/remove"', '/test"', '/disable"', 'Send a test event']) assert.ok(!html.includes(absent), absent);
    const deliveries = await (await get(DELIVERIES, bo)).text();
    assert.ok(deliveries.includes('tag-delivery-delivered'), 'the viewer reads the deliveries');
    assert.ok(!deliveries.includes('Redeliver'), 'without Redeliver');

    const csrf = await csrfOf(bo, HOOKS);
    const counts = () => sql(payd, 'SELECT (SELECT count(*) FROM webhook_endpoints) || \'/\' || (SELECT count(*) FROM webhook_deliveries) || \'/\' || (SELECT count(*) FROM events)');
    const before = counts();
    for (const [path, fields] of [[HOOKS, { url: receiver.url }], [`${HOOKS}/${endpoint}/disable`, {}], [`${HOOKS}/${endpoint}/remove`, {}],
      [`${HOOKS}/${endpoint}/test`, {}], [`${DELIVERIES}/${delivery}/redeliver`, {}]]) {
      const res = await post(path, { csrf, ...fields }, { cookie: bo });
      assert.equal(res.status, 403, path);
      assert.match(await res.text(), /This needs the <strong>developer<\/strong> role/);
    }
    assert.equal(counts(), before, 'nothing changed');
    assert.equal(sql(payd, `SELECT enabled FROM webhook_endpoints WHERE id = '${endpoint}'`), '1');

    // Zed's endpoint and delivery, in the other tenant.
    const zed = await signIn('zed@other.example');
    const zcsrf = await csrfOf(zed, HOOKS);
    assert.equal((await post(HOOKS, { csrf: zcsrf, url: 'http://127.0.0.1:9/zed' }, { cookie: zed })).status, 303);
    const foreign = endpointOf('http://127.0.0.1:9/zed');
    assert.equal((await post(`${HOOKS}/${foreign}/test`, { csrf: zcsrf }, { cookie: zed })).status, 303);
    const foreignDelivery = sql(payd, `SELECT id FROM webhook_deliveries WHERE endpoint_id = '${foreign}' LIMIT 1`);
    assert.ok(!(await (await get(DELIVERIES, zed)).text()).includes(delivery), 'Zed sees only his own');
    const ana = await signIn('ana@acme.example');
    const acsrf = await csrfOf(ana, HOOKS);
    assert.equal((await get(`${DELIVERIES}?endpoint=${foreign}`, ana)).status, 404);
    for (const path of [`${HOOKS}/${foreign}/disable`, `${HOOKS}/${foreign}/remove`, `${HOOKS}/${foreign}/test`, `${DELIVERIES}/${foreignDelivery}/redeliver`]) {
      const res = await post(path, { csrf: acsrf }, { cookie: ana });
      assert.equal(res.status, 404, path);
      assert.match(await res.text(), /Page not found/);
    }
    assert.equal(sql(payd, `SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '${foreign}'`), '1');
    const crossSite = await post(`${HOOKS}/${endpoint}/disable`, { csrf: acsrf }, { cookie: ana, headers: { Origin: 'https://evil.example' } });
    assert.equal(crossSite.status, 403);
    assert.equal(sql(payd, `SELECT enabled FROM webhook_endpoints WHERE id = '${endpoint}'`), '1');
  });

  test('the events and audit pages list the latest, filter and page', async () => {
    const dev = await signIn('dev@acme.example');
    const endpoint = endpointOf(receiver.url);
    const csrf = await csrfOf(dev, HOOKS);
    for (let i = 0; i < 26; i++) assert.equal((await post(`${HOOKS}/${endpoint}/test`, { csrf }, { cookie: dev })).status, 303);
    // Every delivery settled (each success adds a WEBHOOK_SENT event): the newest event stays the newest.
    await eventually(() => sql(payd, `SELECT count(*) FROM webhook_deliveries WHERE tenant_id = '${tenant.id}' AND status IN ('PENDING', 'RETRYING')`) === '0',
      { what: 'the deliveries settled' });
    const newest = sql(payd, `SELECT id FROM events WHERE tenant_id = '${tenant.id}' ORDER BY created_at DESC, id DESC LIMIT 1`);

    const bo = await signIn('bo@acme.example');
    const events = await (await get('/dashboard/events', bo)).text();
    assert.match(events, /aria-current="page">Events/);
    assert.equal((events.match(/<li class="card">/g) ?? []).length, 25, 'a page of 25');
    assert.ok(events.includes(newest), 'the latest first');
    const olderHref = events.match(/<a href="([^"]+)" rel="next">Older<\/a>/)[1].replaceAll('&amp;', '&');
    assert.equal(olderHref, '/dashboard/events?offset=25');
    const older = await (await get(olderHref, bo)).text();
    assert.match(older, /rel="prev">Newer</);
    const idsOf = (html) => [...html.matchAll(/<dt>Event id<\/dt><dd><code>(evt_[a-z0-9]+)<\/code>/g)].map((m) => m[1]);
    assert.equal(idsOf(events).length, 25);
    assert.ok(idsOf(older).length > 0 && idsOf(older).every((id) => !idsOf(events).includes(id)), 'the next 25, none again');

    const links = await (await get('/dashboard/events?type=PAYMENT_LINK_CREATED', bo)).text();
    assert.equal((links.match(/<li class="card">/g) ?? []).length, 1, 'only the link event');
    assert.match(links, /<option value="PAYMENT_LINK_CREATED" selected>/);
    assert.ok(!links.includes('<code>WEBHOOK_TEST</code>'));
    const none = await (await get('/dashboard/events?type=PAYMENT_LINK_CREATED&object=pl_nothing', bo)).text();
    assert.match(none, /No events match/);

    const audit = await (await get('/dashboard/audit-log', bo)).text();
    assert.match(audit, /aria-current="page">Audit log/);
    assert.equal((audit.match(/<li class="card">/g) ?? []).length, 25);
    assert.match(audit, /rel="next">Older</);
    assert.match(audit, /<code>webhook_endpoint\.test<\/code>/);
    assert.match(audit, />Dev Eloper<span class="visually-hidden">/, 'a person by name');
    const devId = userId('dev@acme.example');
    const byDev = await (await get(`/dashboard/audit-log?actor=${devId}`, bo)).text();
    assert.match(byDev, new RegExp(`<option value="${devId}" selected>Dev Eloper`));
    assert.match(byDev, />Dev Eloper<span/);
    assert.ok(!byDev.includes('>Ana Owner<span') && !byDev.includes('>Bo Viewer<span'), 'only Dev’s changes');
    const byAction = await (await get('/dashboard/audit-log?action=webhook_endpoint.create', bo)).text();
    const actions = [...byAction.matchAll(/<h2 class="card-title"><code>([^<]+)<\/code>/g)].map((m) => m[1]);
    assert.ok(actions.length >= 2 && actions.every((a) => a === 'webhook_endpoint.create'), actions.join());
    const byAna = await (await get(`/dashboard/audit-log?actor=${userId('ana@acme.example')}`, bo)).text();
    assert.match(byAna, />Ana Owner<span/);
    assert.ok(!byAna.includes('>Dev Eloper<span'), 'only Ana’s changes');
    const byKey = await (await get('/dashboard/audit-log?actor=key', bo)).text();
    assert.ok(!byKey.includes('>Dev Eloper<span') && !byKey.includes('>Ana Owner<span'), 'no person among the keys');
    const cli = await (await get('/dashboard/audit-log?actor=cli', bo)).text();
    assert.match(cli, /payd on the server \(cli\)<span/, 'the CLI made the users and the integration');
    assert.match(cli, /<code>integration\.create<\/code>/);
  });
});
