// The API reference payd serves (issue 17 item 3): /openapi.json is docs/openapi.yaml, as the
// YAML 1.2 reader of the harness reads it (payd's build converts it with python3-yaml, a YAML
// 1.1 reader: this catches a value the two read differently); /docs is Redoc's standalone
// bundle from npm, served by payd itself under a CSP that lets the page reach payd alone.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { document } from './lib/openapi.mjs';
import { paydForSuite } from './lib/payd.mjs';

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

describe('the API reference', () => {
  const suite = paydForSuite();

  test('GET /openapi.json is docs/openapi.yaml as JSON, readable from any origin, revalidated by ETag', async () => {
    const r = await suite.payd.request('GET', '/openapi.json', { headers: { Origin: 'https://tools.example' } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type'), /^application\/json/);
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(r.json, document);
    const again = await suite.payd.request('GET', '/openapi.json', { headers: { 'If-None-Match': r.headers.get('etag') } });
    assert.equal(again.status, 304);
  });

  test('GET /docs loads Redoc from payd only, under a CSP without inline scripts or other origins', async () => {
    const page = await suite.payd.request('GET', '/docs');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type'), /^text\/html/);
    const csp = page.headers.get('content-security-policy');
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/, 'scripts from payd only: no inline script, no eval');
    assert.match(csp, /connect-src 'self'(;|$)/, 'the page reaches payd alone (no telemetry, no CDN)');
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /https?:|\*/, 'no other origin anywhere in the policy');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.match(page.text, /<redoc spec-url="\/openapi.json" disable-telemetry="true">/);
    const src = page.text.match(/<script type="module" src="([^"]+)"><\/script>/)?.[1];
    assert.match(src, /^\/docs\/redoc\.standalone\.js\?v=[0-9a-f]{16}$/);
    assert.doesNotMatch(page.text, /<script>|<style|https?:\/\//, 'nothing inline, nothing from elsewhere');

    const bundle = await suite.payd.request('GET', src, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type'), /^text\/javascript/);
    assert.match(bundle.headers.get('cache-control'), /immutable/);
    assert.equal(sha256(bundle.text), sha256(readFileSync(REDOC_BUNDLE, 'utf8')), "npm's redoc bundle, byte for byte");
    assert.match(bundle.text, /Version: 3\.0\.0/);
  });
});
