// The JS SDK's types are generated from docs/openapi.yaml (issue 17 item 3):
// the committed sdk/js/api-types.d.ts is what openapi-typescript makes of the
// document today, payd.d.ts takes its answers' shapes from it, a shop's
// TypeScript compiles against them (and refuses what the document refuses),
// and payd serves both files beside payd.js.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { generateSdkTypes, TYPES_PATH } from '../../scripts/gen-sdk-types.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { startPayd } from './lib/payd.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

// A shop's code using the SDK's types; each @ts-expect-error line must be an error.
const SHOP_TS = `
import type { PaymentIntent, IntentStatus, IntegrationConfig, TokenConfig } from '${join(ROOT, 'sdk/js/payd.js')}';

export function summary(pi: PaymentIntent): string {
  const via: 'api' | 'link' | 'public' = pi.createdVia;
  // null until the payer chooses chain and token (an intent made through /v1)
  const exact: string | null = pi.amount;
  const usd: string | null = pi.amountUsd;
  return [pi.id, pi.status, via, exact ?? '', usd ?? '', pi.exception ?? ''].join(' ');
}
export const done: IntentStatus[] = ['PAID', 'EXPIRED', 'FAILED'];
export const tokens = (c: IntegrationConfig): TokenConfig[] => Object.keys(c.chains).flatMap((id) => c.chains[id].tokens);

// @ts-expect-error: statuses are the document's, uppercase on this API
export const wrong: IntentStatus = 'paid';
// @ts-expect-error: money is never a number
export const number = (pi: PaymentIntent): number => pi.amount;
// @ts-expect-error: the payer's view has no metadata
export const metadata = (pi: PaymentIntent) => pi.metadata;
`;

describe('the SDK types', () => {
  let dir, payd;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payd-sdk-types-'));
    payd = await startPayd();
  });
  after(() => stopAll(() => dir && rmSync(dir, { recursive: true, force: true }), () => payd?.close()));

  test('sdk/js/api-types.d.ts is what openapi-typescript makes of docs/openapi.yaml now', async () => {
    const committed = readFileSync(TYPES_PATH, 'utf8');
    assert.ok(committed === await generateSdkTypes(),
      'sdk/js/api-types.d.ts is stale: run `node scripts/gen-sdk-types.mjs` and commit it');
  });

  test('a shop\'s TypeScript compiles against payd.d.ts, and the document\'s refusals are type errors', () => {
    writeFileSync(join(dir, 'shop.ts'), SHOP_TS);
    const r = spawnSync(process.execPath, [TSC, '--noEmit', '--strict', '--skipLibCheck', 'false',
      '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', join(dir, 'shop.ts')],
    { encoding: 'utf8', timeout: 300000 });
    assert.equal(r.status, 0, `tsc: ${r.error?.message ?? ''} ${r.stdout}${r.stderr}`);
  });

  test('payd serves the generated types beside the SDK, the same bytes', async () => {
    for (const file of ['payd.d.ts', 'api-types.d.ts']) {
      const r = await payd.request('GET', `/sdk/${file}`);
      assert.equal(r.status, 200, file);
      assert.equal(r.text, readFileSync(join(ROOT, 'sdk/js', file), 'utf8'), file);
    }
  });
});
