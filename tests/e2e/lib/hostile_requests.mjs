// Generates the hostile request corpus of hostile_input.test.mjs from a seed:
// every route of src/api/routes.h (and unknown ones, every method) with bad
// ids, keys, origins, headers, query strings and bodies, as fetch() sends
// them, and malformed HTTP as raw bytes.
//
// A case is {kind: 'fetch', method, path, headers, body} or {kind: 'raw',
// bytes}, plus `note` (what it tries). The corpus must change nothing stored,
// so a case that reaches a creating endpoint (any POST) always carries at
// least one defect that endpoint certainly refuses; the rest is noise that
// may or may not be refused.
import {
  ACCEPTED_JSON_TYPES, BAD_AMOUNTS, BAD_IDEMPOTENCY_KEYS, INVALID_UTF8, MAX_UINT256, NON_JSON_TYPES,
  NUMBER_LITERALS, ODD_STRINGS, REFUSED_ORIGINS, badId, badKey, badQuery, malformedJson,
} from './hostile_values.mjs';
import { rawCase } from './hostile_raw.mjs';

// Every route payd serves. `auth`: the key scope needed ('hooks' is
// webhooks:write, 'account' the account key only), 'public' (origin-checked)
// or none; `body`: what a creating or updating endpoint reads. A POST or a
// PATCH always carries a body its route refuses; a DELETE never names a real
// object with a key that may delete it (fetchCase).
export const ROUTES = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/public/integrations/:publicId', auth: 'public' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId', auth: 'public' },
  { method: 'POST', path: '/public/integrations/:publicId/intent', auth: 'public', body: 'intent' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intent', auth: 'public' },
  { method: 'GET', path: '/public/integrations/:publicId/intents/:intentId', auth: 'public' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intents/:intentId', auth: 'public' },
  { method: 'GET', path: '/public/integrations/:publicId/intents/:intentId/sender-message', auth: 'public', query: 'address' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intents/:intentId/sender-message', auth: 'public' },
  { method: 'POST', path: '/public/integrations/:publicId/intents/:intentId/sender-proof', auth: 'public', body: 'proof' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intents/:intentId/sender-proof', auth: 'public' },
  { method: 'GET', path: '/public/integrations/:publicId/intents/:intentId/conversions', auth: 'public' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intents/:intentId/conversions', auth: 'public' },
  { method: 'GET', path: '/public/integrations/:publicId/intents/:intentId/conversions/:token', auth: 'public' },
  { method: 'OPTIONS', path: '/public/integrations/:publicId/intents/:intentId/conversions/:token', auth: 'public' },
  { method: 'GET', path: '/api/v1/payment-links', auth: 'read' },
  { method: 'POST', path: '/api/v1/payment-links', auth: 'write', body: 'link' },
  { method: 'GET', path: '/api/v1/payment-links/:linkId', auth: 'read' },
  { method: 'PATCH', path: '/api/v1/payment-links/:linkId', auth: 'write', body: 'linkPatch' },
  { method: 'GET', path: '/api/v1/integrations', auth: 'account', list: true },
  { method: 'POST', path: '/api/v1/integrations', auth: 'account', body: 'integration' },
  { method: 'GET', path: '/api/v1/integrations/:integrationId', auth: 'account' },
  { method: 'PATCH', path: '/api/v1/integrations/:integrationId', auth: 'account', body: 'integrationPatch' },
  { method: 'GET', path: '/api/v1/api-keys', auth: 'account', list: true },
  { method: 'POST', path: '/api/v1/api-keys', auth: 'account', body: 'apiKey' },
  { method: 'GET', path: '/api/v1/api-keys/:keyId', auth: 'account' },
  { method: 'POST', path: '/api/v1/api-keys/:keyId/revoke', auth: 'account' },
  { method: 'POST', path: '/api/v1/api-keys/:keyId/rotate', auth: 'account' },
  { method: 'GET', path: '/api/v1/payment-intents', auth: 'read', list: true },
  { method: 'GET', path: '/api/v1/payment-intents/:intentId', auth: 'read' },
  { method: 'GET', path: '/api/v1/payments', auth: 'read', list: true },
  { method: 'GET', path: '/api/v1/payments/:paymentId', auth: 'read' },
  { method: 'POST', path: '/api/v1/payments/:paymentId/attach', auth: 'write', body: 'attach' },
  { method: 'POST', path: '/api/v1/payment-intents/:intentId/resolve', auth: 'write', body: 'resolve' },
  { method: 'POST', path: '/api/v1/payment-intents/:intentId/sender-hint', auth: 'write', body: 'senderHint' },
  { method: 'GET', path: '/api/v1/payments/:paymentId/refunds', auth: 'read' },
  // Refunds and payouts are made with refunds:write or payouts:write, which of
  // the fixture keys only the account key holds.
  { method: 'POST', path: '/api/v1/payments/:paymentId/refunds', auth: 'account', body: 'refund' },
  { method: 'GET', path: '/api/v1/refunds', auth: 'read', list: true },
  { method: 'GET', path: '/api/v1/refunds/:refundId', auth: 'read' },
  { method: 'GET', path: '/api/v1/refunds/:refundId/safe-batch', auth: 'read' },
  { method: 'POST', path: '/api/v1/payouts', auth: 'account', body: 'payout' },
  { method: 'GET', path: '/api/v1/payouts', auth: 'read', list: true },
  { method: 'GET', path: '/api/v1/payouts/:payoutId', auth: 'read' },
  { method: 'GET', path: '/api/v1/payouts/:payoutId/safe-batch', auth: 'read' },
  { method: 'GET', path: '/api/v1/events', auth: 'events' },
  { method: 'GET', path: '/api/v1/webhooks', auth: 'events', list: true },
  { method: 'GET', path: '/v1/payment_intents', auth: 'read', list: true },
  { method: 'POST', path: '/v1/payment_intents', auth: 'write', body: 'v1intent' },
  { method: 'GET', path: '/v1/payment_intents/:intentId', auth: 'read' },
  { method: 'GET', path: '/v1/payments', auth: 'read', list: true },
  { method: 'GET', path: '/v1/payments/:paymentId', auth: 'read' },
  { method: 'GET', path: '/api/v1/webhook-endpoints', auth: 'hooks', list: true },
  { method: 'POST', path: '/api/v1/webhook-endpoints', auth: 'hooks', body: 'endpoint' },
  { method: 'GET', path: '/api/v1/webhook-endpoints/:endpointId', auth: 'hooks' },
  { method: 'PATCH', path: '/api/v1/webhook-endpoints/:endpointId', auth: 'hooks', body: 'endpointPatch' },
  { method: 'DELETE', path: '/api/v1/webhook-endpoints/:endpointId', auth: 'hooks' },
  { method: 'POST', path: '/api/v1/webhook-endpoints/:endpointId/test', auth: 'hooks' },
  { method: 'GET', path: '/api/v1/webhook-endpoints/:endpointId/deliveries', auth: 'events', list: true },
  { method: 'POST', path: '/api/v1/webhooks/:deliveryId/redeliver', auth: 'hooks' },
  { method: 'POST', path: '/api/v1/webhook-secret/rotate', auth: 'account' },
  { method: 'GET', path: '/api/v1/audit-log', auth: 'account', list: true },
  { method: 'GET', path: '/v1/webhooks', auth: 'hooks', list: true },
  { method: 'POST', path: '/v1/webhooks', auth: 'hooks', body: 'v1endpoint' },
  { method: 'DELETE', path: '/v1/webhooks/:endpointId', auth: 'hooks' },
];

const UNKNOWN_PATHS = [
  '/', '/api', '/api/v1', '/api/v1/', '/api/v2/payment-links', '/api/v1/payment-links/', '/api/v1/payment-links/x/y',
  '/API/V1/PAYMENT-LINKS', '/healthz/', '/healthz/x', '//healthz', '/api//v1/payments', '/public/integrations',
  '/public/integrations/', '/public/integrations//intent', '/pay/', '/v1/payment-intents', '/v1/', '/.env', '/%2e%2e/%2e%2e/etc/passwd',
  '/api/v1/payment-links;x', '/api/v1/payment-links%2F', '/api/v1/%70ayments', '/' + 'a/'.repeat(3000), '/' + 'b'.repeat(12000),
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'FOO', 'PROPFIND', 'get', 'post', 'M-SEARCH', 'BREW'];

// Literal JSON text inside a value built with JSON.stringify: "\u0001LIT:<text>\u0001".
const lit = (text) => `\u0001LIT:${text}\u0001`;
const stringify = (body) => JSON.stringify(body).replace(/"\\u0001LIT:(.*?)\\u0001"/g, (_, t) => JSON.parse(`"${t}"`));

// Values of a type other than `type` ('string', 'bool', 'int', 'object', 'names', 'amount').
function wrongType(rng, type, required) {
  const pool = [
    true, false, 0, 1, [], {}, [''], { a: 1 }, 'text', '31337', lit(rng.pick(NUMBER_LITERALS)),
    lit('[[[[[[[[[[]]]]]]]]]]'), lit('{"a":{"b":{"c":{"d":null}}}}'),
  ];
  if (required) pool.push(null);
  const ok = {
    string: (v) => typeof v === 'string' && !v.startsWith('\u0001'), bool: (v) => typeof v === 'boolean',
    object: (v) => v && typeof v === 'object' && !Array.isArray(v), int: () => false,
    names: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string' || Number.isInteger(x)),
    ints: (v) => Array.isArray(v) && v.every((x) => Number.isInteger(x)),
    // A /v1 amount: a decimal string or a JSON number (a literal may be a fine one).
    amount: (v) => typeof v === 'string' || typeof v === 'number',
    // A payout's lines: no value of the pool is a list of good lines.
    lines: () => false,
  };
  for (;;) {
    const v = rng.pick(pool);
    if (!ok[type](v)) return v;
  }
}

// Field rules per creating endpoint: type, whether required, and values of
// the right type that the endpoint certainly refuses.
function schemas(ctx) {
  const link = {
    integrationId: ['string', true, (rng) => rng.pick([badId(rng, [ctx.linkId]), ctx.other.integrationId, ''])],
    type: ['string', true, (rng) => rng.pick(['link', 'Link', 'LINK ', ' LINK', 'LINK\u0000', 'BUTTON\u200b', '', 'PAGE', '\ufeffLINK'])],
    name: ['string', true, (rng) => rng.pick(['', 'x'.repeat(201), 'é'.repeat(101), '🙂'.repeat(51)])],
    amount: ['string', true, (rng) => rng.pick(BAD_AMOUNTS)],
    currency: ['string', true, (rng) => rng.pick(['EUR', '', 'US D', 'USD\u0000', 'ＵＳＤ', 'USDC', 'ETH', 'U\u200bSD'])],
    denominationType: ['string', false, (rng) => rng.pick(['currency', '', 'FIAT', 'TOKEN', 'TOKEN\u0000', 'CURRENCY '])],
    returnUrl: ['string', false, (rng) => rng.pick(['', 'javascript:alert(1)', 'ftp://x.example', '/relative', '//x.example', 'http://', 'https://', 'https:///path', 'http://[::1', 'https://a b.example', 'mailto:a@b.example', 'https://' + 'a'.repeat(2050), 'data:text/html,x'])],
    description: ['string', false, (rng) => rng.pick(['d'.repeat(1001), 'é'.repeat(501)])],
    allowCustomAmount: ['bool', false, null],
    minAmount: ['string', false, (rng) => rng.pick([...BAD_AMOUNTS, '25.01', '26'])],
  };
  const intent = {
    amount_usd: ['string', false, (rng) => rng.pick(BAD_AMOUNTS)],
    currency: ['string', true, (rng) => rng.pick(['usdc', 'DAI', '', 'USD', 'USDC ', 'USDC\u0000', 'ＵＳＤＣ', 'ETH\u200b'])],
    chainId: ['int', true, (rng) => lit(rng.pick(['0', '-1', '1', '31338', '-31337', '9007199254740993', '-0', '31337.0', '3.1337e4', '1e400', '9223372036854775808', '-9223372036854775809']))],
    metadata: ['object', false, (rng) => rng.pick([
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])), { '': 1 }, { ['k'.repeat(41)]: 1 },
      { k: {} }, { k: [] }, { k: null }, { k: 'v'.repeat(501) }, { k: lit('1e400') }, { k: lit('-1e400') },
      { k: lit('1' + '0'.repeat(400)) }, { [rng.pick(ODD_STRINGS) || 'x']: { nested: true } },
    ])],
    idempotencyKey: ['string', false, (rng) => rng.pick(BAD_IDEMPOTENCY_KEYS)],
    senderAddress: ['string', false, (rng) => rng.pick(['', '0x', '0x' + 'g'.repeat(40), '0x' + 'a'.repeat(39), 'a'.repeat(40), ' ' + ctx.payer, ctx.payer + ' ', ctx.payer.slice(0, 2) + ctx.payer.slice(2).replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F]/, (c) => c.toLowerCase()), ctx.payer + '00', '0x' + 'é'.repeat(40)])],
    paymentLinkId: ['string', false, (rng) => rng.pick([badId(rng, [ctx.linkId]), ctx.other.linkId])],
  };
  // POST /v1/payment_intents: USD asks; every bad amount is refused in USD
  // too (a leading zero, beyond 2^256-1 cents, a third fraction digit...).
  const v1intent = {
    amount: ['amount', true, (rng) => rng.pick([...BAD_AMOUNTS, lit('-1'), lit('1e3'), lit('0'), lit('12.345'), lit('1E-2')])],
    currency: ['string', true, (rng) => rng.pick(['EUR', '', 'usd', 'US D', 'USD\u0000', 'ＵＳＤ', 'DAI', 'U\u200bSD'])],
    metadata: intent.metadata,
    integrationId: ['string', false, (rng) => rng.pick([badId(rng, [ctx.linkId]), ctx.other.integrationId, ''])],
    chains: ['names', false, (rng) => rng.pick([['Nowhere'], [0], [1], [-31337], ['localnet '], [31338], ['31337.0'], [''], ['Localnet', 'Mars']])],
    tokens: ['names', false, (rng) => rng.pick([['DAI'], ['usdc'], [''], ['USDC\u0000'], [31337], ['USDC', 'BTC']])],
  };
  // A signature that parses but proves nothing: personal_sign by nobody of
  // nothing, with hostile r, s and v (zero, the curve order n, beyond it).
  const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
  const proof = {
    address: ['string', true, (rng) => rng.pick(['', '0x', ctx.payer + 'x', ctx.payer.toLowerCase().replace('0x', '0X') + ' ', '0x' + 'g'.repeat(40)])],
    signature: ['string', true, (rng) => rng.pick([
      '', '0x', '0x' + 'zz'.repeat(65), '0x' + '11'.repeat(65), '0x' + '00'.repeat(64) + '1b', '0x' + n + n + '1c',
      '0x' + 'ff'.repeat(64) + '1b', '0x' + '01'.repeat(64) + rng.pick(['00', '01', '02', '1d', 'ff']), '0x' + '11'.repeat(66),
      '0x' + rng.pick(['00', n, 'ff'.repeat(32)]) + '11'.repeat(32) + rng.pick(['1b', '1c', '00', '01']),
    ])],
  };
  // Webhook endpoints: payd's config here allows loopback targets, so a URL is
  // refused for its form, never for where it points.
  const endpoint = {
    url: ['string', true, (rng) => rng.pick(['', 'ftp://127.0.0.1/h', 'http://', 'https://', 'javascript:alert(1)', '/relative', 'http://u:p@127.0.0.1/h', 'http://[::1', 'not a url', 'http://a b/'])],
    events: ['names', false, (rng) => rng.pick([[], ['NOPE'], ['payment_created'], ['WEBHOOK_SENT'], ['WEBHOOK_TEST'], ['PAYMENT_CREATED', ''], [7]])],
    description: ['string', false, (rng) => rng.pick(['d'.repeat(501), 'é'.repeat(501)])],
    payloadShape: ['string', false, (rng) => rng.pick(['V1', '', 'xml', 'events '])],
  };
  const { payloadShape, ...v1endpoint } = endpoint;
  // Changes to the fixture link (25.00 USD, custom amounts allowed) and integration (USDC, ETH on 31337).
  const { integrationId, type, ...linkFields } = link;
  const linkPatch = {
    ...Object.fromEntries(Object.entries(linkFields).map(([k, [t, , bad]]) => [k, [t, false, bad]])),
    status: ['string', false, (rng) => rng.pick(['paused', '', 'ACTIVE', 'inactive ', 'deleted'])],
  };
  const integration = {
    name: ['string', true, (rng) => rng.pick(['', 'n'.repeat(201)])],
    chains: ['ints', true, (rng) => rng.pick([[], [1], [31337, 31337], [0], [-31337]])],
    tokens: ['names', true, (rng) => rng.pick([[], ['DAI'], ['usdc'], ['USDC', 'USDC'], ['']])],
    payoutAddress: ['string', true, (rng) => rng.pick(['', '0x', '0x1234', ctx.payer.slice(0, 2) + ctx.payer.slice(2).replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F]/, (c) => c.toLowerCase()), 'x'.repeat(42)])],
    origins: ['names', false, (rng) => rng.pick([['ftp://x.example'], ['https://x.example/path'], [''], ['*'], Array.from({ length: 101 }, (_, i) => `https://s${i}.example`)])],
    preferredToken: ['string', false, (rng) => rng.pick(['DAI', '', 'usdc'])],
    autoConversion: ['bool', false, null],
  };
  const integrationPatch = {
    ...Object.fromEntries(Object.entries(integration).map(([k, [t, , bad]]) => [k, [t, false, bad]])),
    enabled: ['bool', false, null],
  };
  delete integrationPatch.autoConversion;
  const apiKey = {
    name: ['string', true, (rng) => rng.pick(['', 'n'.repeat(201)])],
    kind: ['string', false, (rng) => rng.pick(['root', '', 'Public', 'admin'])],
    scopes: ['names', false, (rng) => rng.pick([[], ['payments:admin'], ['Payments:Read'], [''], ['payments:read ']])],
    integrationId: ['string', false, (rng) => rng.pick([badId(rng, []), ctx.other.integrationId])],
    expiresAt: ['string', false, (rng) => rng.pick(['2020-01-01T00:00:00Z', 'tomorrow', '', '2027-13-01T00:00:00Z'])],
  };
  const endpointPatch = { ...v1endpoint, url: ['string', false, endpoint.url[2]], enabled: ['bool', false, null] };
  // The merchant's decisions: each body names what a fixture cannot take.
  const attach = { intentId: ['string', true, (rng) => rng.pick([badId(rng, ctx.ids.intentId), ctx.foreign.intentId[0], ''])] };
  const resolve = {
    outcome: ['string', true, (rng) => rng.pick(['PAID', '', 'yes', 'paid ', 'not paid', 'refunded'])],
    note: ['string', false, (rng) => rng.pick(['n'.repeat(1001), 'é'.repeat(501)])],
  };
  const senderHint = { address: proof.address };
  // A refund of the fixture payment (1.25 USDC, priced in USD) and a payout
  // from the fixture integration's payout address.
  const refund = {
    amount: ['string', false, (rng) => rng.pick(['0', '-1', '1.5', '', 'abc', '1250001', MAX_UINT256.toString(), ' 1'])],
    reason: ['string', false, (rng) => rng.pick(['', 'Duplicate', 'fraud', 'requested_by_customer ', 'other\u0000'])],
    price: ['object', false, (rng) => rng.pick([{ amount: '1', currency: 'EUR' }, { amount: '-1', currency: 'USD' }, { amount: '1' }, {}])],
    metadata: intent.metadata,
  };
  const line = { to: ctx.payer, amount: '1' };
  const payout = {
    name: ['string', true, (rng) => rng.pick(['', ' ', 'n'.repeat(201)])],
    token: ['string', true, (rng) => rng.pick(['', 'DAI', 'BTC', 'USDC\u0000', 'USDC '])],
    from: ['string', false, (rng) => rng.pick(['', '0x1234', ctx.payer, 'x'.repeat(42)])],
    lines: ['lines', true, (rng) => rng.pick([
      [], [{ ...line, to: '0x1' }], [{ ...line, amount: '0' }], [{ to: ctx.payer }], [line, { ...line, amount: '1.5' }],
      [{ ...line, reference: 'r'.repeat(201) }], [{ ...line, extra: 1 }], Array.from({ length: 501 }, () => line),
    ])],
    metadata: intent.metadata,
  };
  return { link, intent, proof, v1intent, endpoint, v1endpoint, endpointPatch, linkPatch, integration, integrationPatch, apiKey, attach, resolve, senderHint, refund, payout };
}

