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
