// Two-factor sign-in on the dashboard (issue 18 item 1), over HTTP as a
// browser's forms send it. The codes come from npm `otpauth`, an
// implementation of RFC 6238 independent of payd's: what the QR code holds
// must work in a real authenticator. Enrolment shows ten recovery codes once;
// a password alone then opens only the wait for a code; a code works once; a
// recovery code works once; wrong codes lock like wrong passwords.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import * as OTPAuth from 'otpauth';

import { cookieOf, dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { eventually } from './lib/chain.mjs';
import { launch, preparePayd } from './lib/payd.mjs';

// An authenticator app's code; `stepsAhead` 1 is the next 30-second step
// (payd accepts one step either side, and a step's code only once).
const codeOf = (secret, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe('dashboard two-factor sign-in', () => {
  let payd, tenant, get, post, signIn, csrfOf;
  before(async () => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    for (const [email, role] of [['ana@acme.example', 'owner'], ['bo@acme.example', 'viewer']]) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => payd?.cleanup());

  // Ana's secret and recovery codes, once she has set up her app.
  let secret, recoveryCodes;

  test('setting up: a QR code with an otpauth URI, the first code confirms, ten recovery codes shown once', async () => {
    const cookie = await signIn('ana@acme.example');
    const off = await (await get('/dashboard/two-factor', cookie)).text();
    assert.match(off, /Two-factor sign-in is <strong>off<\/strong>/);
    const started = await post('/dashboard/two-factor/start', { csrf: await csrfOf(cookie) }, { cookie });
    assert.equal(started.status, 303);
    assert.equal(started.headers.get('location'), '/dashboard/two-factor');
    const setup = await (await get('/dashboard/two-factor', cookie)).text();
    assert.match(setup, /<svg[^>]*id="totp-qr"/);
    secret = setup.match(/id="totp-secret">([A-Z2-7 ]+)</)[1].replaceAll(' ', '');
    assert.equal(secret.length, 32, '160 bits in base32');
    assert.equal(sql(payd, "SELECT count(*) FROM second_factors WHERE enabled_at IS NULL"), '1');

    const csrf = await csrfOf(cookie, '/dashboard/two-factor');
    const wrong = await post('/dashboard/two-factor/confirm', { csrf, code: '000000' === codeOf(secret) ? '111111' : '000000' }, { cookie });
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /Enter the 6-digit code your authenticator app shows now/);
    const right = await post('/dashboard/two-factor/confirm', { csrf, code: codeOf(secret) }, { cookie });
    assert.equal(right.status, 200);
    assert.equal(right.headers.get('cache-control'), 'no-store');
    const page = await right.text();
    recoveryCodes = [...page.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]);
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    assert.match(await (await get('/dashboard/two-factor', cookie)).text(), /on<\/strong> since/);
    // Only digests of the recovery codes are stored; no audit row holds a secret.
    const stored = sql(payd, 'SELECT digest FROM recovery_codes');
    assert.ok(recoveryCodes.every((code) => !stored.includes(code)));
    const audit = sql(payd, `SELECT action || ' ' || coalesce(after, '') FROM audit_log WHERE tenant_id = '${tenant.id}'`);
    assert.match(audit, /user\.two_factor_on/);
    assert.ok(!audit.includes(secret));
  });

  test('a password alone opens only the wait for the code; the code signs in, once', async () => {
    const first = await post('/dashboard/sign-in', { email: 'ana@acme.example', password: PASSWORD });
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), '/dashboard/sign-in/code');
    const waiting = cookieOf(first);
    assert.equal((await get('/dashboard', waiting)).status, 303, 'not signed in yet');
    assert.equal((await get('/dashboard/two-factor', waiting)).headers.get('location'), '/dashboard/sign-in');
    const form = await get('/dashboard/sign-in/code', waiting);
    assert.equal(form.status, 200);
    const csrf = (await form.text()).match(/name="csrf" value="([^"]+)"/)[1];

    const crossSite = await post('/dashboard/sign-in/code', { csrf, code: codeOf(secret, 1) }, { cookie: waiting, headers: { Origin: 'https://evil.example' } });
    assert.equal(crossSite.status, 403);
    const wrong = await post('/dashboard/sign-in/code', { csrf, code: 'aaaaa-aaaaa' }, { cookie: waiting });
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /or an unused recovery code/);

    // The enrolment used this step's code: the next step's is the one still unused.
    const code = codeOf(secret, 1);
    const signedIn = await post('/dashboard/sign-in/code', { csrf, code }, { cookie: waiting });
    assert.equal(signedIn.status, 303);
    assert.equal(signedIn.headers.get('location'), '/dashboard');
    const cookie = cookieOf(signedIn);
    assert.notEqual(cookie, waiting, 'a new token once signed in');
    assert.equal((await get('/dashboard', cookie)).status, 200);
    assert.equal((await get('/dashboard/sign-in/code', waiting)).status, 303, 'the wait is over');

    const again = cookieOf(await post('/dashboard/sign-in', { email: 'ana@acme.example', password: PASSWORD }));
    const againCsrf = (await (await get('/dashboard/sign-in/code', again)).text()).match(/name="csrf" value="([^"]+)"/)[1];
    const replay = await post('/dashboard/sign-in/code', { csrf: againCsrf, code }, { cookie: again });
    assert.equal(replay.status, 400, 'a code works once');
  });

  test('a recovery code works once, in any case and with or without its dash', async () => {
    const useCode = async (typed) => {
      const waiting = cookieOf(await post('/dashboard/sign-in', { email: 'ana@acme.example', password: PASSWORD }));
      const csrf = (await (await get('/dashboard/sign-in/code', waiting)).text()).match(/name="csrf" value="([^"]+)"/)[1];
      return post('/dashboard/sign-in/code', { csrf, code: typed }, { cookie: waiting });
    };
    const typed = recoveryCodes[0].toUpperCase().replace('-', ' ');
    assert.equal((await useCode(typed)).status, 303);
    assert.equal((await useCode(recoveryCodes[0])).status, 400, 'used up');
    assert.equal(sql(payd, 'SELECT count(*) FROM recovery_codes WHERE used_at IS NULL'), '9');
  });

  test("a reset link asks for the second factor: the link alone signs no one in", async () => {
    const url = new URL(payd.admin(['user', 'reset', 'ana@acme.example']).signInUrl, payd.url);
    const token = url.searchParams.get('token');
    const page = await (await get(`/dashboard/link?token=${token}`)).text();
    assert.match(page, /<label class="label" for="code">Code from your authenticator app<\/label>/);
    const alone = await post('/dashboard/link', { token, password: PASSWORD });
    assert.equal(alone.status, 400, 'a password and the link are not enough');
    assert.match(await alone.text(), /or an unused recovery code/);
    assert.equal(alone.headers.get('set-cookie'), null, 'no session');
    const wrong = await post('/dashboard/link', { token, password: PASSWORD, code: 'aaaaa-aaaaa' });
    assert.equal(wrong.status, 400);
    assert.equal((await get(`/dashboard/link?token=${token}`)).status, 200, 'the link is still unused');
    const done = await post('/dashboard/link', { token, password: PASSWORD, code: recoveryCodes[9] });
    assert.equal(done.status, 303);
    assert.equal((await get('/dashboard', cookieOf(done))).status, 200);
    assert.equal((await get(`/dashboard/link?token=${token}`)).status, 404, 'used up');
  });

  test('turning it off needs the password; then a password alone signs in again', async () => {
    const waiting = cookieOf(await post('/dashboard/sign-in', { email: 'ana@acme.example', password: PASSWORD }));
    const codeCsrf = (await (await get('/dashboard/sign-in/code', waiting)).text()).match(/name="csrf" value="([^"]+)"/)[1];
    const cookie = cookieOf(await post('/dashboard/sign-in/code', { csrf: codeCsrf, code: recoveryCodes[1] }, { cookie: waiting }));
    const csrf = await csrfOf(cookie, '/dashboard/two-factor');
    const wrong = await post('/dashboard/two-factor/off', { csrf, password: 'not my password' }, { cookie });
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /The password is not right/);
    const renewed = await post('/dashboard/two-factor/recovery-codes', { csrf, password: PASSWORD }, { cookie });
    assert.equal(renewed.status, 200);
    assert.equal([...(await renewed.text()).matchAll(/<li><code>/g)].length, 10);
    assert.equal(sql(payd, 'SELECT count(*) FROM recovery_codes WHERE used_at IS NULL'), '10', 'the old ones replaced');
    const off = await post('/dashboard/two-factor/off', { csrf, password: PASSWORD }, { cookie });
    assert.equal(off.status, 303);
    assert.equal((await post('/dashboard/sign-in', { email: 'ana@acme.example', password: PASSWORD })).headers.get('location'), '/dashboard');
  });

  test('wrong codes lock the account like wrong passwords', async () => {
    const cookie = await signIn('bo@acme.example');
    await post('/dashboard/two-factor/start', { csrf: await csrfOf(cookie) }, { cookie });
    const bosSecret = (await (await get('/dashboard/two-factor', cookie)).text()).match(/id="totp-secret">([A-Z2-7 ]+)</)[1].replaceAll(' ', '');
    const csrf = await csrfOf(cookie, '/dashboard/two-factor');
    assert.equal((await post('/dashboard/two-factor/confirm', { csrf, code: codeOf(bosSecret) }, { cookie })).status, 200);
    const waiting = cookieOf(await post('/dashboard/sign-in', { email: 'bo@acme.example', password: PASSWORD }));
    const codeCsrf = (await (await get('/dashboard/sign-in/code', waiting)).text()).match(/name="csrf" value="([^"]+)"/)[1];
    for (let i = 0; i < 5; i++) {
      assert.equal((await post('/dashboard/sign-in/code', { csrf: codeCsrf, code: `wrong-${i}` }, { cookie: waiting })).status, 400);
    }
    const locked = await post('/dashboard/sign-in/code', { csrf: codeCsrf, code: codeOf(bosSecret, 1) }, { cookie: waiting });
    assert.equal(locked.status, 429);
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
    assert.match(await locked.text(), /Too many attempts to sign in/);
  });
});

