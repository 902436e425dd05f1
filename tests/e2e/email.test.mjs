// Sending email (issue 39 item 1, DECISIONS §18) against a real SMTP server on loopback
// (npm smtp-server) with a throwaway certificate, each message parsed by mailparser:
// STARTTLS required on smtp:// and authentication only after it, TLS at once on smtps://, the
// certificate verified, a wrong password or a server without STARTTLS refused in one clear
// line that never holds the password, and the message itself (multipart plain text and HTML,
// From with a name in any script, Date, Message-ID). `payd email test` sends at once.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { stopAll } from './lib/cleanup.mjs';
import { OFFLINE_LOCALNET, PAYD_BIN, preparePayd } from './lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD as PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

// A payd command run without blocking this process: the SMTP servers it talks to live here.
function run(payd, args, env = {}) {
  return new Promise((resolve) => {
    execFile(PAYD_BIN, args, { cwd: payd.dir, env: { ...payd.env, ...env }, encoding: 'utf8', timeout: 60000 },
      (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }));
  });
}

describe('sending email', () => {
  let dir, tls, starttls, implicit, plain;
  const prepared = [];
  const config = (email) => `${OFFLINE_LOCALNET}\n[email]\n${email}\n`;
  const emailTest = (email, { password = PASSWORD, to = 'ana@shop.example' } = {}) => {
    const payd = preparePayd({ config: config(email) });
    prepared.push(payd);
    return run(payd, ['email', 'test', to, '--json'], { PAYD_SMTP_PASSWORD: password });
  };
  const settings = (port, extra = '') => emailSettings(port, tls.caFile, extra);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-smtp-'));
    tls = throwawayCertificate(dir);
    starttls = await startRelay({ key: tls.key, cert: tls.cert });
    implicit = await startRelay({ key: tls.key, cert: tls.cert, secure: true });
    plain = await startRelay({ hideSTARTTLS: true, allowInsecureAuth: true });
  });
  after(() => stopAll(...prepared.map((p) => () => p.cleanup()), () => starttls?.close(), () => implicit?.close(),
    () => plain?.close(), () => rmSync(dir, { recursive: true, force: true })));

  test('STARTTLS, then authentication, then one multipart message with its headers', async () => {
    const before = Date.now();
    const r = await emailTest(settings(starttls.port));
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.sent, true);
    assert.equal(starttls.received.length, 1);
    const [mail] = starttls.received;
    assert.deepEqual(starttls.logins, [{ username: 'payd', secure: true }], 'logged in only once encrypted');
    assert.equal(mail.secure, true);
    assert.equal(mail.envelope.mailFrom.address, 'payd@shop.example');
    assert.deepEqual(mail.envelope.rcptTo.map((t) => t.address), ['ana@shop.example']);
    const m = mail.parsed;
    assert.deepEqual(m.from.value, [{ address: 'payd@shop.example', name: 'Boutique Éloïse' }]);
    assert.equal(m.to.text, 'ana@shop.example');
    assert.equal(m.subject, 'Test message from payd');
    assert.match(m.text, /This test message was asked for by the operator\. If you can read it, the email settings work\./);
    assert.match(m.html, /<h1[^>]*>payd can send email<\/h1>/);
    assert.match(m.text, /Sent by Boutique Éloïse through payd\./);
    assert.match(mail.raw, /Content-Type: multipart\/alternative/);
    assert.equal(m.messageId, out.messageId);
    assert.match(m.messageId, /^<[0-9a-f]{32}@shop\.example>$/);
    assert.ok(m.date.getTime() >= before - 2000 && m.date.getTime() <= Date.now() + 2000, `Date ${m.date}`);
    assert.equal(unsubscribeUrlOf(mail), null, 'an operator\'s test is nothing to unsubscribe from');
    for (const text of [mail.raw, r.stdout, r.stderr]) assert.ok(!text.includes(PASSWORD), 'the password appears nowhere');
  });

  test('smtps:// speaks TLS from the first byte', async () => {
    const r = await emailTest(settings(implicit.port).replace('smtp://', 'smtps://'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(implicit.received.length, 1);
    assert.equal(implicit.received[0].secure, true);
  });

  test('refusals say why in one line, never with the password, and send nothing', async () => {
    const sent = () => starttls.received.length + plain.received.length;
    const before = sent();
    const cases = [
      // The same settings with the right password passed above: the password is at fault.
      [await emailTest(settings(starttls.port), { password: 'wrong-password-77' }), /Login denied.*\(SMTP 535\)/],
      // A server that offers no STARTTLS is not spoken to in the clear.
      [await emailTest(settings(plain.port)), /SSL|TLS/],
      // Without the throwaway CA, the certificate is not trusted.
      [await emailTest(settings(starttls.port).replace(/ca_file = .*\n/, '')), /certificate|SSL/i],
    ];
    for (const [r, why] of cases) {
      assert.equal(r.status, 1, r.stdout);
      assert.match(r.stderr, /^error: email to ana@shop\.example through smtp:\/\/127\.0\.0\.1:\d+ failed: /);
      assert.match(r.stderr, why);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.ok(!r.stderr.includes(PASSWORD) && !r.stderr.includes('wrong-password-77'));
    }
    assert.equal(sent(), before, 'nothing delivered');
  });

  test('the settings are checked when payd reads them', async () => {
    for (const [email, why] of [
      [`smtp_url = "smtp://127.0.0.1:25"\nfrom = "payd@shop.example"\npassword = "${PASSWORD}"`, /email\.password.*PAYD_SMTP_PASSWORD/],
      ['smtp_url = "http://127.0.0.1:25"\nfrom = "payd@shop.example"', /email\.smtp_url/],
      ['smtp_url = "smtp://127.0.0.1:25"', /email\.from.*required/],
      ['smtp_url = "smtp://127.0.0.1:25"\nfrom = "payd <payd@shop.example>"', /email\.from/],
    ]) {
      const r = await emailTest(email);
      assert.equal(r.status, 1, r.stdout);
      assert.match(r.stderr, why);
      assert.ok(!r.stderr.includes(PASSWORD));
    }
    const off = preparePayd({ config: OFFLINE_LOCALNET });
    prepared.push(off);
    const r = off.adminRaw(['email', 'test', 'ana@shop.example']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /email is off/);
  });

  test('an example of every message, in a language of the catalogs (tests/browser/email_messages shows them)', async () => {
    const before = starttls.received.length;
    const payd = preparePayd({ config: config(settings(starttls.port)) });
    prepared.push(payd);
    const examples = (lang) => run(payd, ['email', 'test', 'ana@shop.example', '--every-message', '--lang', lang, '--json'],
      { PAYD_SMTP_PASSWORD: PASSWORD });
    const refused = await examples('xx');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /--lang must be one of the catalogs' languages: de, en, es, fr/);
    assert.equal(starttls.received.length, before, 'nothing sent');
    const r = await examples('fr');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.messages.length, 12);
    assert.equal(starttls.received.length, before + 12);
    assert.ok(out.messages.some((m) => m.subject === 'Message de test de payd'), out.messages.map((m) => m.subject).join('\n'));
  });
});
