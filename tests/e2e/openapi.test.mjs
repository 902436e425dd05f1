// docs/openapi.yaml and the checker every other e2e file runs each answer through
// (lib/openapi.mjs): the document names every route payd registers, and the checker
// refuses what the document does not describe (so that "every response validated"
// means something). No payd is started here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { document, leaveOutOfTally, OpenApiMismatch, validateExchange, webhookMismatch } from './lib/openapi.mjs';

leaveOutOfTally();

const REQUEST_ID = 'req_3k2n5q7xw4ab2cde';
const json = (body) => JSON.stringify(body);
const ok = (status, headers, body, contentType = 'application/json; charset=utf-8') =>
  ({ status, headers: new Headers({ 'X-Request-Id': REQUEST_ID, 'X-Content-Type-Options': 'nosniff', 'Content-Type': contentType, ...headers }), text: body });
const rateHeaders = { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '59', 'X-RateLimit-Reset': '1795384800' };
const link = {
  id: 'plink_cgsk5evcd6myfaioavaxe2ahn4', type: 'LINK', name: 'T-shirt', amount: '25.00', denominationType: 'CURRENCY',
  currency: 'USD', url: 'http://127.0.0.1:8080/pay/plink_cgsk5evcd6myfaioavaxe2ahn4', status: 'active', views: 0,
  payments: 0, createdAt: '2026-11-22T20:27:49.988Z', integrationId: 'int_wm2bcpnsw5jjbyyvuf7remvgye', returnUrl: null,
  description: null, allowCustomAmount: true, minAmount: null,
};
const get = (path) => ({ method: 'GET', path, headers: {} });
const refused = (request, response, pattern) =>
  assert.throws(() => validateExchange(request, response), (e) => e instanceof OpenApiMismatch && pattern.test(e.message));

describe('docs/openapi.yaml', () => {
  test('names every route payd registers (src/api, src/pages), with its method', () => {
    const registered = [];
    for (const dir of ['src/api', 'src/pages']) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpp'))) {
        const source = readFileSync(`${dir}/${file}`, 'utf8');
        for (const m of source.matchAll(/Verb::(\w+),\s*"([^"]+)"/g)) registered.push({ method: m[1].replace(/_$/, ""), path: m[2], file });
      }
    }
    assert.ok(registered.length >= 25, `found only ${registered.length} routes`);
    const missing = registered.filter(({ method, path }) => {
      const template = path.replace(/:(\w+)/g, '{$1}');
      const item = Object.entries(document.paths).find(([p]) => p.replace(/\{\w+\}/g, '{}') === template.replace(/\{\w+\}/g, '{}'));
      return !item?.[1][method];
    });
    assert.deepEqual(missing, [], 'routes the document does not describe');
  });

  test('every webhook type of docs/webhooks.md is under `webhooks`', () => {
    const types = [...readFileSync('docs/webhooks.md', 'utf8').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    assert.ok(types.length >= 8);
    for (const type of types) assert.ok(document.webhooks[type], `webhook ${type}`);
  });
});