// Issue 34 item 4: the code's time steps only go forward; the first code at an enrolment the
// owner's rule forces is the enrolment's (and used up); turning two factors on ends the person's
// other sessions, an owner's reset ends them all.
describe('dashboard two-factor: steps, enrolment at sign-in, sessions', () => {
  let payd, tenant, get, post, signIn, csrfOf, anaSecret;
  const secretOf = async (cookie) => (await (await get('/dashboard/two-factor', cookie)).text()).match(/id="totp-secret">([A-Z2-7 ]+)</)[1].replaceAll(' ', '');
  const person = (email, role = 'viewer') =>
    payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
  // Sets up `cookie`'s person's app, confirmed with the code `stepsAhead` steps from now; its secret.
  const enrol = async (cookie, stepsAhead = 0) => {
    assert.equal((await post('/dashboard/two-factor/start', { csrf: await csrfOf(cookie, '/dashboard/two-factor') }, { cookie })).status, 303);
    const secret = await secretOf(cookie);
    const confirmed = await post('/dashboard/two-factor/confirm', { csrf: await csrfOf(cookie, '/dashboard/two-factor'), code: codeOf(secret, stepsAhead) }, { cookie });
    assert.equal(confirmed.status, 200, 'the code confirms it');
    return secret;
  };
  // A password, then `code` on the wait's form: the answer to the code.
  const withCode = async (email, code) => {
    const waiting = cookieOf(await post('/dashboard/sign-in', { email, password: PASSWORD }));
    const csrf = (await (await get('/dashboard/sign-in/code', waiting)).text()).match(/name="csrf" value="([^"]+)"/)[1];
    return post('/dashboard/sign-in/code', { csrf, code }, { cookie: waiting });
  };
  // A code of the last step is refused if a step ends between writing it and payd reading it:
  // not within a step's last 5 seconds.
  const earlyInAStep = () => eventually(() => Date.now() % 30_000 < 25_000, { what: 'a TOTP step with 5 s left', timeout: 6_000, interval: 100 });

  before(async () => {
    payd = preparePayd();
    tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
    person('ana@acme.example', 'owner');
    for (const email of ['cy@acme.example', 'dee@acme.example', 'fay@acme.example']) person(email);
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
  });
  after(() => payd?.close());

  test("a code of an older step is refused once a newer step's code was used", async () => {
    await earlyInAStep();
    // Both enrol with the last step's code; Dee then signs in with this step's (the control: it works).
    const [cySecret, deeSecret] = [await enrol(await signIn('cy@acme.example'), -1), await enrol(await signIn('dee@acme.example'), -1)];
    assert.equal((await withCode('dee@acme.example', codeOf(deeSecret, 0))).status, 303, "this step's code, nothing newer used: accepted");
    // Cy uses the next step's code first: this step's code, older, is then refused (never used itself).
    assert.equal((await withCode('cy@acme.example', codeOf(cySecret, 1))).status, 303);
    const older = await withCode('cy@acme.example', codeOf(cySecret, 0));
    assert.equal(older.status, 400, 'an older step after a newer one');
    assert.match(await older.text(), /or an unused recovery code/);
  });

  test("at the first sign-in under the owner's rule, the first code sets it up, and is used up", async () => {
    const ana = await signIn('ana@acme.example');
    anaSecret = await enrol(ana);
    assert.equal((await post('/dashboard/settings/people/two-factor-rule', { csrf: await csrfOf(ana, '/dashboard/settings/people'), required: '1' }, { cookie: ana })).status, 303);
    person('eve@acme.example');
    const eve = await signIn('eve@acme.example');
    for (const page of ['/dashboard', '/dashboard/payments', '/dashboard/settings/api-keys']) {
      const r = await get(page, eve);
      assert.equal(r.status, 303, page);
      assert.equal(r.headers.get('location'), '/dashboard/two-factor', `${page}: set it up first`);
    }
    await earlyInAStep();
    const secret = await enrol(eve, 0);
    assert.equal((await get('/dashboard', eve)).status, 200, 'in, with the session she enrolled in');
    const replay = await withCode('eve@acme.example', codeOf(secret, 0));
    assert.equal(replay.status, 400, 'the enrolment code does not sign in again');
    assert.equal((await withCode('eve@acme.example', codeOf(secret, 1))).status, 303, "the next step's code does");
  });

  test('turning two factors on ends the other sessions; an owner\'s reset ends them all', async () => {
    const [here, elsewhere] = [await signIn('fay@acme.example'), await signIn('fay@acme.example')];
    assert.equal((await get('/dashboard/two-factor', elsewhere)).status, 200);
    const secret = await enrol(here);
    assert.equal((await get('/dashboard/two-factor', here)).status, 200, 'the session that turned it on stays');
    const ended = await get('/dashboard/two-factor', elsewhere);
    assert.equal(ended.status, 303, 'the other session ended');
    assert.equal(ended.headers.get('location'), '/dashboard/sign-in');

    const later = cookieOf(await withCode('fay@acme.example', codeOf(secret, 1)));
    assert.equal((await get('/dashboard/two-factor', later)).status, 200);
    const ana = cookieOf(await withCode('ana@acme.example', codeOf(anaSecret, 1)));
    const fayId = sql(payd, "SELECT id FROM users WHERE email = 'fay@acme.example'");
    assert.equal((await post(`/dashboard/settings/people/${fayId}/reset-two-factor`, { csrf: await csrfOf(ana, '/dashboard/settings/people') }, { cookie: ana })).status, 404, "not an owner's to remove");
    assert.equal(payd.admin(['user', 'reset-two-factor', 'fay@acme.example']).id, fayId, "the operator's");
    for (const cookie of [here, later]) {
      const r = await get('/dashboard/two-factor', cookie);
      assert.equal(r.status, 303, 'every session of hers ended');
      assert.equal(r.headers.get('location'), '/dashboard/sign-in');
    }
  });
});
