// The raw-socket part of the hostile corpus: HTTP fetch() cannot send (bad
// request lines and methods, NUL bytes and raw UTF-8 in paths and headers,
// broken framing, smuggling attempts, pipelines, not HTTP at all). POSTs that
// could reach a creating endpoint carry a body it certainly refuses.
import { INVALID_UTF8, REFUSED_ORIGINS, badKey } from './hostile_values.mjs';

const CRLF = '\r\n';

// One request as bytes. Strings are written as UTF-8 (so non-ASCII goes out
// raw, which fetch never does); Buffers as they are.
export function requestBytes({ method, path, headers = {}, body, version = 'HTTP/1.1', close = true, length = true }) {
  const parts = [Buffer.from(`${method} `), Buffer.isBuffer(path) ? path : Buffer.from(path), Buffer.from(` ${version}${CRLF}Host: 127.0.0.1${CRLF}`)];
  for (const [name, value] of Object.entries(headers)) {
    parts.push(Buffer.from(`${name}: `), Buffer.isBuffer(value) ? value : Buffer.from(String(value)), Buffer.from(CRLF));
  }
  const payload = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(body);
  if (payload && length) parts.push(Buffer.from(`Content-Length: ${payload.length}${CRLF}`));
  if (close) parts.push(Buffer.from(`Connection: close${CRLF}`));
  parts.push(Buffer.from(CRLF));
  if (payload) parts.push(payload);
  return Buffer.concat(parts);
}

const b = (...xs) => Buffer.concat(xs.map((x) => (Buffer.isBuffer(x) ? x : typeof x === 'number' ? Buffer.from([x]) : Buffer.from(x, 'latin1'))));

// Malformed HTTP: each a function of the context, giving the bytes.
function malformed(rng, ctx) {
  const key = ctx.keys.rw;
  const path = rng.pick(ctx.realPaths);
  const refused = ctx.refusedBody(rng, 'link');
  const bad = rng.pick(INVALID_UTF8);
  return rng.pick([
    () => b('NOT HTTP AT ALL\r\n\r\n'),
    () => b('\r\n\r\n\r\n'),
    () => b('GET\r\n\r\n'),
    () => b(`GET ${path}\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1`),
    () => b(`GET ${path} HTTP/2.0\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.2\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.0\r\n\r\n`),
    () => b(`GET ${path} HTTP/9.9\r\n\r\n`),
    () => b(`GET  ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path}  HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path} http/1.1\r\nHost: x\r\n\r\n`),
    () => b(`GET\t${path}\tHTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b('G', 0, `ET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path}`, 0, ' HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b(`GET ${path}?a=`, 0, ' HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b(`GET ${path}/`, bad, ' HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b('GET healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b('GET * HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b('OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b(`GET http://127.0.0.1${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b('CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n\r\n'),
    () => b(`TRACE ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`${rng.pick(['get', 'Get', 'G-E-T', 'GET/', '[GET]', 'ÄÖÜ', 'POST\u0000'])} ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
    () => b(Buffer.from('16030100a5010000a10303', 'hex'), Buffer.alloc(160, 7)),
    () => b(`GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost x\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\n Host: x\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX A: b\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX`, 0, 'A: b\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: b`, 0, 'c\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: `, bad, '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: b\rc\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\nHost: x\n\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\n: empty\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\n${'N'.repeat(20000)}: v\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\n${'X-H: v\r\n'.repeat(rng.pick([500, 3000]))}\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\n\r\n`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${rng.pick(['-1', '1e3', '10, 20', '99999999999999999999', '0x10', ' ', '+5', '5 5'])}\r\n\r\n{}`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{"a":1}`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"a":`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${rng.pick(['zz\r\n', '-1\r\n', 'ffffffffffffffffff\r\n', '5\r\n{"a":\r\n', '5;ext=\u0000\r\n{}{}{\r\n0\r\n\r\n', '2\r\n{}\r\n', '10000\r\n' + 'a'.repeat(70000) + '\r\n0\r\n\r\n'])}`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ${rng.pick(['xchunked', 'gzip, chunked', 'chunked, identity', 'identity', 'CHUNKED'])}\r\n\r\n0\r\n\r\n`),
    () => b(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE GARBAGE\r\n\r\n`),
    () => b(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}`, rng.pick([0, 0xff, bad]), '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer `, 0, `${key}\r\n\r\n`),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: `, Buffer.from(badKey(rng, ctx.allKeys)), '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nOrigin: `, Buffer.from(rng.pick(REFUSED_ORIGINS)), rng.pick([0, bad, '']), '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nOrigin: https://shop.example`, bad, '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nOrigin: `, Buffer.from('https://shöp.example'), '\r\n\r\n'),
    () => b(`GET ${path} HTTP/1.1\r\nHost: x\r\nReferer: https://shop.example/`, bad, '\r\n\r\n'),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nIdempotency-Key: k`, rng.pick([0, bad]), `\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(refused.body)}\r\n\r\n`, refused.body),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json`, rng.pick([0, bad]), `\r\nContent-Length: ${Buffer.byteLength(refused.body)}\r\n\r\n`, refused.body),
    () => b(`POST ${path} HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(refused.body)}\r\n\r\n`, refused.body),
  ])();
}

// A well-formed-looking request of the corpus written byte for byte: header
// values and paths go out as raw UTF-8, NUL bytes included.
function asRaw(rng, ctx) {
  const c = ctx.fetchCase(rng, ctx);
  const headers = { ...c.headers };
  if (rng.chance(0.3)) {
    const name = rng.pick(['X-API-Key', 'Origin', 'Idempotency-Key', 'Content-Type', 'Authorization', 'X-Any']);
    headers[name] = Buffer.concat([Buffer.from(String(headers[name] ?? 'v')), rng.pick([Buffer.from([0]), rng.pick(INVALID_UTF8), Buffer.from('é\u202e\u200b')])]);
  }
  let path = c.path;
  if (rng.chance(0.3)) {
    const at = path.indexOf('/', 1) + 1 || path.length;
    path = Buffer.concat([Buffer.from(path.slice(0, at)), rng.pick([Buffer.from([0]), rng.pick(INVALID_UTF8), Buffer.from('é')]), Buffer.from(path.slice(at))]);
  }
  const one = requestBytes({ method: c.method, path, headers, body: c.body, close: !rng.chance(0.2) });
  return { bytes: rng.chance(0.1) ? Buffer.concat([one, one]) : one, head: c.method === 'HEAD' };
}

export function rawCase(rng, ctx) {
  if (rng.chance(0.5)) return { kind: 'raw', bytes: malformed(rng, ctx), note: 'malformed HTTP' };
  const { bytes, head } = asRaw(rng, ctx);
  return { kind: 'raw', bytes, head, note: 'raw bytes' };
}
