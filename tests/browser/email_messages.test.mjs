// Every message payd sends (issue 39), as a mail client shows it: `payd email test
// --every-message` sends an example of each (domain/email/examples.h, built by the functions
// that build the real ones) through a real SMTP server on loopback. Each HTML part, opened in
// Chromium, has no sideways scroll from 320 to 1280 px, is axe-clean and is saved as a
// screenshot at phone and desktop widths to look at; each text part has its links, no placeholder left and no line twice.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { stopAll } from '../e2e/lib/cleanup.mjs';
import { OFFLINE_LOCALNET, PAYD_BIN, preparePayd } from '../e2e/lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate } from '../e2e/lib/smtp.mjs';
import { browserForSuite, checkState, WIDTHS } from './lib/browser.mjs';

const ACCOUNT = 'Boutique Éloïse';
// Each message, in the order payd sends the examples, and its subject (web/i18n/en.json).
const MESSAGES = [
  ['test', 'Test message from payd'],
  ['invitation', `Bo invited you to ${ACCOUNT}`],
  ['password_reset', `Your sign-in link for ${ACCOUNT}`],
  ['payment_received', 'Payment received: 25.000013 USDC'],
  ['needs_decision', 'A payment needs your decision: 40.000027 USDC'],
  ['refund_confirmed', 'Refund confirmed: 12.5 USDC'],
  ['payout_changed', 'The payout address of Web shop is changing'],
  ['new_sign_in', `New sign-in to ${ACCOUNT}`],
  ['webhook_failing', `A webhook endpoint of ${ACCOUNT} was disabled`],
  ['chain_problem', `payd cannot watch Localnet for ${ACCOUNT}`],
  ['receipt', `Your receipt from ${ACCOUNT}: 19.990007 USDC`],
  ['daily_summary', `Daily summary for ${ACCOUNT}: 2 payments received`],
];

describe('every message payd sends, in a browser', () => {
  const browser = browserForSuite();
  let dir, relay, payd, sent;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-messages-'));
    const tls = throwawayCertificate(dir);
    relay = await startRelay({ key: tls.key, cert: tls.cert });
    payd = preparePayd({ config: `${OFFLINE_LOCALNET}\n[email]\n${emailSettings(relay.port, tls.caFile)}`,
      env: { PAYD_PUBLIC_URL: 'https://pay.shop.example' } });
    sent = await new Promise((resolve, reject) => {
      execFile(PAYD_BIN, ['email', 'test', 'ana@shop.example', '--every-message', '--json'],
        { cwd: payd.dir, env: { ...payd.env, PAYD_SMTP_PASSWORD: SMTP_PASSWORD }, encoding: 'utf8', timeout: 60000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message} ${stderr}`)) : resolve(JSON.parse(stdout))));
    });
  });
  after(() => stopAll(() => payd?.cleanup(), () => relay?.close(), () => rmSync(dir, { recursive: true, force: true })));

  test('one example of each message, with its subject, its links and nothing left to fill', () => {
    assert.equal(sent.sent, true);
    assert.deepEqual(sent.messages.map((m) => m.subject), MESSAGES.map(([, subject]) => subject));
    assert.equal(relay.received.length, MESSAGES.length);
    for (const [i, [name]] of MESSAGES.entries()) {
      const m = relay.received[i].parsed;
      assert.ok(!m.text.includes('{') && !m.html.includes('{'), `${name}: a placeholder left`);
      if (name !== 'test') assert.match(m.text, /https:\/\/pay\.shop\.example\//, `${name}: a link to payd`);
      const lines = m.text.split('\n').map((l) => l.trim()).filter(Boolean);
      assert.deepEqual(lines.filter((l, k) => lines.indexOf(l) !== k), [], `${name}: a line said twice`);
      if (name === 'webhook_failing') assert.equal(m.text.split('answered 410 Gone').length, 2, 'why it was disabled, once');
    }
  });

  for (const [width, viewport] of WIDTHS) {
    test(`each message's HTML part, a screenshot at ${width} width: no sideways scroll at 320-1280 px, axe-clean`, async () => {
      const page = await (await browser.newContext({ viewport })).newPage();
      for (const [i, [name]] of MESSAGES.entries()) {
        await page.setContent(relay.received[i].parsed.html);
        await checkState(page, `email-${width}`, name);
      }
    });
  }
});
