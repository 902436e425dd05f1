// The raw material of the hostile request corpus (hostile_requests.mjs): a
// small seeded PRNG, and catalogues of values that have broken parsers before:
// odd Unicode, huge and negative-zero numbers, bad ids, keys, origins,
// Idempotency-Keys, Content-Types and query strings.

// mulberry32: tiny, fast and good enough to pick cases; never Math.random,
// so that a seed names a corpus exactly.
export class Rng {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n) {
    return Math.floor(this.next() * n);
  }

  chance(p) {
    return this.next() < p;
  }

  pick(items) {
    return items[this.int(items.length)];
  }

  // [[weight, value], ...] -> one value.
  weighted(pairs) {
    let r = this.next() * pairs.reduce((s, [w]) => s + w, 0);
    for (const [w, v] of pairs) {
      if ((r -= w) < 0) return v;
    }
    return pairs[pairs.length - 1][1];
  }
}

export const MAX_UINT256 = (1n << 256n) - 1n;

// Strings that read as text to a person and as trouble to a parser. All are
// valid JS strings; lone surrogates become U+FFFD when fetch encodes them.
export const ODD_STRINGS = [
  '', ' ', '\t', '\u0000', 'a\u0000b', '\u0000'.repeat(20), '\ud800', 'x\udc00y', '\ud83d',
  '\u202e', 'abc\u202edcba', '\u200b', '\u200d\u200d', '\ufeff', '\ufeffLINK', 'L\u200bINK',
  '\u0130', 'İ', 'ß', 'ﬁ', '𝟙𝟚', '１２', '٣', '\u00a0', '\u2028', '\u2029', '\r\n', '%00',
  '%ff', '%', '\\', '\\u0000', '"', "'", '<script>alert(1)</script>', '${x}', '{{x}}',
  '../../etc/passwd', 'null', 'undefined', 'NaN', 'true', '[]', '{}', '__proto__',
  'constructor', 'x'.repeat(201), 'y'.repeat(1001), 'z'.repeat(4097), '🙂'.repeat(300),
  'e\u0301', 'Ω', '\u{10ffff}', '\ufffe', '\uffff', 'a'.repeat(40) + 'é',
];

// Number literals as JSON text (not JS numbers): beyond double, beyond
// 2^64, negative zero, underflow, exponents, and other types.
export const NUMBER_LITERALS = [
  '1e400', '-1e400', '1e-400', '-0', '-0.0', '0e0', '1E999999999', '1.0', '31337.0', '3.1337e4',
  '9223372036854775807', '9223372036854775808', '18446744073709551615', '18446744073709551616',
  '-9223372036854775808', '-9223372036854775809', MAX_UINT256.toString(), (MAX_UINT256 + 1n).toString(),
  '1' + '0'.repeat(400), '0.' + '0'.repeat(400) + '1', '123456789012345678901234567890.5',
  '2.2250738585072014e-308', '4.9e-324', '1.7976931348623157e308', '1.7976931348623159e308',
];

// Amount strings that no amount field accepts as a decimal of at most 2
// fraction digits or as a positive smallest-unit integer.
export const BAD_AMOUNTS = [
  '', ' ', '0', '0.00', '00', '01', '-1', '-0', '+1', '1.', '.5', '1..2', '1.2.3', '1e3', '1E3',
  '1e400', '0x10', '1,5', '1_000', ' 1', '1 ', '\u00a01', '１', '٣', '1\u0000', 'NaN', 'Infinity',
  '-Infinity', '12.345', '0.001', (MAX_UINT256 + 1n).toString(), '9'.repeat(79),
  (MAX_UINT256 + 1n).toString() + '.00', '1' + '0'.repeat(400), '1/2', '½', 'abc', '1\u202e',
];

export const ID_PREFIXES = ['int_', 'plink_', 'pi_', 'pay_', 'evt_', 'whd_', 'key_', 'we_', 'req_', 'tenant_', ''];