function baseBody(kind, ctx) {
  if (kind === 'link') return { integrationId: ctx.integrationId, type: 'LINK', name: 'T-shirt', amount: '25.00', currency: 'USD' };
  if (kind === 'intent') return { amount_usd: '25.00', currency: 'USDC', chainId: 31337 };
  if (kind === 'v1intent') return { amount: '25.00', currency: 'USD', integrationId: ctx.integrationId };
  if (kind === 'endpoint' || kind === 'v1endpoint') return { url: 'http://127.0.0.1:9/hooks', events: ['PAYMENT_CONFIRMED'] };
  if (kind === 'endpointPatch') return { description: 'Fulfilment' };
  if (kind === 'linkPatch' || kind === 'integrationPatch') return { name: 'Renamed' };
  if (kind === 'integration') return { name: 'Kiosk', chains: [31337], tokens: ['USDC'], payoutAddress: ctx.payer };
  if (kind === 'apiKey') return { name: 'Sync', scopes: ['payments:read'] };
  if (kind === 'attach') return { intentId: ctx.ids.intentId[0] };
  if (kind === 'resolve') return { outcome: 'paid', note: 'Settled by phone' };
  if (kind === 'senderHint') return { address: ctx.payer };
  if (kind === 'refund') return { amount: '1', reason: 'duplicate' };
  if (kind === 'payout') return { name: 'Affiliates', chainId: 31337, token: 'USDC', lines: [{ to: ctx.payer, amount: '1' }] };
  // Well formed; signs nothing: refused however the rest of the request is.
  return { address: ctx.payer, signature: `0x${'11'.repeat(64)}1b` };
}

