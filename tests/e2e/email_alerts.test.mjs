// What merchants are emailed about (issue 39 item 2, DECISIONS §18), on a real chain (anvil)
// with a real SMTP server (lib/smtp.mjs): a payment received reaches the owner and the admin
// (their role's default) and not the developer, with the amount as the intent says, the chain,
// the transaction and a dashboard link that opens; a transfer nothing matched is a payment that
// needs a decision; the account's name is escaped in HTML; a message's one-click link (RFC 8058,
// as a mail provider sends it) stops that topic for that person and no other; a person who
// chose a daily summary gets no message each, then one summary of the day once midnight UTC
// has passed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, createMerchant, launch, startPayd } from './lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

const ACCOUNT = 'Boutique <Éloïse> & Co';

describe('merchant alerts by email', () => {
  let dir, relay, chain, payd, shop, dashboard;
  const to = (address) => relay.received.filter((m) => m.envelope.rcptTo.some((r) => r.address === address));
  // Every message queued so far has been sent (or has failed): what has not arrived will not.
  const outboxSettled = () => eventually(() => sql(payd, "SELECT COUNT(*) FROM email_outbox WHERE status IN ('PENDING', 'RETRYING')") === '0',
    { what: 'the outbox sent', timeout: 20000 });
  const pay = async (amountUsd) => {
    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: amountUsd, currency: 'USDC', chainId: 31337 })).json;
    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    return { pi, txHash: receipt.transactionHash };
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-alerts-'));
    const tls = throwawayCertificate(dir);
    relay = await startRelay({ key: tls.key, cert: tls.cert });
    chain = await startChain();
    payd = await startPayd({
      config: `${chainConfig(chain, { confirmations: 1 })}\n[email]\n${emailSettings(relay.port, tls.caFile)}`,
      env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD },
    });
    shop = createMerchant(payd, { name: ACCOUNT });
    for (const [email, role] of [['ana@acme.example', 'owner'], ['bo@acme.example', 'admin'], ['dev@acme.example', 'developer']]) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    dashboard = dashboardClient(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop(), () => relay?.close(), () => rmSync(dir, { recursive: true, force: true })));

  test('a payment received: to the owner and the admin, its figures and a link that opens', async () => {
    const { pi, txHash } = await pay('4.00');
    const [mail] = await eventually(() => to('ana@acme.example').length && to('ana@acme.example'), { what: 'the owner\'s message', timeout: 20000 });
    const m = mail.parsed;
    assert.equal(m.subject, `Payment received: ${pi.amountFormatted} USDC`);
    assert.match(m.text, new RegExp(`^${pi.amountFormatted.replace('.', '\\.')} USDC received$`, 'm'));
    assert.ok(m.text.includes(`Payment ${pi.id} to ${ACCOUNT} is paid and confirmed on Localnet.`), m.text);
    assert.ok(m.text.includes(`Transaction: ${txHash}`), m.text);
    const link = `${payd.url}/dashboard/payments/${pi.id}`;
    assert.ok(m.text.includes(`See the payment: ${link}`), m.text);
    assert.ok(m.html.includes(`href="${link}"`));
    assert.ok(m.html.includes('Boutique &lt;Éloïse&gt; &amp; Co'), 'the account name is escaped');
    assert.ok(!m.html.includes(ACCOUNT));
    assert.ok(!mail.raw.includes(SMTP_PASSWORD));
    // The link opens the payment for a person signed in.
    const ana = await dashboard.signIn('ana@acme.example');
    const page = await dashboard.get(new URL(link).pathname, ana);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes(pi.id));
    // One-click unsubscription, as RFC 8058 asks of a message that can be turned off.
    assert.match(unsubscribeUrlOf(mail), new RegExp(`^${payd.url}/dashboard/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
    assert.match(mail.raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    await eventually(() => to('bo@acme.example').length === 1, { what: 'the admin\'s message' });
    await outboxSettled();
    assert.equal(to('dev@acme.example').length, 0, 'a developer does not get payments by default');
    const payments = to('ana@acme.example').filter((x) => x.parsed.subject.startsWith('Payment received'));
    assert.equal(payments.length, 1, 'one message per payment');
  });

  test('a transfer nothing matched needs a decision', async () => {
    const before = to('ana@acme.example').length;
    const receipt = await chain.payUsdc(PAYOUT, 1_234_567n);
    await chain.mine(1);
    await eventually(() => to('ana@acme.example').length > before, { what: 'the unmatched transfer\'s message', timeout: 20000 });
    const m = to('ana@acme.example').at(-1).parsed;
    assert.equal(m.subject, 'A payment needs your decision: 1.234567 USDC');
    assert.ok(m.text.includes('A transfer of 1.234567 USDC on Localnet reached your payout address and matched no payment.'), m.text);
    assert.ok(m.text.includes(`Transaction: ${receipt.transactionHash}`));
    assert.ok(m.text.includes(`Decide in the dashboard: ${payd.url}/dashboard/payments#unmatched`), m.text);
    await outboxSettled();
  });

  test('each person is written to in the language they chose for the dashboard; the others in English', async () => {
    const de = JSON.parse(readFileSync(new URL('../../web/i18n/de.json', import.meta.url), 'utf8'));
    const cookie = await dashboard.signIn('ana@acme.example');
    const PREFS = '/dashboard/settings/preferences';
    const choose = async (language) => dashboard.post(PREFS, { csrf: await dashboard.csrfOf(cookie, PREFS), language, time_zone: '' }, { cookie });
    assert.equal((await choose('de')).status, 303);
    const { pi } = await pay('3.00');
    // The payment's message to each (the sign-in above sends ana another, in any order).
    const about = (address) => to(address).find((m) => m.parsed.subject.includes(pi.amountFormatted));
    const [ana, bo] = await eventually(() => about('ana@acme.example') && about('bo@acme.example') && [about('ana@acme.example'), about('bo@acme.example')],
      { what: 'both messages about the payment', timeout: 20000 });
    const fill = (text) => text.replace('{amount}', pi.amountFormatted).replace('{currency}', 'USDC');
    assert.equal(ana.parsed.subject, fill(de.email_payment_received_subject));
    assert.notEqual(fill(de.email_payment_received_subject), `Payment received: ${pi.amountFormatted} USDC`, 'German has its own words');
    assert.ok(ana.parsed.text.includes(fill(de.email_payment_received_heading)));
    assert.equal(bo.parsed.subject, `Payment received: ${pi.amountFormatted} USDC`, 'the admin chose no language');
    assert.equal((await choose('')).status, 303);
    await outboxSettled();
  });

  test('a message\'s one-click link stops that topic for its person only', async () => {
    const bo = to('bo@acme.example');
    const url = new URL(unsubscribeUrlOf(bo.find((m) => m.parsed.subject.startsWith('Payment received'))));
    const page = await payd.request('GET', `${url.pathname}${url.search}`, { headers: { Accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(page.text, /Stop emails about this: <strong>A payment received<\/strong>\?/);
    const stopped = await payd.request('POST', `${url.pathname}${url.search}`, {
      rawBody: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(stopped.status, 200);
    assert.match(stopped.text, /You will no longer be emailed about this: A payment received\./);
    const made = await payd.request('POST', '/dashboard/unsubscribe?token=not-a-token', { rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.equal(made.status, 404, 'a made-up link stops nothing');

    const [anaBefore, boBefore] = [to('ana@acme.example').length, to('bo@acme.example').length];
    await pay('2.00');
    await eventually(() => to('ana@acme.example').length > anaBefore, { what: 'the owner\'s next message', timeout: 20000 });
    await outboxSettled();
    assert.equal(to('bo@acme.example').length, boBefore, 'the admin no longer gets payments');
    // The settings page shows the choice, and a change there brings it back.
    const boCookie = await dashboard.signIn('bo@acme.example');
    const settings = await (await dashboard.get('/dashboard/settings/notifications', boCookie)).text();
    assert.match(settings, /id="payment_received-off" name="payment_received" value="off" checked>/);
    assert.match(settings, /id="topic-needs_decision" name="topics" type="checkbox" value="needs_decision" checked>/);
  });

  test('a daily summary instead of a message each: chosen in the dashboard, sent after midnight UTC', async () => {
    const dev = await dashboard.signIn('dev@acme.example');
    const csrf = await dashboard.csrfOf(dev, '/dashboard/settings/notifications');
    const chose = await dashboard.post('/dashboard/settings/notifications',
      [['csrf', csrf], ['payment_received', 'daily'], ['topics', 'webhook_failing']], { cookie: dev });
    assert.equal(chose.status, 303);
    assert.equal(chose.headers.get('location'), '/dashboard/settings/notifications?saved=1');
    const settings = await (await dashboard.get('/dashboard/settings/notifications', dev)).text();
    assert.match(settings, /id="payment_received-daily" name="payment_received" value="daily" checked>/);
    const refused = await dashboard.post('/dashboard/settings/notifications',
      [['csrf', csrf], ['payment_received', 'weekly']], { cookie: dev });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /A payment received: choose each, daily or off\./);

    const anaBefore = to('ana@acme.example').length;
    const { pi } = await pay('3.00');
    await eventually(() => to('ana@acme.example').length > anaBefore, { what: 'the owner\'s message each', timeout: 20000 });
    await outboxSettled();
    const payments = () => to('dev@acme.example').filter((x) => !x.parsed.subject.startsWith('New sign-in'));
    assert.deepEqual(payments(), [], 'no message each for who chose the summary');

    // A day later, as an operator's clock would have it: the payment was yesterday, the
    // developer's summary last went the day before; every other payment moves a week ahead,
    // so the summary is this one payment whenever the test runs (midnight too).
    const DAY = 86_400_000;
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    sql(payd, `UPDATE payment_intents SET confirmed_at = confirmed_at + ${7 * DAY} WHERE status = 'PAID' AND id <> '${pi.id}'`);
    sql(payd, `UPDATE payment_intents SET confirmed_at = ${midnight - DAY / 2} WHERE id = '${pi.id}'`);
    sql(payd, `UPDATE email_choices SET summarized_until = ${midnight - DAY} WHERE topic = 'payment_received' AND choice = 'daily'`);
    // payd asks every minute, and once at start: a restart asks now.
    await payd.stop();
    await launch(payd);
    const [mail] = await eventually(() => payments().length && payments(), { what: 'the daily summary', timeout: 20000 });
    const m = mail.parsed;
    assert.equal(m.subject, `Daily summary for ${ACCOUNT}: 1 payment received`);
    const day = (t) => new Date(t).toISOString().replace(/^(\d+)-(\d+)-(\d+)T.*$/, '$3/$2/$1');
    assert.ok(m.text.includes(`1 payment received by ${ACCOUNT} from ${day(midnight - DAY)} 00:00 UTC to ${day(midnight)} 00:00 UTC.`), m.text);
    assert.ok(m.text.includes(`- ${pi.amountFormatted} USDC · Localnet`), m.text);
    assert.ok(m.text.includes(`${payd.url}/dashboard/payments/${pi.id}`), m.text);
    assert.ok(m.html.includes('Boutique &lt;Éloïse&gt; &amp; Co'), 'the account name is escaped');
    assert.ok(!m.text.includes('{'), 'no placeholder left');
    assert.match(unsubscribeUrlOf(mail), new RegExp(`^${payd.url}/dashboard/unsubscribe\\?token=`));
    await outboxSettled();
    assert.equal(payments().length, 1, 'one summary');
  });
});
