// A payer's receipt by email (issue 39 item 3, DECISIONS §18), on a real chain (anvil) with a
// real SMTP server (lib/smtp.mjs): the payment page's optional field takes an address (a bad
// one is refused on the page; the address is never shown again), the receipt goes once the
// intent is paid, in the page's language, with the merchant, the price asked, the amount
// paid, the token, the chain, the transaction and its explorer link, the time and the receipt
// page's link; the address is deleted once the receipt is queued, and the outbox forgets it
// once sent. An intent already paid gets its receipt at once. Email off: no field, 404. In the
// widget's frame the answer keeps the shop's origin in its fragment.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { createIntent, createMerchant, OFFLINE_LOCALNET, startPayd } from './lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

const EXPLORER = 'https://explorer.example';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' };

describe('a payer\'s receipt by email', () => {
  let dir, relay, chain, payd, shop;
  const to = (address) => relay.received.filter((m) => m.envelope.rcptTo.some((r) => r.address === address));
  // The form as a browser posts it, its 303 read rather than followed.
  const ask = (id, fields) => checkedFetch(`${payd.url}/pay/${id}/receipt`,
    { method: 'POST', redirect: 'manual', body: new URLSearchParams(fields).toString(), headers: FORM });
  const page = async (path) => (await payd.request('GET', path, { headers: { Accept: 'text/html' } })).text;
  const newIntent = async (usd) => (await createIntent(payd, shop.integration.id, { amount_usd: usd, currency: 'USDC', chainId: 31337 })).json;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-receipt-'));
    const tls = throwawayCertificate(dir);
    relay = await startRelay({ key: tls.key, cert: tls.cert });
    chain = await startChain();
    payd = await startPayd({
      config: `${chainConfig(chain, { confirmations: 1, extra: `explorer_url = "${EXPLORER}"` })}\n[email]\n${emailSettings(relay.port, tls.caFile)}`,
      env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD },
    });
    shop = createMerchant(payd, { name: 'Boutique <Éloïse>' });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop(), () => relay?.close(), () => rmSync(dir, { recursive: true, force: true })));

  test('asked on the page, sent once paid, in the page\'s language, then forgotten', async () => {
    const pi = await newIntent('4.00');
    assert.match(await page(`/pay/${pi.id}`), /<input id="receipt-email" name="email" type="email"/);
    const asked = await ask(pi.id, { email: 'payer@mail.example', lang: 'de' });
    assert.equal(asked.status, 303);
    assert.equal(asked.headers.get('location'), `/pay/${pi.id}?receipt=requested&lang=de#receipt`);
    assert.equal(sql(payd, `SELECT COUNT(*) FROM receipt_requests WHERE intent_id = '${pi.id}'`), '1');
    const waiting = await page(`/pay/${pi.id}?lang=de`);
    assert.match(waiting, /Ihr Beleg wird an die angegebene Adresse gesendet, sobald die Zahlung bestätigt ist\./);
    assert.ok(!waiting.includes('payer@mail.example'), 'the page never shows the address');
    assert.ok(!waiting.includes('id="receipt-email"'), 'asked once, the field is gone');

    const receipt = await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    const [mail] = await eventually(() => to('payer@mail.example').length && to('payer@mail.example'), { what: 'the receipt', timeout: 20000 });
    const m = mail.parsed;
    assert.equal(m.subject, `Ihr Beleg von Boutique <Éloïse> web: ${pi.amountFormatted} USDC`);
    assert.ok(m.text.includes(`Sie haben Boutique <Éloïse> web ${pi.amountFormatted} USDC auf Localnet bezahlt.`), m.text);
    assert.ok(m.text.includes('Preis: 4.00 USD'), m.text);
    assert.match(m.text, /Bezahlt am \d{2}\.\d{2}\.\d{4}/);
    assert.ok(m.text.includes(`Transaktion: ${receipt.transactionHash}`));
    assert.ok(m.text.includes(`${EXPLORER}/tx/${receipt.transactionHash}`));
    const link = `${payd.url}/pay/${pi.id}?lang=de`;
    assert.ok(m.text.includes(`Beleg ansehen: ${link}`), m.text);
    assert.ok(m.html.includes('Boutique &lt;Éloïse&gt; web'), 'the merchant\'s name is escaped');
    assert.ok(!m.html.includes('<Éloïse>'));
    assert.equal(unsubscribeUrlOf(mail), null, 'one receipt, asked for: nothing to unsubscribe from');
    assert.equal((await payd.request('GET', new URL(link).pathname + new URL(link).search, { headers: { Accept: 'text/html' } })).status, 200);
    // Kept only as long as the receipt needed it.
    assert.equal(sql(payd, 'SELECT COUNT(*) FROM receipt_requests'), '0');
    await eventually(() => sql(payd, "SELECT COUNT(*) FROM email_outbox WHERE template = 'receipt' AND recipient IS NULL AND status = 'SENT'") === '1',
      { what: 'the receipt recorded as sent, its address gone' });
    assert.equal(to('payer@mail.example').length, 1, 'one receipt');
  });

  test('a bad address is refused on the page; a paid intent\'s receipt goes at once', async () => {
    const pi = await newIntent('2.00');
    const bad = await ask(pi.id, { email: 'payer at mail', lang: 'en' });
    assert.equal(bad.headers.get('location'), `/pay/${pi.id}?receipt=invalid&lang=en#receipt`);
    // From the widget's frame the fragment keeps the shop's origin (web/js/frame.js); a
    // value that is not an origin is no fragment of ours.
    const framed = await ask(pi.id, { email: 'payer at mail', lang: 'en', frame: 'https://shop.example' });
    assert.equal(framed.headers.get('location'), `/pay/${pi.id}?receipt=invalid&lang=en#origin=https://shop.example`);
    const forged = await ask(pi.id, { email: 'payer at mail', lang: 'en', frame: 'https://shop.example/#x"<' });
    assert.equal(forged.headers.get('location'), `/pay/${pi.id}?receipt=invalid&lang=en#receipt`);
    assert.equal(sql(payd, `SELECT COUNT(*) FROM receipt_requests WHERE intent_id = '${pi.id}'`), '0');
    assert.match(await page(`/pay/${pi.id}?receipt=invalid&lang=en`),
      /<p id="receipt-error" class="error-message">Enter an email address such as name@example.com\.<\/p>/);

    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await chain.mine(1);
    await eventually(() => sql(payd, `SELECT status FROM payment_intents WHERE id = '${pi.id}'`) === 'PAID', { what: 'the intent paid', timeout: 20000 });
    const late = await ask(pi.id, { email: 'late@mail.example', lang: 'en' });
    assert.equal(late.headers.get('location'), `/pay/${pi.id}?receipt=sent&lang=en#receipt`);
    const [mail] = await eventually(() => to('late@mail.example').length && to('late@mail.example'), { what: 'the late receipt' });
    assert.equal(mail.parsed.subject, `Your receipt from Boutique <Éloïse> web: ${pi.amountFormatted} USDC`);
  });

  test('with email off there is no field and nothing to post to', async () => {
    const off = await startPayd({ config: OFFLINE_LOCALNET });
    try {
      const offShop = createMerchant(off);
      const pi = (await createIntent(off, offShop.integration.id, { amount_usd: '1.00', currency: 'USDC', chainId: 31337 })).json;
      const html = (await off.request('GET', `/pay/${pi.id}`, { headers: { Accept: 'text/html' } })).text;
      assert.ok(!html.includes('receipt-email'));
      const r = await off.request('POST', `/pay/${pi.id}/receipt`, { rawBody: 'email=a%40b.example', headers: FORM });
      assert.equal(r.status, 404);
    } finally {
      await off.close();
    }
  });
});
