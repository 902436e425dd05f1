// What the hostile corpus accepts as an answer to a bad request (DECISIONS §3):
// a status below 500; X-Content-Type-Options: nosniff on every answer; for an
// error, the JSON error shape in valid UTF-8 with the code of its status and
// the requestId of its X-Request-Id header (or, for a browser asking for HTML
// under /pay, the hosted pages' 404 page); 405 with Allow; nothing created (a
// 2xx to a POST is only a replay); and, for bytes that are not HTTP, at most a
// closed connection. Never a hang. An answer to a request Node could send is
// also checked against docs/openapi.yaml (lib/openapi.mjs).

import { OpenApiMismatch, validateExchange } from './openapi.mjs';

const CODES = {
  400: ['invalid_request'],
  401: ['unauthorized', 'key_expired', 'key_revoked', 'wrong_environment'],
  403: ['insufficient_scope', 'origin_not_allowed'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  409: ['idempotency_conflict', 'intent_not_waiting'],  // the latter: a sender proof for a paid or expired intent
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  429: ['rate_limited'],
};
const REQUEST_ID = /^req_[a-z2-7]{16}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

// A request for a path under /pay that does not ask for JSON: payd's pages
// answer it, its 404 page included (an unknown id, DECISIONS §11), as a
// browser gets them. Raw requests are read from their bytes.
function htmlUnderPay(c) {
  let path = c.path ?? '';
  let accept = c.headers?.Accept ?? '';
  if (c.kind === 'raw') {
    const head = c.bytes.toString('latin1');
    path = head.split(' ')[1] ?? '';
    accept = /\r\nAccept:([^\r]*)/i.exec(head)?.[1] ?? '';
  }
  return /^\/pay(\/|\?|$)/.test(path) && !/json/i.test(accept);
}

function judgeResponse(c, r, raw) {
  const problems = [];
  if (r.malformed !== undefined) return ['a partial or malformed HTTP response'];
  if (r.status < 200) return r.status === 100 ? [] : [`status ${r.status}`];
  if (!raw) problems.push(...againstDocument(c, r));
  if (r.status >= 500) problems.push(`status ${r.status} (5xx)`);
  const id = r.headers['x-request-id'];
  if (!REQUEST_ID.test(id ?? '')) problems.push(`X-Request-Id ${JSON.stringify(id)}`);
  if (r.status >= 200 && r.status < 300 && (c.kind === 'raw' ? r.status === 201 : c.method === 'POST') && r.headers['idempotent-replayed'] !== 'true') {
    problems.push(`${r.status} to a POST that is no replay: something was created`);
  }
  if (r.headers['x-content-type-options'] !== 'nosniff') {
    problems.push(`X-Content-Type-Options ${JSON.stringify(r.headers['x-content-type-options'])}`);
  }
  if (r.status < 400 || r.head) return problems;
  if (r.status === 404 && r.headers['content-type'] === 'text/html; charset=utf-8' && htmlUnderPay(c)) return problems;
  if (r.headers['content-type'] !== 'application/json; charset=utf-8') problems.push(`content-type ${r.headers['content-type']}`);
  let text;
  try {
    text = utf8.decode(r.body);
  } catch {
    return [...problems, `the error body is not valid UTF-8: ${JSON.stringify(r.body.toString('latin1').slice(0, 200))}`];
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return [...problems, `the error body is not JSON: ${text.slice(0, 200)}`];
  }
  const e = json?.error;
  const allowed = CODES[r.status];
  if (!allowed) problems.push(`status ${r.status} is not one DECISIONS §3 names`);
  else if (!allowed.includes(e?.code)) problems.push(`code ${e?.code} with status ${r.status}`);
  if (typeof e?.message !== 'string' || !e.message) problems.push('no error message');
  if (e?.param !== undefined && typeof e.param !== 'string') problems.push('param is not a string');
  if (e?.requestId !== id) problems.push(`requestId ${e?.requestId} differs from X-Request-Id ${id}`);
  if (r.status === 405 && !r.headers.allow) problems.push('405 without Allow');
  if (r.status === 429 && r.headers['retry-after'] !== '60') problems.push('429 without Retry-After: 60');
  return problems;
}

function againstDocument(c, r) {
  try {
    const body = Buffer.isBuffer(c.body) ? c.body.toString('utf8') : c.body;
    // The path as the client sent it: dot segments (%2e%2e too) resolved, as URL does.
    const url = new URL(c.path, 'http://payd.invalid');
    validateExchange({ method: c.method, path: url.pathname + url.search, headers: c.headers, body }, { status: r.status, headers: r.headers, text: r.body.toString('utf8') });
    return [];
  } catch (e) {
    if (e instanceof OpenApiMismatch) return [e.message];
    throw e;
  }
}

// Problems with one case's outcome; none means it was handled as promised.
export function judge(c, result) {
  if (result.clientError) return [`the request failed: ${result.clientError}`];
  const problems = [];
  if (result.timedOut) problems.push('no end within 15 s: the connection hung');
  if (!result.raw && !result.responses?.length) problems.push('no response');
  for (const r of result.responses ?? []) problems.push(...judgeResponse(c, r, result.raw || c.kind === 'raw'));
  return problems;
}
