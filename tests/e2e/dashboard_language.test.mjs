// The dashboard in its reader's language and time zone (issue 40 item 4), over HTTP as a
// browser sends it: the browser's language until the person chooses one, then theirs
// whatever the browser says; times in the browser's zone (the payd_tz cookie the
// dashboard's script sets), or the chosen one, or UTC on request, each with its zone's
// name; a language or zone payd does not have refused with nothing changed, and the
// change audited. The words expected are the catalogs' (web/i18n/<lang>.json), and every
// English text of the dashboard has a translation there with the same tags.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { englishTexts, catalogProblems, languages, scriptTexts } from '../../scripts/i18n-dashboard.mjs';
import { chainConfig, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), 'utf8'));
const word = (lang, english) => catalog(lang).dashboard[english];

// The hour and minute of `iso` in `zone`, as a 24-hour clock reads it ("08:05").
const clockIn = (iso, zone) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
// The intent page's "Created" time: its RFC 3339 value and the text written for the reader.
const createdOf = (html) => {
  const m = html.match(/<dd><time datetime="([^"]+)">([^<]+)<\/time><\/dd>/);
  assert.ok(m, 'the intent\'s creation time on its page');
  return { iso: m[1], text: m[2] };
};

describe('the dashboard in its reader\'s language and time zone', () => {
  let chain, payd, shop, get, post, signIn, csrfOf, ana, intent;
  const PREFS = '/dashboard/settings/preferences';
  const choose = async (fields) => post(PREFS, { csrf: await csrfOf(ana, PREFS), ...fields }, { cookie: ana });

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd, { name: 'Acme' });
    payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', 'ana@acme.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    ana = await signIn('ana@acme.example');
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'USDC', chainId: 31337 });
    assert.equal(r.status, 201, r.text);
    intent = r.json;
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('every English text of the dashboard has a translation in each language, with the same tags', () => {
    const { texts, problems } = englishTexts();
    assert.ok(texts.size > 300, `the templates mark their texts (${texts.size})`);
    assert.deepEqual(problems, []);
    assert.deepEqual(languages(), ['de', 'es', 'fr']);
    for (const lang of languages()) {
      assert.deepEqual([...catalogProblems(lang, texts), ...catalogProblems(lang, scriptTexts(), 'dashboard_js')], []);
    }
  });

  test('the browser\'s language until the person chooses one; theirs after, whatever the browser says', async () => {
    const de = await (await get('/dashboard', ana, { 'Accept-Language': 'de-CH, en;q=0.5' })).text();
    assert.match(de, /<html lang="de">/);
    assert.ok(de.includes(`>${word('de', 'Payments')}</a>`), 'the navigation in German');
    assert.ok(!de.includes('>Payments</a>'));
    // A page about one thing: its title in German, with the thing's own name.
    const intentPage = await (await get(`/dashboard/payments/${intent.id}`, ana, { 'Accept-Language': 'de' })).text();
    assert.ok(intentPage.includes(`<title>${word('de', 'Payment')} ${intent.id} – ${word('de', 'payd dashboard')}</title>`), 'the title translated');
    const en = await (await get('/dashboard', ana)).text();
    assert.match(en, /<html lang="en">/);
    assert.ok(en.includes('>Payments</a>'));
    // Before signing in too: the sign-in page.
    const signInFr = await (await get('/dashboard/sign-in', null, { 'Accept-Language': 'fr' })).text();
    assert.match(signInFr, /<html lang="fr">/);
    assert.ok(signInFr.includes(word('fr', 'Skip to main content')));

    const saved = await choose({ language: 'es', time_zone: '' });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get('location'), `${PREFS}?saved=1`);
    const es = await (await get('/dashboard', ana, { 'Accept-Language': 'de' })).text();
    assert.match(es, /<html lang="es">/);
    assert.ok(es.includes(`>${word('es', 'Payments')}</a>`), 'the navigation in Spanish');
    const form = await (await get(`${PREFS}?saved=1`, ana)).text();
    assert.match(form, /<option value="es" lang="es" selected>Español<\/option>/);
    assert.ok(form.includes(word('es', 'Your choices are saved.')));
    await choose({ language: '', time_zone: '' });
    assert.match(await (await get('/dashboard', ana, { 'Accept-Language': 'fr' })).text(), /<html lang="fr">/);
  });

  test('times in the browser\'s zone, then the chosen one, then UTC on request, each with its name', async () => {
    const page = `/dashboard/payments/${intent.id}`;
    // In German: a 24-hour clock, as clockIn writes it.
    const at = async (cookie) => createdOf(await (await get(page, cookie, { 'Accept-Language': 'de' })).text());
    const created = (await at(ana)).iso;
    // No choice and no cookie: UTC.
    let text = (await at(ana)).text;
    assert.ok(text.includes(clockIn(created, 'UTC')) && text.endsWith('UTC'), text);
    // The browser's zone, from the dashboard script's cookie: Tokyo is UTC+9 all year.
    text = (await at(`${ana}; payd_tz=Asia/Tokyo`)).text;
    assert.ok(text.includes(clockIn(created, 'Asia/Tokyo')), text);
    assert.match(text, /GMT\+9|JST/, 'the zone is named');
    // The person's choice wins over the browser's.
    assert.equal((await choose({ language: '', time_zone: 'America/Sao_Paulo' })).status, 303);
    text = (await at(`${ana}; payd_tz=Asia/Tokyo`)).text;
    assert.ok(text.includes(clockIn(created, 'America/Sao_Paulo')), text);
    assert.match(text, /GMT-3/);
    // UTC kept on request.
    assert.equal((await choose({ language: '', time_zone: 'UTC' })).status, 303);
    text = (await at(`${ana}; payd_tz=Asia/Tokyo`)).text;
    assert.match(text, /UTC$/);
  });

  test('a language or a zone payd does not have is refused, and nothing changes', async () => {
    assert.equal((await choose({ language: 'fr', time_zone: 'Europe/Paris' })).status, 303);
    for (const [fields, field] of [[{ language: 'xx', time_zone: 'Europe/Paris' }, 'language'], [{ language: 'fr', time_zone: 'Mars/Olympus_Mons' }, 'time_zone']]) {
      const res = await choose(fields);
      assert.equal(res.status, 400, field);
      assert.match(await res.text(), new RegExp(`<a href="#${field}">`));
    }
    const form = await (await get(PREFS, ana)).text();
    assert.match(form, /<option value="fr" lang="fr" selected>/);
    assert.match(form, /<option value="Europe\/Paris" selected>/);
    const audit = await (await get('/dashboard/audit-log?action=user.preferences', ana)).text();
    assert.match(audit, /user\.preferences/);
    await choose({ language: '', time_zone: '' });
  });

  test('a refusal of the domain is said in the reader\'s language, its values in their places, in the summary and beside the field', async () => {
    // A link whose amount is not a decimal: the domain's "{1} must be a decimal string such
    // as "12.50"", {1} the field; the same form with a good amount makes the link.
    const unescape = (html) => html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    const send = async (amount, lang) => post('/dashboard/links', { csrf: await csrfOf(ana, '/dashboard/links/new'), integrationId: shop.integration.id,
      type: 'LINK', name: 'Lamp', description: '', amount, amountIn: 'CURRENCY:USD', minAmount: '', returnUrl: '' }, { cookie: ana, headers: { 'Accept-Language': lang } });
    const pattern = '{1} must be a decimal string such as "12.50"';
    for (const lang of ['de', 'fr']) {
      const res = await send('twelve', lang);
      assert.equal(res.status, 400);
      const html = unescape(await res.text());
      const said = word(lang, pattern).replace('{1}', 'amount').replace(/^./, (c) => c.toUpperCase());
      assert.ok(!said.includes('{1}') && said !== pattern, `${lang} has its own words`);
      assert.ok(html.includes(`<li><a href="#amount">${said}</a></li>`), `${lang}: the summary says it (${said})`);
      assert.match(html, new RegExp(`id="amount-error"[^>]*>.*${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), `${lang}: beside the field`);
    }
    const english = unescape(await (await send('twelve', 'en')).text());
    assert.ok(english.includes('<li><a href="#amount">Amount must be a decimal string such as "12.50"</a></li>'), 'English: the field in words');
    assert.equal((await send('12.50', 'de')).status, 303, 'the same form with a decimal makes the link');
  });
});