// A body for a creating endpoint with at least one defect it certainly refuses.
// Returns {body (string or Buffer), type (Content-Type), notes}.
export function refusedBody(rng, kind, ctx) {
  const schema = schemas(ctx)[kind];
  const body = baseBody(kind, ctx);
  const names = Object.keys(schema);
  const notes = [];
  let type = rng.chance(0.2) ? rng.pick(ACCEPTED_JSON_TYPES) : 'application/json';
  // Noise first: odd but possibly acceptable text in free-form places.
  if (rng.chance(0.3)) {
    if (kind === 'link') body[rng.pick(['name', 'description'])] = rng.pick(ODD_STRINGS);
    if (kind === 'intent') body.metadata = { [rng.pick(['note', 'order', 'x'])]: rng.pick([...ODD_STRINGS.filter((s) => s.length <= 500), lit(rng.pick(NUMBER_LITERALS))]) };
  }
  const defect = rng.weighted([[6, 'field'], [2, 'structure'], [1, 'size'], [1, 'media'], [1, 'both-amounts']]);
  if (defect === 'field' || (defect === 'both-amounts' && kind !== 'intent')) {
    const name = rng.pick(names);
    const [ftype, required, bad] = schema[name];
    const how = rng.weighted([[3, 'bad'], [3, 'type'], [required ? 1 : 0, 'missing'], [1, 'unknown']]);
    if (how === 'bad' && bad) {
      if (name === 'amount' && kind === 'intent') delete body.amount_usd;
      if (name === 'minAmount') body.allowCustomAmount = true;
      // 2^256-2 is refused too: its only exact amount, 2^256-1 (at least one unit
      // above the price, DECISIONS §5 rule 1), is held by the fixtures.
      body[name] = kind === 'intent' && name === 'amount' && rng.chance(0.4) ? (MAX_UINT256 - 1n).toString() : bad(rng);
    } else if (how === 'missing') {
      delete body[name];
    } else if (how === 'unknown') {
      body[rng.pick(['Amount', 'amountUsd', 'chain_id', 'id', 'status', '', '__proto__', ' type', 'type\u0000', 'ｔｙｐｅ', rng.pick(ODD_STRINGS)])] = 1;
    } else {
      body[name] = wrongType(rng, ftype, required);
    }
    if (how === 'unknown' && Object.keys(body).every((k) => k in schema)) body.unknownField = 1;
    notes.push(`${how} ${name}`);
  } else if (defect === 'both-amounts') {
    if (rng.chance(0.5)) body.amount = '1000'; else delete body.amount_usd;
    notes.push('amount and amount_usd both or neither');
  }
  let text = stringify(body);
  if (defect === 'structure') {
    const how = rng.pick(['malformed', 'utf8', 'nul', 'nested']);
    notes.push(how);
    if (how === 'malformed') text = malformedJson(rng);
    if (how === 'nested') {
      const depth = rng.weighted([[4, 33], [3, 300], [2, 5000], [1, 60000]]);
      text = text.slice(0, -1) + `,"deep":${'['.repeat(depth)}${']'.repeat(rng.int(3) ? depth : 5)}}`;
    }
    if (how === 'utf8' || how === 'nul') {
      const bytes = Buffer.from(text);
      const at = bytes.indexOf('"', bytes.indexOf(':')) + 1;  // inside the first string value
      const insert = how === 'nul' ? Buffer.from([0]) : rng.pick(INVALID_UTF8);
      return { body: Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(at)]), type, notes };
    }
  } else if (defect === 'size') {
    const over = rng.weighted([[6, rng.int(64)], [3, rng.int(64 * 1024)], [1, 200 * 1024 + rng.int(1024)]]);
    text = text.slice(0, -1) + `,"pad":"${'p'.repeat(64 * 1024 + 1 + over)}"}`;
    notes.push('body over 64 KiB');
  } else if (defect === 'media') {
    type = rng.chance(0.2) ? undefined : rng.pick(NON_JSON_TYPES);
    notes.push(`content-type ${type}`);
  }
  return { body: text, type, notes };
}

