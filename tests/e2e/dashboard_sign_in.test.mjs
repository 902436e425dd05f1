// Signing in to the dashboard (issue 18 item 1), over HTTP as a browser's
// forms send it, every answer checked against docs/openapi.yaml: sessions in
// an HttpOnly SameSite=Lax cookie kept as a digest, the same refusal for an
// unknown address as for a wrong password, the lock after repeated failures,
// one-time links, forms from another site refused, a disabled person's
// sessions ended at once, and what people typed shown escaped.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { cookieOf, dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { launch, preparePayd } from './lib/payd.mjs';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('dashboard sign-in', () => {
  let payd, tenant, get, post, signIn, csrfOf;
  before(async () => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    for (const [email, role] of [['ana@acme.example', 'owner'], ['lock@acme.example', 'viewer'], ['bo@acme.example', 'admin']]) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => payd?.cleanup());

  test('the pages ask to sign in, under a strict CSP, with the environment on them', async () => {
    const overview = await get('/dashboard');
    assert.equal(overview.status, 303);
    assert.equal(overview.headers.get('location'), '/dashboard/sign-in');
    const form = await get('/dashboard/sign-in');
    assert.equal(form.status, 200);
    const csp = form.headers.get('content-security-policy');
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(form.headers.get('cache-control'), 'no-store');
    const html = await form.text();
    assert.match(html, /<form method="post" action="\/dashboard\/sign-in"/);
    assert.match(html, /Testnet/);
    assert.match(html, /Test networks only/);
  });

  test('a wrong password and an unknown address get the same refusal; the typed address stays, escaped', async () => {
    const wrong = await post('/dashboard/sign-in', { email: 'ana@acme.example', password: 'not the password' });
    const unknown = await post('/dashboard/sign-in', { email: 'nobody@acme.example', password: 'not the password' });
    assert.equal(wrong.status, 400);
    assert.equal(unknown.status, 400);
    const [a, b] = [await wrong.text(), await unknown.text()];
    assert.equal(a.replaceAll('ana@acme.example', 'X'), b.replaceAll('nobody@acme.example', 'X'), 'one answer whoever asks');
    assert.match(a, /Enter the email address and password of your account/);
    assert.ok(!a.includes('not the password'), 'a password is never shown again');
    assert.ok(!wrong.headers.get('set-cookie'));

    const markup = await post('/dashboard/sign-in', { email: '"><script>alert(1)</script>', password: 'x' });
    const text = await markup.text();
    assert.ok(!text.includes('<script>alert(1)'), 'what was typed is escaped');
    assert.match(text, /&lt;script&gt;/);
    // Bytes that are not UTF-8 (a form may send any): the same refusal, never a 500.
    for (const body of ['email=%FF%FEana%40acme.example&password=x', 'email=an%FF%40acme.example&password=x%FF']) {
      const res = await checkedFetch(`${payd.url}/dashboard/sign-in`, { method: 'POST', redirect: 'manual', headers: FORM, body });
      assert.equal(res.status, 400, body);
      assert.match(await res.text(), /Enter the email address and password of your account/);
    }
    const empty = await post('/dashboard/sign-in', { email: '', password: '' });
    assert.equal(empty.status, 400);
    const emptyText = await empty.text();
    assert.match(emptyText, /Enter your email address/);
    assert.match(emptyText, /Enter your password/);
    assert.match(emptyText, /href="#email"/, 'the summary links to the field');
  });

  test('signed in: an HttpOnly SameSite=Lax cookie whose token is stored only as its digest', async () => {
    const res = await post('/dashboard/sign-in', { email: 'Ana@Acme.Example', password: PASSWORD });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/dashboard');
    const [session, browser] = res.headers.getSetCookie();
    assert.match(session, /^payd_session=[A-Za-z0-9_-]{43}; Path=\/dashboard; HttpOnly; SameSite=Lax$/);
    // The known-browser cookie (issue 35): half a year, its token stored only as its digest too.
    assert.match(browser, /^payd_browser=[A-Za-z0-9_-]{43}; Path=\/dashboard; Max-Age=15552000; HttpOnly; SameSite=Lax$/);
    assert.equal(sql(payd, `SELECT count(*) FROM known_browsers WHERE digest = '${browser.split(';')[0].split('=')[1]}'`), '0');
    const cookie = cookieOf(res);
    const token = cookie.split('=')[1];
    const page = await get('/dashboard', cookie);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Signed in as <strong>ana<\/strong>/);
    assert.match(html, /owner/);
    assert.equal((await get('/dashboard/sign-in', cookie)).headers.get('location'), '/dashboard');
    assert.equal(sql(payd, `SELECT count(*) FROM sessions WHERE digest = '${token}'`), '0', 'the token is not stored');
    assert.equal(sql(payd, "SELECT count(*) FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = 'ana@acme.example')"), '1');
    const audit = sql(payd, `SELECT action FROM audit_log WHERE tenant_id = '${tenant.id}' AND action LIKE 'user.sign_in%' ORDER BY rowid`);
    assert.deepEqual(audit.split('\n'), ['user.sign_in_refused', 'user.sign_in']);
    assert.ok(!sql(payd, 'SELECT after FROM audit_log').includes(PASSWORD));
  });

  test('after 5 failures an address is locked, for a known and an unknown address alike', async () => {
    for (const email of ['lock@acme.example', 'ghost@acme.example']) {
      for (let i = 0; i < 5; i++) {
        assert.equal((await post('/dashboard/sign-in', { email, password: `wrong ${i}` })).status, 400);
      }
      const locked = await post('/dashboard/sign-in', { email, password: PASSWORD });
      assert.equal(locked.status, 429, email);
      const wait = Number(locked.headers.get('retry-after'));
      assert.ok(wait > 0 && wait <= 30, `Retry-After ${wait}`);
      assert.match(await locked.text(), /Too many attempts to sign in\. Wait 1 minute/);
    }
    // Another address from the same client is not locked (20 failures would be).
    assert.equal((await post('/dashboard/sign-in', { email: 'bo@acme.example', password: PASSWORD })).status, 303);
  });

  test('forms from another site are refused and change nothing', async () => {
    const cookie = await signIn('bo@acme.example');
    for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }]) {
      const res = await post('/dashboard/sign-out', { csrf: await csrfOf(cookie) }, { cookie, headers });
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.match(await res.text(), /This form was refused/);
      const signIn = await post('/dashboard/sign-in', { email: 'bo@acme.example', password: PASSWORD }, { headers });
      assert.equal(signIn.status, 403);
    }
    const noToken = await post('/dashboard/sign-out', {}, { cookie });
    assert.equal(noToken.status, 403);
    const badToken = await post('/dashboard/sign-out', { csrf: 'x'.repeat(43) }, { cookie });
    assert.equal(badToken.status, 403);
    assert.equal((await get('/dashboard', cookie)).status, 200, 'still signed in');

    const out = await post('/dashboard/sign-out', { csrf: await csrfOf(cookie) }, { cookie, headers: { Origin: payd.url } });
    assert.equal(out.status, 303);
    assert.equal(out.headers.get('location'), '/dashboard/sign-in');
    assert.match(out.headers.get('set-cookie'), /^payd_session=; Path=\/dashboard; Max-Age=0;/);
    assert.equal((await get('/dashboard', cookie)).status, 303, 'the session ended');
  });

  test('sign out everywhere, and a disabled person, end every session at once', async () => {
    const [first, second] = [await signIn('bo@acme.example'), await signIn('bo@acme.example')];
    const out = await post('/dashboard/sign-out', { csrf: await csrfOf(first), everywhere: '1' }, { cookie: first });
    assert.equal(out.status, 303);
    assert.equal((await get('/dashboard', second)).status, 303);

    const cookie = await signIn('bo@acme.example');
    payd.admin(['user', 'disable', 'bo@acme.example']);
    assert.equal((await get('/dashboard', cookie)).status, 303, 'disabled: signed out');
    assert.equal((await post('/dashboard/sign-in', { email: 'bo@acme.example', password: PASSWORD })).status, 400);
    payd.admin(['user', 'enable', 'bo@acme.example']);
    assert.equal((await get('/dashboard', cookie)).status, 303, 'the ended session stays ended');
  });

  test('a one-time link: choose a password (the rules say why not), signed in, then the link is spent', async () => {
    const invited = payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'cy@acme.example', '--role', 'developer',
      '--name', '<img src=x onerror=alert(1)>']);
    assert.equal(invited.status, 'invited');
    // This payd picks its port at start and has no public_url: the CLI cannot know the
    // server's address, so the link is the path alone.
    assert.match(invited.signInUrl, /^\/dashboard\/link\?token=[A-Za-z0-9_-]{43}$/);
    const url = new URL(invited.signInUrl, payd.url);
    const token = url.searchParams.get('token');
    const page = await get(`${url.pathname}${url.search}`);
    assert.equal(page.status, 200);
    const form = await page.text();
    assert.match(form, /Choose your password/);
    assert.match(form, /cy@acme\.example/);

    const weak = await post('/dashboard/link', { token, password: 'password1234' });
    assert.equal(weak.status, 400);
    assert.match(await weak.text(), /Password is one of the most used passwords/);
    const short = await post('/dashboard/link', { token, password: 'short' });
    assert.match(await short.text(), /Password must be at least 12 characters/);

    const chosen = await post('/dashboard/link', { token, password: 'a garden of quiet numbers' });
    assert.equal(chosen.status, 303);
    const cookie = cookieOf(chosen);
    const overview = await (await get('/dashboard', cookie)).text();
    assert.ok(!overview.includes('<img src=x'), 'the name is escaped');
    assert.match(overview, /&lt;img src=x onerror=alert\(1\)&gt;/);

    assert.equal((await get(`${url.pathname}${url.search}`)).status, 404, 'used once');
    assert.equal((await post('/dashboard/link', { token, password: 'another quiet garden' })).status, 404);
    assert.equal((await get('/dashboard/link?token=nothing')).status, 404);
    assert.equal((await signIn('cy@acme.example', 'a garden of quiet numbers')).startsWith('payd_session='), true);

    // A reset link ends the older one; using it ends the person's sessions.
    const first = new URL(payd.admin(['user', 'reset', 'cy@acme.example']).signInUrl, payd.url);
    const second = new URL(payd.admin(['user', 'reset', 'cy@acme.example']).signInUrl, payd.url);
    assert.equal((await get(`${first.pathname}${first.search}`)).status, 404, 'replaced by the newer link');
    assert.match(await (await get(`${second.pathname}${second.search}`)).text(), /Choose a new password/);
    const reset = await post('/dashboard/link', { token: second.searchParams.get('token'), password: 'the third quiet garden' });
    assert.equal(reset.status, 303);
    assert.equal((await get('/dashboard', cookie)).status, 303, 'the older session ended');
  });

  test('another path under /dashboard: the 404 page for a browser, the JSON error for others', async () => {
    const page = await get('/dashboard/nothing/here', null, { Accept: 'text/html' });
    assert.equal(page.status, 404);
    assert.match(await page.text(), /Page not found/);
    const json = await get('/dashboard/nothing');
    assert.equal(json.status, 404);
    assert.equal((await json.json()).error.code, 'not_found');
  });
});

