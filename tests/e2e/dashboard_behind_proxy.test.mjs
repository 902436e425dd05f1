// The dashboard as deployed behind a TLS-terminating reverse proxy (issue 34 item 4;
// docs/dashboard.md "Sessions" and "Throttle", docs/operator-guide.md trusted_proxies): the session
// cookie is `Secure` when public_url is https and only then; the sign-in throttle counts the
// client the trusted proxy names (X-Forwarded-For / Forwarded), so two clients behind one proxy
// are throttled apart and the proxy's own address is never what is locked; from a peer that is no
// trusted proxy, those headers are the client's own words and split nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { startPayd } from './lib/payd.mjs';

// A payd with one owner, Ana; `settings` are top-level lines of its payd.toml.
function dashboardSuite(settings) {
  const s = {};
  before(async () => {
    s.payd = await startPayd({ config: `${settings}[limits]\napi_requests_per_min = 1000000\n` });
    const tenant = s.payd.admin(['tenant', 'create', '--name', 'Acme']);
    s.payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    s.client = dashboardClient(s.payd);
  });
  after(() => s.payd?.close());
  s.signIn = (headers = {}, password = PASSWORD, email = 'ana@acme.example') =>
    s.client.post('/dashboard/sign-in', { email, password }, { headers });
  return s;
}

// The 20 failures from one client that lock it (docs/dashboard.md: 5 per address, 20 per client),
// each for another unknown address so that no address reaches its own 5.
async function twentyFailures(s, headers) {
  for (let i = 0; i < 20; i++) {
    const r = await s.signIn(headers, 'not the password', `ghost${i}@acme.example`);
    assert.equal(r.status, 400, `failure ${i + 1}`);
  }
}

for (const [publicUrl, secure] of [['https://pay.acme.example', true], ['http://pay.acme.example', false]]) {
  describe(`the session cookie with public_url ${publicUrl}`, () => {
    const s = dashboardSuite(`public_url = "${publicUrl}"\n`);

    test(secure ? 'is Secure, when set and when cleared' : 'is not Secure: a browser on plain http would drop it', async () => {
      const signedIn = await s.signIn();
      assert.equal(signedIn.status, 303);
      const cookie = signedIn.headers.get('set-cookie');
      assert.match(cookie, /^payd_session=[A-Za-z0-9_-]{43};/);
      const attributes = cookie.split(';').slice(1).map((a) => a.trim());
      assert.equal(attributes.includes('Secure'), secure, cookie);
      assert.ok(attributes.includes('HttpOnly') && attributes.includes('SameSite=Lax'), cookie);

      const session = cookie.split(';')[0];
      const out = await s.client.post('/dashboard/sign-out', { csrf: await s.client.csrfOf(session) }, { cookie: session });
      assert.equal(out.status, 303);
      const cleared = out.headers.get('set-cookie');
      assert.match(cleared, /^payd_session=;/);
      assert.equal(cleared.split(';').map((a) => a.trim()).includes('Secure'), secure, cleared);
    });
  });
}

describe('the sign-in throttle behind a trusted proxy (trusted_proxies = ["127.0.0.1"])', () => {
  const s = dashboardSuite('public_url = "https://pay.acme.example"\ntrusted_proxies = ["127.0.0.1"]\n');

  test('a client the proxy names is locked after 20 failures; another client and the proxy itself are not', async () => {
    const a = { 'X-Forwarded-For': '203.0.113.10' };
    await twentyFailures(s, a);
    const locked = await s.signIn(a);
    assert.equal(locked.status, 429, 'client A is locked, even with the right password');
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
    // The same right password, through the same proxy connection's address, for other clients.
    assert.equal((await s.signIn({ Forwarded: 'for=203.0.113.11' })).status, 303, 'client B is not locked');
    assert.equal((await s.signIn({ 'X-Forwarded-For': '198.51.100.7' })).status, 303, 'client C is not locked');
    assert.equal((await s.signIn()).status, 303, 'the proxy itself (no header) is not locked');
    // What A writes to the left of its address does not make it someone else.
    assert.equal((await s.signIn({ 'X-Forwarded-For': '192.0.2.1, 203.0.113.10' })).status, 429);
  });
});

describe('the sign-in throttle from a peer that is no trusted proxy', () => {
  const s = dashboardSuite('trusted_proxies = ["10.0.0.0/8"]\n');

  test('X-Forwarded-For is the client\'s own words: 20 failures under 20 names lock the one client', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await s.signIn({ 'X-Forwarded-For': `203.0.113.${i + 1}` }, 'not the password', `ghost${i}@acme.example`);
      assert.equal(r.status, 400, `failure ${i + 1}`);
    }
    assert.equal((await s.signIn({ 'X-Forwarded-For': '203.0.113.99' })).status, 429);
  });
});