// The path with its parameters filled: real ids of this tenant, or (when
// `mangleIds`) ids of the other tenant, of other kinds, or of nothing.
// `real` says whether only this tenant's real ids were used. A creating
// endpoint never gets the other tenant's ids: a defect of the body (say, the
// other tenant's payment link) would not be one there.
function fillPath(rng, path, ctx, mangleIds, creating) {
  let real = true;
  const filled = path.replace(/:(\w+)/g, (_, p) => {
    if (!mangleIds || rng.chance(0.5)) return rng.pick(ctx.ids[p]);
    real = false;
    const others = Object.values(ctx.ids).flat();
    const foreign = creating ? [] : ctx.foreign[p] ?? [];
    return rng.chance(0.3) ? rng.pick([...foreign, ...others]) : badId(rng, others);
  });
  return { path: filled, real };
}

// Credentials for a route: valid ones (which let the request reach deeper), or
// ones that are certainly refused there ({refused: true}).
function credentials(rng, route, ctx) {
  const headers = {};
  if (route.auth === 'public' || !route.auth) {
    const mode = rng.weighted([[5, 'good'], [3, 'bad'], [1, 'referer'], [1, 'none'], [1, 'key']]);
    if (mode === 'good') headers.Origin = rng.pick(ctx.goodOrigins);
    if (mode === 'bad') headers.Origin = rng.pick(REFUSED_ORIGINS);
    if (mode === 'referer') headers.Referer = rng.pick(['https://shop.example/checkout?x=1', 'https://evil.example/shop.example', 'not a url', 'https://shop.example.evil.com/', '/relative', 'https://user@shop.example/']);
    if (mode === 'key') headers['X-API-Key'] = rng.pick([ctx.keys.integration, ctx.keys.otherIntegration, badKey(rng, ctx.allKeys)]);
    return { headers, refused: mode === 'bad' || mode === 'none', note: `origin ${mode}` };
  }
  const right = {
    read: [ctx.keys.read, ctx.keys.rw, ctx.keys.account], write: [ctx.keys.rw, ctx.keys.account],
    events: [ctx.keys.events, ctx.keys.account], hooks: [ctx.keys.hooks, ctx.keys.account], account: [ctx.keys.account],
  }[route.auth];
  const wrongScope = {
    read: [ctx.keys.events, ctx.keys.hooks], write: [ctx.keys.read, ctx.keys.events, ctx.keys.hooks],
    events: [ctx.keys.read, ctx.keys.rw], hooks: [ctx.keys.read, ctx.keys.rw, ctx.keys.events],
    account: [ctx.keys.read, ctx.keys.rw, ctx.keys.events, ctx.keys.hooks],
  }[route.auth];
  // The other tenant's key reads (and must not see) this tenant's objects; it
  // never writes: with the other tenant's ids in the body its request is good.
  const foreign = route.auth === 'write' ? 0 : 1;
  const mode = rng.weighted([[5, 'good'], [foreign, 'foreign'], [2, 'refused'], [1, 'scope'], [1, 'none'], [1, 'odd']]);
  if (mode === 'none') return { headers, refused: true, note: 'no key' };
  if (mode === 'odd') {
    // A Bearer credential that is no key of payd's: refused, whatever X-API-Key says.
    const badBearer = [`Bearer  ${ctx.keys.rw}`, `Bearer ${ctx.keys.rw}, Bearer ${ctx.keys.read}`, 'Bearer ' + 'x'.repeat(9000)];
    // Another scheme: refused alone; beside an X-API-Key it is not payd's and is ignored
    // (DECISIONS §2, §3), so it never goes with one here.
    const otherScheme = ['Basic ' + Buffer.from('a:b').toString('base64'), 'Bearer', `Token ${ctx.keys.rw}`, `Bearer${ctx.keys.rw}`];
    if (rng.chance(0.3)) {
      headers['X-API-Key'] = rng.pick(right);
      headers.Authorization = rng.pick(badBearer);
    } else {
      headers.Authorization = rng.pick([...badBearer, ...otherScheme]);
    }
    return { headers, refused: true, note: 'odd authorization' };
  }
  const key = {
    good: () => rng.pick(right),
    foreign: () => ctx.keys.other,
    refused: () => rng.pick([ctx.keys.revoked, ctx.keys.expired, ctx.keys.mainnet, ctx.keys.integration, badKey(rng, ctx.allKeys)]),
    scope: () => rng.pick(wrongScope),
  }[mode]();
  const where = rng.weighted([[3, 'x-api-key'], [2, 'bearer'], [1, 'both']]);
  if (where !== 'bearer') headers['X-API-Key'] = key;
  const differing = where === 'both' && rng.chance(0.5);
  if (where !== 'x-api-key') headers.Authorization = `${rng.pick(['Bearer', 'bearer', 'BEARER'])} ${differing ? rng.pick(ctx.allKeys) : key}`;
  // A key without the scope is refused only where the scope is needed (403 before anything else).
  const refused = mode === 'refused' || (mode === 'scope' && route.auth !== 'read' && route.auth !== 'events');
  return { headers, refused, note: `key ${mode}${where === 'both' ? ' (twice)' : ''}` };
}