// Ids that name nothing: empty bodies, wrong lengths and alphabets, other
// prefixes, path tricks; `real` ids of the other kinds are mixed in by the caller.
export function badId(rng, real = []) {
  const prefix = rng.pick(ID_PREFIXES);
  const body = rng.pick([
    '', 'a', 'A'.repeat(26), 'a'.repeat(25), 'a'.repeat(27), 'a'.repeat(300), 'a'.repeat(4000),
    '0'.repeat(26), 'aaaa%2Faaaa', '%2e%2e', '..', '.', '%00', 'ab%zz', '%', 'é', '%C3%A9',
    '%ff%fe', "'; DROP TABLE payments;--", '*', '%2A', 'null', '-1', '9'.repeat(30), '%20',
  ]);
  return rng.chance(0.15) && real.length ? mangle(rng, rng.pick(real)) : prefix + body;
}

// A real id or key made wrong: truncated, extended, case-flipped, with an
// odd character inside, or with another prefix.
export function mangle(rng, s) {
  const out = mangleOnce(rng, s);
  return out === s ? `${s}x` : out;
}

function mangleOnce(rng, s) {
  switch (rng.int(7)) {
    case 0: return s.slice(0, Math.max(0, s.length - 1 - rng.int(5)));
    case 1: return s + rng.pick(['a', 'A', '0', '_', '-', '=']);
    case 2: return s.toUpperCase();
    case 3: return s.slice(0, 4) + rng.pick(['%00', '%20', '%2F', '.', '~', '!']) + s.slice(4);
    case 4: return rng.pick(ID_PREFIXES) + s.slice(s.indexOf('_') + 1);
    case 5: return s.split('').reverse().join('');
    default: return s.replace(/[a-z]/, (c) => c.toUpperCase());
  }
}

// Origins the allowlist (https://shop.example, *.example.org) must refuse.
// Note what it must NOT refuse: case, a default port, subdomains of example.org.
export const REFUSED_ORIGINS = [
  'null', 'NULL', '', ' ', 'https://evil.example', 'https://shop.example.', 'https://shop.example..',
  'https://shop.example:8443', 'https://shop.example:0', 'https://shop.example:65536',
  'https://shop.example:-1', 'https://shop.example:443:443', 'http://shop.example',
  'https://user@shop.example', 'https://user:pass@shop.example', 'https://shop.example@evil.example',
  'https://shop.example/', 'https://shop.example/path', 'https://shop.example?x', 'https://shop.example#x',
  'https://xn--shp-0ra.example', 'https://shöp.example', 'https://shop.example.evil.com',
  'https://evilshop.example', 'https://example.org', 'https://.example.org', 'https://a..example.org',
  'https://*.example.org', 'https://a.example.org.', 'ftp://shop.example', 'javascript:alert(1)',
  'file://', 'https://', 'https:shop.example', '//shop.example', 'shop.example', 'https://[::1]',
  'https://127.0.0.1', 'https://' + 'a'.repeat(64) + '.example.org', 'https://' + 'a.'.repeat(130) + 'example.org',
  'https://' + 'x'.repeat(5000) + '.example', 'https://shop.example\u0000', 'https://shop%2eexample',
  'https://sh%6fp.example', 'HTTPS://SHOP.EXAMPLE:8443', 'https://-a.example.org', 'https://a-.example.org',
  'https://a_b.example.org', 'chrome-extension://abc', 'https://shop.example, https://evil.example',
];

// Keys that authenticate nobody. `real` are genuine keys to mangle.
export function badKey(rng, real) {
  const body = 'A'.repeat(43);
  return rng.weighted([
    [3, () => mangle(rng, rng.pick(real))],
    [1, () => rng.pick(['svc_pk_test_', 'svc_pk_live_', 'svc_ak_test_', 'svc_test_', 'svc_live_', 'sk_test_', 'whsec_', '']) + body],
    [1, () => rng.pick(['svc_pk_test_short', 'svc_pk_test_' + 'A'.repeat(4000), 'svc_pk_test_' + 'é'.repeat(43), 'x', '-', '=', 'Bearer'])],
    [1, () => rng.pick(real) + rng.pick(['é', '\u00ff', '\u0080'])],
  ])();
}

