// Behind a reverse proxy (trusted_proxies): the public per-client limits and
// the access log take the client from X-Forwarded-For / Forwarded only when
// the connection comes from a trusted proxy; from anyone else those headers
// are the client's own words and change nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { createMerchant, preparePayd, startPayd } from './lib/payd.mjs';

const LIMITS = '[limits]\napi_requests_per_min = 1000\npublic_reads_per_min = 2\n';
const origin = { Origin: 'https://shop.example' };

// A payd with a merchant, reading its integration's public configuration.
function suite(config, env = {}) {
  const s = {};
  before(async () => {
    s.payd = await startPayd({ config, env });
    s.shop = createMerchant(s.payd);
  });
  after(() => s.payd?.close());
  s.read = (headers = {}) =>
    s.payd.request('GET', `/public/integrations/${s.shop.integration.id}`, { headers: { ...origin, ...headers } });
  s.logLine = (r) => eventually(
    () => s.payd.requestLogs().find((l) => l.requestId === r.headers.get('x-request-id')),
    { what: "the request's log line" },
  );
  return s;
}

async function statuses(s, headerList) {
  const out = [];
  for (const headers of headerList) out.push((await s.read(headers)).status);
  return out;
}

// The peer (127.0.0.1) is no trusted proxy in either: three "clients" are one.
for (const [name, config] of [
  ['no trusted_proxies (the default)', LIMITS],
  ['trusted_proxies that do not hold the peer', `trusted_proxies = ["10.0.0.0/8", "::1"]\n${LIMITS}`],
]) {
  describe(`from an untrusted peer, ${name}`, () => {
    const s = suite(config);

    test('spoofed X-Forwarded-For and Forwarded share the connection\'s limit, and the log names the socket', async () => {
      const got = await statuses(s, [
        { 'X-Forwarded-For': '203.0.113.1' },
        { 'X-Forwarded-For': '203.0.113.2' },
        { Forwarded: 'for=203.0.113.3' },
      ]);
      assert.deepEqual(got, [200, 200, 429]);
      const r = await s.read({ 'X-Forwarded-For': '203.0.113.4' });
      assert.equal(r.status, 429);
      const line = await s.logLine(r);
      assert.equal(line.remote, '127.0.0.1');
      assert.equal(line.proxy, undefined);
    });
  });
}

describe('behind a trusted proxy (trusted_proxies = ["127.0.0.1"])', () => {
  const s = suite(`trusted_proxies = ["127.0.0.1"]\n${LIMITS}`);

  test('each forwarded client has its own limit, and the log names the client and the proxy', async () => {
    const a = { 'X-Forwarded-For': '203.0.113.1' };
    const b = { 'X-Forwarded-For': '203.0.113.2' };
    assert.deepEqual(await statuses(s, [a, a, b, b]), [200, 200, 200, 200]);
    const third = await s.read(a);
    assert.equal(third.status, 429);
    const line = await s.logLine(third);
    assert.equal(line.remote, '203.0.113.1');
    assert.equal(line.proxy, '127.0.0.1');
  });

  test('the client is the rightmost address the proxy did not add itself: what the client wrote to its left is ignored', async () => {
    // 203.0.113.2 used its two reads above; prepending other addresses does not make it someone else.
    const r = await s.read({ 'X-Forwarded-For': '198.51.100.7, 203.0.113.2' });
    assert.equal(r.status, 429);
    assert.equal((await s.logLine(r)).remote, '203.0.113.2');
    // A trusted hop (127.0.0.1) right of the client is skipped.
    const c = await s.read({ 'X-Forwarded-For': '203.0.113.9, 127.0.0.1' });
    assert.equal(c.status, 200);
    assert.equal((await s.logLine(c)).remote, '203.0.113.9');
  });

  test('Forwarded with a quoted IPv6 address and port; an IPv6 client counts by its /64', async () => {
    const got = await statuses(s, [
      { Forwarded: 'for="[2001:db8:1:2::1]:4711";proto=https' },
      { Forwarded: 'For="[2001:db8:1:2::99]"' },
      { 'X-Forwarded-For': '2001:db8:1:2::5' },
    ]);
    assert.deepEqual(got, [200, 200, 429]);
    const other = await s.read({ Forwarded: 'for="[2001:db8:1:3::1]"' });
    assert.equal(other.status, 200);
    assert.equal((await s.logLine(other)).remote, '2001:db8:1:3::1');
  });

  test('without a usable header the client is the proxy itself', async () => {
    const got = await statuses(s, [{}, { 'X-Forwarded-For': 'not-an-address' }, { Forwarded: 'for=unknown' }]);
    assert.deepEqual(got, [200, 200, 429]);
    const r = await s.read({});
    const line = await s.logLine(r);
    assert.equal(line.remote, '127.0.0.1');
    assert.equal(line.proxy, undefined);
  });
});

describe('PAYD_TRUSTED_PROXIES', () => {
  const s = suite(LIMITS, { PAYD_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.0/8' });

  test('overrides the file, comma-separated', async () => {
    const r = await s.read({ 'X-Forwarded-For': '192.0.2.44, 10.1.2.3' });
    assert.equal(r.status, 200);
    const line = await s.logLine(r);
    assert.equal(line.remote, '192.0.2.44');
    assert.equal(line.proxy, '127.0.0.1');
  });
});

describe('a trusted_proxies mistake', () => {
  for (const [where, config, env, message] of [
    ['in the file', `trusted_proxies = ["127.0.0.1", "10.0.0.0/33"]\n${LIMITS}`, {},
      /config: .*payd\.toml: trusted_proxies\[1\] "10\.0\.0\.0\/33"/],
    ['in the environment', '', { PAYD_TRUSTED_PROXIES: '127.0.0.1,localhost' },
      /config: PAYD_TRUSTED_PROXIES: "localhost"/],
  ]) {
    test(`${where} is named and nothing starts`, async () => {
      const payd = preparePayd({ config, env });
      try {
        const r = payd.adminRaw(['serve']);
        assert.equal(r.status, 1, r.stderr);
        assert.match(r.stderr, message);
      } finally {
        await payd.cleanup();
      }
    });
  }
});