// Issue 35: whoever knows an address could lock its owner out. On a payd of its own, so that
// the other tests' failures from this client do not count here.
describe('dashboard sign-in from a known browser', () => {
  let payd, get, post;
  before(async () => {
    payd = preparePayd();
    const tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'known@acme.example', '--role', 'viewer', '--password-stdin'], { input: `${PASSWORD}\n` });
    await launch(payd);
    ({ get, post } = dashboardClient(payd));
  });
  after(() => payd?.cleanup());

  test('a browser its person signed in from is not locked out by guesses at the address', async () => {
    const first = await post('/dashboard/sign-in', { email: 'known@acme.example', password: PASSWORD });
    assert.equal(first.status, 303);
    const browser = first.headers.getSetCookie().find((c) => c.startsWith('payd_browser=')).split(';')[0];
    for (let i = 0; i < 5; i++) {
      assert.equal((await post('/dashboard/sign-in', { email: 'known@acme.example', password: `guess ${i}` })).status, 400);
    }
    assert.equal((await post('/dashboard/sign-in', { email: 'known@acme.example', password: PASSWORD })).status, 429, 'another browser');
    const back = await post('/dashboard/sign-in', { email: 'known@acme.example', password: PASSWORD }, { headers: { Cookie: browser } });
    assert.equal(back.status, 303, 'the known browser');
    assert.equal((await get('/dashboard', cookieOf(back))).status, 200);
  });
});
