// The email outbox (issue 39 items 1 and 4, DECISIONS §18) against a real SMTP server on
// loopback (lib/smtp.mjs): an invitation goes to the person by email and not on the owner's
// screen, and its link signs them in; a relay that refuses for a while (451) gets the message
// once it takes it, each attempt logged and the dashboard's email settings saying how it went;
// a message survives a SIGKILL between attempts; only admins and owners send a test message;
// nothing secret stays in the database once a message is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { cookieOf, dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { launch, OFFLINE_LOCALNET, preparePayd } from './lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

const PEOPLE = '/dashboard/settings/people';
const GENERAL = '/dashboard/settings/general';

describe('the email outbox', () => {
  let dir, tls, relay, payd, get, post, signIn, csrfOf, ana;
  const to = (address) => relay.received.filter((m) => m.envelope.rcptTo.some((r) => r.address === address));
  const attemptsOf = (id) => payd.logs.filter((l) => l.msg === 'email attempt' && l.emailId === id);
  const newestEmailId = () => sql(payd, 'SELECT id FROM email_outbox ORDER BY created_at DESC, id DESC LIMIT 1');
  const sendTestEmail = async (cookie) => post(`${GENERAL}/test-email`, { csrf: await csrfOf(cookie, GENERAL) }, { cookie });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-outbox-'));
    tls = throwawayCertificate(dir);
    relay = await startRelay({ key: tls.key, cert: tls.cert });
    // Retries a second apart, so that a relay refusing for a while is waited out in seconds.
    const email = emailSettings(relay.port, tls.caFile, 'retry_schedule_s = [1, 1, 1, 1, 1]\n');
    payd = preparePayd({ config: `${OFFLINE_LOCALNET}\n[email]\n${email}`, env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD } });
    const tenant = payd.admin(['tenant', 'create', '--name', 'Boutique <Éloïse>']);
    for (const [email, role, name] of [['ana@acme.example', 'owner', 'Ana'], ['vic@acme.example', 'viewer', 'Vic']]) {
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', email, '--role', role, '--name', name, '--password-stdin'],
        { input: `${PASSWORD}\n` });
    }
    await launch(payd);
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    // Ana signs in once: a browser payd never saw, so she is told by email (a security
    // message); the tests below count her messages from there.
    ana = await signIn('ana@acme.example');
    const [told] = await eventually(() => to('ana@acme.example').length && to('ana@acme.example'), { what: 'the new sign-in message' });
    assert.equal(told.parsed.subject, 'New sign-in to Boutique <Éloïse>');
    assert.match(told.parsed.text, /Someone signed in to the payment dashboard of Boutique <Éloïse> as ana@acme\.example from a browser not seen before: from 127\.0\.0\.1, on /);
    assert.equal(unsubscribeUrlOf(told), null, 'a security message cannot be turned off');
  });
  after(() => stopAll(() => payd?.cleanup(), () => relay?.close(), () => rmSync(dir, { recursive: true, force: true })));

  test('an invitation goes by email, not on the screen, and its link signs the person in', async () => {
    const invited = await post(`${PEOPLE}/invite`, { csrf: await csrfOf(ana, PEOPLE), email: 'cy@acme.example', name: 'Cy', role: 'developer' },
      { cookie: ana });
    assert.equal(invited.status, 200);
    const page = await invited.text();
    assert.match(page, /The invitation is on its way to cy@acme\.example\./);
    assert.ok(!page.includes('/dashboard/link?token='), 'the owner does not see the link');

    const [mail] = await eventually(() => to('cy@acme.example').length && to('cy@acme.example'), { what: 'the invitation' });
    const m = mail.parsed;
    assert.equal(m.subject, 'Ana invited you to Boutique <Éloïse>');
    assert.match(m.text, /Ana gave you the developer role on the payment dashboard of Boutique <Éloïse>\./);
    const url = m.text.match(/(http:\/\/127\.0\.0\.1:\d+\/dashboard\/link\?token=[A-Za-z0-9_-]{43})/)[1];
    assert.ok(m.html.includes(`href="${url}"`), 'the button is the same link');
    assert.match(m.html, /Boutique &lt;Éloïse&gt;/, 'the account name is escaped in HTML');
    assert.ok(!m.html.includes('<Éloïse>'));
    assert.equal(unsubscribeUrlOf(mail), null, 'a sign-in link is a security message');
    const token = new URL(url).searchParams.get('token');
    assert.ok(!mail.raw.includes(SMTP_PASSWORD));
    assert.ok(!payd.logs.some((l) => l.raw.includes(token)), 'the link is never logged');
    // Once sent, neither the address nor the link stays in the outbox.
    await eventually(() => sql(payd, "SELECT COUNT(*) FROM email_outbox WHERE template = 'invitation' AND status = 'SENT'") === '1',
      { what: 'the message recorded as sent' });
    assert.equal(sql(payd, 'SELECT COUNT(*) FROM email_outbox WHERE model IS NOT NULL OR recipient IS NOT NULL'), '0');

    const chosen = await post('/dashboard/link', { token, password: 'a garden of quiet numbers' });
    assert.equal(chosen.status, 303);
    assert.equal((await get('/dashboard', cookieOf(chosen))).status, 200);
  });

  test('a relay that refuses for a while gets the message once it takes it, and the settings page says how it went', async () => {
    const before = to('ana@acme.example').length;
    relay.refuse(2);
    const sent = await sendTestEmail(ana);
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), `${GENERAL}#email`);
    const id = newestEmailId();
    await eventually(() => to('ana@acme.example').length > before, { timeout: 20000, what: 'the test message after two refusals' });
    const [mail] = to('ana@acme.example').slice(before);
    assert.equal(mail.parsed.subject, 'Test message from payd');
    assert.match(mail.parsed.text, /This test message was asked for by Ana\./);
    await eventually(() => attemptsOf(id).length === 3, { what: 'three attempts logged' });
    assert.deepEqual(attemptsOf(id).map((l) => [l.outcome, l.smtpCode ?? null]), [['retrying', 451], ['retrying', 451], ['sent', 250]]);
    for (const l of attemptsOf(id)) {
      assert.equal(l.toDomain, 'acme.example', 'the log names the domain, not the person');
      assert.ok(!l.raw.includes('ana@acme.example'));
    }
    const settings = await (await get(GENERAL, ana)).text();
    const row = settings.slice(settings.indexOf('<h3 id="email-caption">'));
    assert.match(row, /<td data-label="Message">Test message<\/td>\s*<td data-label="Status"><span class="tag tag-email-sent">sent<\/span>[^]*?<td data-label="Attempts">3<\/td>/);
    assert.match(row, /<td data-label="Message">Invitation<\/td>/);
  });

  test('a message survives a SIGKILL between its attempts and goes after the restart', async () => {
    const before = to('ana@acme.example').length;
    relay.refuse(1000);
    assert.equal((await sendTestEmail(ana)).status, 303);
    const id = newestEmailId();
    await eventually(() => attemptsOf(id).length >= 1, { what: 'a refused attempt' });
    await payd.stop('SIGKILL');
    relay.refuse(0);
    await launch(payd);
    await eventually(() => to('ana@acme.example').length > before, { timeout: 20000, what: 'the message after the restart' });
    await eventually(() => attemptsOf(id).some((l) => l.outcome === 'sent'), { what: 'the sent attempt logged' });
    assert.equal(to('ana@acme.example').length, before + 1, 'sent once');
  });

  test('a viewer may not send a test message', async () => {
    const vic = await signIn('vic@acme.example');
    const queued = sql(payd, 'SELECT COUNT(*) FROM email_outbox');
    const page = await (await get(GENERAL, vic)).text();
    assert.ok(!page.includes('/test-email'), 'the button is not offered');
    const res = await post(`${GENERAL}/test-email`, { csrf: await csrfOf(vic, GENERAL) }, { cookie: vic });
    assert.equal(res.status, 403);
    assert.equal(sql(payd, 'SELECT COUNT(*) FROM email_outbox'), queued, 'nothing queued');
  });
});