describe('the answer checker', () => {
  test('accepts an answer the document describes', () => {
    validateExchange(get('/api/v1/payment-links/plink_cgsk5evcd6myfaioavaxe2ahn4'), ok(200, rateHeaders, json(link)));
    validateExchange({ method: 'HEAD', path: '/healthz', headers: {} }, ok(200, {}, ''));
  });

  test('refuses a status the operation does not list', () => {
    refused(get('/healthz'), ok(418, {}, json({ status: 'ok' })), /status 418 is not a response of GET \/healthz/);
  });

  test('refuses an answer without a required header', () => {
    const { 'X-RateLimit-Remaining': _, ...withoutRemaining } = rateHeaders;
    refused(get('/api/v1/payment-links'), ok(200, withoutRemaining, '[]'), /header X-RateLimit-Remaining is required/);
    refused(get('/healthz'), { status: 200, headers: new Headers({ 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' }), text: json({ status: 'ok' }) },
      /header X-Request-Id is required/);
    refused(get('/healthz'), { status: 200, headers: new Headers({ 'Content-Type': 'application/json', 'X-Request-Id': REQUEST_ID }), text: json({ status: 'ok' }) },
      /header X-Content-Type-Options is required/);
  });

  test('refuses a body its schema refuses: a field too many, a field missing, a number for money', () => {
    refused(get('/api/v1/payment-links/plink_x'), ok(200, rateHeaders, json({ ...link, secret: 1 })), /additional properties/);
    const { views: _, ...noViews } = link;
    refused(get('/api/v1/payment-links/plink_x'), ok(200, rateHeaders, json(noViews)), /required property 'views'/);
    refused(get('/api/v1/payment-links/plink_x'), ok(200, rateHeaders, json({ ...link, amount: 25 })), /must be string/);
  });

  test('refuses an error not in the one shape of DECISIONS §3', () => {
    refused(get('/api/v1/payment-links/plink_x'), ok(404, {}, json({ error: 'not found' })), /body/);
    refused(get('/api/v1/payment-links/plink_x'),
      ok(404, {}, json({ error: { code: 'unauthorized', message: 'x', requestId: REQUEST_ID } })), /body/);
  });

  test('refuses a Content-Type the response does not list, and a body where none is described', () => {
    refused(get('/healthz'), ok(200, {}, 'ok', 'text/plain'), /Content-Type text\/plain is not one of application\/json/);
  });

  test('an unknown path must be the 404 error; a method a path does not serve, 405 with Allow', () => {
    validateExchange(get('/nope'), ok(404, {}, json({ error: { code: 'not_found', message: 'No such route.', requestId: REQUEST_ID } })));
    refused(get('/nope'), ok(200, {}, '{}'), /no path of the document/);
    const err = json({ error: { code: 'method_not_allowed', message: 'Method not allowed.', requestId: REQUEST_ID } });
    validateExchange({ method: 'DELETE', path: '/healthz', headers: {} }, ok(405, { Allow: 'GET, HEAD' }, err));
    refused({ method: 'DELETE', path: '/healthz', headers: {} }, ok(405, {}, err), /header Allow is required/);
  });

  test('a request payd accepted must be one the document describes; a refused one is exempt', () => {
    const post = (body) => ({ method: 'POST', path: '/api/v1/payment-links', headers: { 'Content-Type': 'application/json' }, body: json(body) });
    const bad = { integrationId: 'int_x', type: 'LINK', name: 'T', amount: 25, currency: 'USD' };
    refused(post(bad), ok(201, rateHeaders, json(link)), /payd accepted a request body the document refuses/);
    const error = json({ error: { code: 'invalid_request', message: 'amount must be a string.', param: 'amount', requestId: REQUEST_ID } });
    validateExchange(post(bad), ok(400, {}, error));
    refused(get('/api/v1/payment-intents?limit=many'), ok(200, rateHeaders, json({ data: [], limit: 50, offset: 0, hasMore: false })),
      /query limit: .* must be integer/);
  });

  test('a webhook delivery must be one of the document\'s webhooks', () => {
    const headers = { 'webhook-id': 'evt_2rx42jwpixucvzth3ftnsvbhzi', 'webhook-timestamp': '1795384800', 'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' };
    assert.equal(webhookMismatch({ type: 'PAYMENT_LINK_CREATED', timestamp: '2026-11-22T20:27:49.988Z', data: link }, headers), null);
    assert.match(webhookMismatch({ type: 'PAYMENT_LINK_CREATED', timestamp: '2026-11-22T20:27:49.988Z', data: { id: 'x' } }, headers), /body/);
    assert.match(webhookMismatch({ type: 'PAYMENT_EXPLODED', timestamp: '2026-11-22T20:27:49.988Z', data: {} }, headers), /no webhook/);
  });
});