// Headers that are odd but do not refuse a request on their own.
function noiseHeaders(rng, headers) {
  if (rng.chance(0.1)) headers['X-Pad'] = 'a'.repeat(rng.pick([100, 8000, 15000, 17000, 40000]));
  if (rng.chance(0.05)) for (let i = 0; i < rng.pick([50, 300, 2000]); i++) headers[`X-H-${i}`] = 'v';
  if (rng.chance(0.1)) headers['Idempotency-Key'] = rng.pick([...BAD_IDEMPOTENCY_KEYS.filter((k) => /^[\x20-\xff]*$/.test(k) && k.trim() === k), 'ok-key', 'x'.repeat(255)]);
  if (rng.chance(0.05)) headers.Accept = rng.pick(['text/html', '*/*', 'application/xml', '']);
  if (rng.chance(0.05)) headers['Accept-Encoding'] = rng.pick(['gzip', 'br', 'identity;q=0', '*']);
  if (rng.chance(0.05)) headers['X-Request-Id'] = rng.pick(['req_aaaaaaaaaaaaaaaa', '../../x', 'é']);
  if (rng.chance(0.03)) headers['Content-Encoding'] = rng.pick(['gzip', 'deflate', 'x-unknown']);
  if (rng.chance(0.03)) headers.Expect = '100-continue';
  if (rng.chance(0.05)) headers.Cookie = 'session=' + 'c'.repeat(rng.pick([10, 5000]));
  if (rng.chance(0.05)) headers['Access-Control-Request-Method'] = rng.pick(['POST', 'DELETE', 'X']);
}