export const BAD_IDEMPOTENCY_KEYS = ['', 'a b', 'é', 'x'.repeat(256), 'tab\there', '\u0080', 'k\u00ff'];

// Content-Types that are not JSON; the accepted ones are kept apart because
// they do not refuse a request on their own.
export const NON_JSON_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/jsonx', 'application/json-patch+json', 'application/ld+json', 'application/ json',
  'application /json', 'json', 'application', '*/*', 'application/*', 'text/json', 'application/javascript',
  'application\\json', 'application/json\u00ff', ';application/json', 'application/json/json',
];
export const ACCEPTED_JSON_TYPES = [
  'application/json', 'APPLICATION/JSON', 'application/json; charset=utf-8',
  'application/json;charset=latin1', 'application/json;', '  application/json  ; x=y',
];

// Query strings: unknown, repeated, extreme and mis-encoded parameters.
export function badQuery(rng) {
  return rng.pick([
    '?limit=0', '?limit=101', '?limit=-1', '?limit=1e2', '?limit=10.0', '?limit=0x10', '?limit=',
    '?limit', '?limit=9999999999999999999999', '?limit=%31%30', '?limit=+1', '?limit= 1',
    '?offset=-1', '?offset=1000000001', '?offset=99999999999999999999', '?offset=1e9', '?offset=',
    '?limit=1&limit=2', '?offset=0&offset=0', '?status=', '?status=paid', '?status=PAID%00',
    '?status=CREATED&status=PAID', '?status=%ff', '?STATUS=PAID', '?Limit=1', '?x=1', '?%zz=1',
    '?limit=%zz', '?limit=%', '?a=%E0%A4%A', '?%00=1', '?limit=1%00', '?&&&', '?=', '?==', '?&limit=1',
    '?limit=1#frag', '?' + 'a=1&'.repeat(2000), '?' + 'q'.repeat(8000) + '=1', '?__proto__=1',
    '?limit[]=1', '?limit[0]=1', '?limit=1;offset=2', '?%ef%bb%bflimit=1', '?l%69mit=1',
  ]);
}

// Body texts that are not one well-formed JSON object.
export function malformedJson(rng) {
  const depth = rng.pick([33, 100, 1000, 5000, 20000]);
  return rng.pick([
    '', ' ', '{', '}', '{"a":1', '{"a":1}}', '{"a":1}{', '{"a":1},', '{"a":}', '{"a" 1}', '{a:1}',
    "{'a':1}", '{"a":1,}', '[', '[]', '[{}]', '"text"', '1', '-0', '1e400', 'true', 'null', 'NaN',
    '{"a":NaN}', '{"a":Infinity}', '{"a":-Infinity}', '{"a":01}', '{"a":1.}', '{"a":.5}', '{"a":+1}',
    '{"a":0x10}', '{"a":"\\x41"}', '{"a":"\\u12"}', '{"a":"\\ud800"}', '{"a":"\\udc00\\ud800"}',
    '{"a":"line\nbreak"}', '{"a":"tab\there"}', '{"a":1}/*c*/', '//c\n{"a":1}', '\ufeff{"a":1}',
    '{"a":1}\u0000', '\u0000{"a":1}', '{"a"\u0000:1}', '{"a":tru}', '{"a":nul}', '{"a":[1,2}',
    '['.repeat(depth) + ']'.repeat(depth), '['.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    '{"a":' + '['.repeat(depth) + ']'.repeat(depth) + '}', '{"a":1,"a":2,' + '"b":'.repeat(3),
  ]);
}

// Byte sequences that are not UTF-8 (overlong forms, surrogates, stray
// continuation bytes, truncated sequences, beyond U+10FFFF).
export const INVALID_UTF8 = [
  [0xff], [0xfe], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0xaf], [0xc1, 0xbf],
  [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0x80], [0xbf], [0xc3], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0x80],
].map((b) => Buffer.from(b));
