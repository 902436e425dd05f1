// A stand-in for payd's hosted pages (stream A builds the real ones in
// src/pages), so the scripts of web/js can be tested in a browser before
// the pages exist. It renders the page DOM contract (/work/issue9-contract.md)
// from the merchant API, serves web/js and sdk/js as payd will, with the
// contract's Content-Security-Policy, and passes every other path to payd,
// whose public_url it is (so it is "payd's origin" to the browser).
// Once the real pages are merged, tests point at payd itself and this goes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ASSETS = {
  '/widget.js': 'web/js/widget.js',
  '/sdk/payd.js': 'sdk/js/payd.js',
  '/sdk/payd.d.ts': 'sdk/js/payd.d.ts',
};

const JS_STRINGS = JSON.parse(readFileSync(join(root, 'web/i18n/js-strings.json'), 'utf8'));
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// JSON inside <script type="application/json">: no "</script>" can close it.
const jsonBlock = (id, value) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

function csp(frameAncestors) {
  return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    + `form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestors}`;
}

// Allowlist entries as CSP sources: exact origins, `*.example.org` as https://*.example.org.
const frameSources = (origins) => ["'self'", ...origins.map((o) => (o.startsWith('*.') ? `https://${o}` : o))].join(' ');

function intentPage(intent, { chain, link, lang = 'en' }) {
  const waiting = intent.status === 'CREATED';
  const hide = (on) => (on ? '' : ' hidden');
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${esc(intent.amountFormatted)} ${esc(intent.currency)}</title></head>
<body><main id="main" data-page="intent" data-intent="${esc(intent.id)}" data-integration="${esc(intent.integrationId)}"
 data-lang="${esc(lang)}" data-return-url="${esc(link?.returnUrl ?? '')}" data-explorer-tx=""
 data-status="${esc(intent.status)}" data-exception="${esc(intent.exception ?? '')}">
<h1>Pay ${esc(intent.amountFormatted)} ${esc(intent.currency)}</h1>
<p id="status" aria-live="polite">${waiting ? 'Waiting for your payment.' : esc(intent.status)}</p>
<p>Send exactly this amount: the exact amount matters.</p>
<p><span id="amount">${esc(intent.amountFormatted)} ${esc(intent.currency)}</span>
 <button type="button" id="copy-amount" hidden>Copy amount</button></p>
<p>To <code id="recipient">${esc(intent.recipient)}</code>
 <button type="button" id="copy-recipient" hidden>Copy address</button></p>
<p>Network: ${esc(intent.chain)}</p>
<img id="qr" alt="QR code of the payment" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/%3E"${hide(waiting)}>
<p><a id="open-wallet" href="${esc(intent.paymentUri)}"${hide(waiting)}>Open in wallet</a></p>
<p><time id="countdown" datetime="${esc(intent.expiresAt)}"${hide(waiting)}>${esc(intent.expiresAt)}</time></p>
<p id="confirmations" hidden></p>
<p><a id="tx" hidden></a></p>
<p id="missing" hidden></p>
<p><a id="restart"${link ? ` href="/pay/${esc(link.id)}"` : ''} hidden>Start again</a></p>
<section id="wallet" aria-label="Pay from a browser wallet" hidden><p id="wallet-error" role="alert"></p></section>
</main>
${jsonBlock('payd-messages', JS_STRINGS[lang] ?? {})}
${jsonBlock('payd-intent', withoutMerchantFields(intent))}
${jsonBlock('payd-chain', chain)}
<script type="module" src="/assets/checkout.js"></script>
</body></html>`;
}

function linkPage(link, { error = '', lang = 'en' } = {}) {
  const custom = link.allowCustomAmount;
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(link.name)}</title></head>
<body><main id="main" data-page="link" data-link="${esc(link.id)}" data-integration="${esc(link.integrationId)}">
<h1>${esc(link.name)}</h1>
<form method="post" action="/pay/${esc(link.id)}" novalidate>
${custom ? `<label for="amount-input">Amount in USD</label>
${error ? `<p id="amount-input-error" class="field-error">${esc(error)}</p>` : ''}
<input id="amount-input" name="amount" inputmode="decimal" value="${esc(link.amount)}" data-decimals="2" data-min="${esc(link.minAmount ?? '')}"${error ? ' aria-invalid="true" aria-describedby="amount-input-error"' : ''}>` : `<p>${esc(link.amount)} USD</p>`}
<fieldset><legend>Pay with</legend>
<input type="radio" id="option-usdc" name="option" value="31337:USDC" checked><label for="option-usdc">USDC on Localnet</label>
</fieldset>
<button type="submit">Continue</button>
</form>
</main>
<script type="module" src="/assets/link.js"></script>
</body></html>`;
}