// Idempotency-Key reuse on the public intent endpoint: the fixture's key with
// other parameters (409), or its very request again (a replay, nothing new).
function idempotencyCase(rng, ctx) {
  const replay = rng.chance(0.3);
  const body = replay ? ctx.idem.body : { ...ctx.idem.body, amount_usd: rng.pick(['7.01', '8.00', '1.00']) };
  const headers = { Origin: 'https://shop.example', 'Content-Type': 'application/json', 'Idempotency-Key': ctx.idem.key };
  return { kind: 'fetch', method: 'POST', path: `/public/integrations/${ctx.integrationId}/intent`, headers, body: JSON.stringify(body), note: replay ? 'idempotent replay' : 'idempotency conflict' };
}

export function fetchCase(rng, ctx) {
  if (rng.chance(0.02)) return idempotencyCase(rng, ctx);
  const unknown = rng.chance(0.08);
  const route = unknown ? { method: rng.pick(METHODS), path: rng.pick(UNKNOWN_PATHS) } : rng.pick(ROUTES);
  let method = rng.chance(0.85) ? route.method : rng.pick(METHODS);
  const filled = fillPath(rng, route.path, ctx, rng.chance(0.4), route.method === 'POST' || method.toUpperCase() === 'POST');
  let query = rng.chance(route.list ? 0.5 : 0.15) ? badQuery(rng) : '';
  if (route.query === 'address' && rng.chance(0.7)) {
    const address = rng.pick([ctx.payer, ctx.payer.toLowerCase(), ctx.payer.toUpperCase().replace('0X', '0x'), ...schemas(ctx).proof.address.slice(2, 3).map((f) => f(rng))]);
    query = `?address=${encodeURIComponent(address)}${rng.chance(0.2) ? rng.pick(['&address=' + ctx.payer, '&x=1', '%00']) : ''}`;
  }
  let { path } = filled;
  const { real } = filled;
  const creds = credentials(rng, route.auth ? route : { auth: undefined }, ctx);
  const headers = creds.headers;
  const notes = [creds.note];
  // A DELETE that may be allowed names no real object: nothing may go.
  const deletes = ROUTES.some((r) => r.method === 'DELETE' && r.path === route.path);
  // (fillPath's ids when mangling may still be real ones, of this or another kind.)
  if (method.toUpperCase() === 'DELETE' && deletes && !creds.refused) {
    path = route.path.replace(/:(\w+)/g, (_, p) => badId(rng, ctx.ids[p]));
    notes.push('no such object');
  }
  noiseHeaders(rng, headers);
  let body;
  // Every POST, whatever path it ends up at once fetch has normalised it,
  // carries a body every creating endpoint refuses; a valid body only goes
  // where the credentials are certainly refused and the path is a real one.
  const upper = method.toUpperCase();
  if (upper === 'POST' || (upper === 'PATCH' && route.method === 'PATCH' && route.body)) {
    const kind = route.method === upper && route.body ? route.body : rng.pick(['link', 'intent', 'proof']);
    if (route.body && route.method === upper && creds.refused && real && !query && rng.chance(0.4)) {
      body = stringify(baseBody(kind, ctx));
      headers['Content-Type'] = 'application/json';
      notes.push('valid body, refused credentials');
    } else {
      const b = refusedBody(rng, kind, ctx);
      // An action that takes no body (a test event, a redelivery) takes an
      // empty one too, whatever its Content-Type: a field is what it refuses.
      body = b.body.length ? b.body : '{"unexpected":true}';
      if (b.type !== undefined) headers['Content-Type'] = b.type;
      notes.push(...b.notes);
    }
    method = upper;
  } else if (method !== 'GET' && method !== 'HEAD' && rng.chance(0.5)) {
    body = rng.chance(0.5) ? malformedJson(rng) : stringify(baseBody(rng.pick(['link', 'intent']), ctx));
    headers['Content-Type'] = rng.pick([...ACCEPTED_JSON_TYPES, ...NON_JSON_TYPES]);
  }
  return { kind: 'fetch', method, path: path + query, headers, body, note: `${method} ${route.path}${query ? ' +query' : ''}: ${notes.join(', ')}` };
}

export function* generateCases(rng, fixtures, count) {
  const ctx = { ...fixtures, refusedBody: (r, kind) => refusedBody(r, kind, ctx), fetchCase };
  for (let i = 0; i < count; i++) {
    yield rng.chance(0.12) ? rawCase(rng, ctx) : fetchCase(rng, ctx);
  }
}