function withoutMerchantFields(intent) {
  const { integrationId, paymentLinkId, metadata, ...payer } = intent;
  return payer;
}

// `payd`: the e2e Payd (its url); `readKey`: a payments:read key of the
// merchant; `origins`: the integration's allowlist; `chain`: the page's
// payd-chain data. Listens on `port` (payd's public_url points here).
export async function startStandInPages({ port, payd, readKey, origins, chain }) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const asset = ASSETS[url.pathname] ?? (url.pathname.startsWith('/assets/') && `web/js/${url.pathname.slice(8)}`);
      if (asset && !asset.includes('..')) {
        res.writeHead(200, { 'Content-Type': asset.endsWith('.ts') ? 'text/plain' : 'text/javascript', 'X-Content-Type-Options': 'nosniff' });
        return res.end(readFileSync(join(root, asset)));
      }
      const pay = url.pathname.match(/^\/pay\/(pi_[a-z2-7]+)$/);
      if (pay && req.method === 'GET') {
        const got = await payd.request('GET', `/api/v1/payment-intents/${pay[1]}`, { key: readKey });
        if (got.status !== 200) {
          res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Security-Policy': csp("'none'") });
          return res.end('Not found');
        }
        const intent = got.json;
        const link = intent.paymentLinkId
          ? (await payd.request('GET', `/api/v1/payment-links/${intent.paymentLinkId}`, { key: readKey })).json
          : null;
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': csp(frameSources(origins)),
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'same-origin',
        });
        return res.end(intentPage(intent, { chain, link, lang: url.searchParams.get('lang') ?? 'en' }));
      }
      const linkPath = url.pathname.match(/^\/pay\/(plink_[a-z2-7]+)$/);
      if (linkPath) return await serveLink(req, res, linkPath[1], url);
      return proxy(req, res, payd.url);
    } catch (e) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(e.stack));
    }
  });
  const pageHeaders = {
    'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp(frameSources(origins)),
    'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin',
  };
  // The link page: its public view as JSON (for the widget, CORS for allowed
  // origins), the page, and its form: the intent through payd's public
  // endpoint, then 303 to the intent page; a refusal re-renders with 400.
  async function serveLink(req, res, id, url) {
    const link = (await payd.request('GET', `/api/v1/payment-links/${id}`, { key: readKey })).json;
    if (!link?.id) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('Not found');
    }
    if (req.method === 'GET' && /application\/json/.test(req.headers.accept ?? '')) {
      const cors = origins.includes(req.headers.origin) ? { 'Access-Control-Allow-Origin': req.headers.origin, Vary: 'Origin' } : {};
      res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
      const { id: lid, type, name, description, amount, currency } = link;
      return res.end(JSON.stringify({ id: lid, type, name, description, amount, currency }));
    }
    if (req.method === 'POST') {
      let body = '';
      for await (const c of req) body += c;
      const form = new URLSearchParams(body);
      const [chainId, currency] = (form.get('option') ?? '').split(':');
      const created = await payd.request('POST', `/public/integrations/${link.integrationId}/intent`, {
        headers: { Origin: `http://127.0.0.1:${port}` },
        body: { amount_usd: link.allowCustomAmount ? form.get('amount') : link.amount, currency, chainId: Number(chainId), paymentLinkId: link.id },
      });
      if (created.status === 201) {
        res.writeHead(303, { Location: `/pay/${created.json.id}` });
        return res.end();
      }
      res.writeHead(400, pageHeaders);
      return res.end(linkPage(link, { error: created.json?.error?.message ?? 'Refused' }));
    }
    res.writeHead(200, pageHeaders);
    return res.end(linkPage(link, { lang: url.searchParams.get('lang') ?? 'en' }));
  }

  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

// Streams the request to payd and payd's answer back (server-sent events too).
async function proxy(req, res, target) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = { ...req.headers };
  delete headers.host;
  delete headers.connection;
  const upstream = await fetch(target + req.url, {
    method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: 'manual',
  });
  const out = {};
  upstream.headers.forEach((v, k) => {
    if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
  });
  res.writeHead(upstream.status, out);
  if (!upstream.body) return res.end();
  for await (const chunk of upstream.body) res.write(chunk);
  res.end();
}
