#!/usr/bin/env node
// Prints what tests/e2e/lib/openapi.mjs counted in one e2e pass: every answer checked
// against docs/openapi.yaml, by operation and status. Fails when an answer was not
// described, or when nothing was counted (the check is not wired in).
//   node scripts/openapi-tally.mjs build/openapi-tally-release.jsonl [--by-operation]
import { existsSync, readFileSync } from 'node:fs';

const [file = 'build/openapi-tally.jsonl', flag] = process.argv.slice(2);
const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
const sum = (key) => lines.reduce((n, l) => n + (l[key] ?? 0), 0);
const byOperation = {};
for (const l of lines) {
  for (const [op, statuses] of Object.entries(l.byOperation)) {
    byOperation[op] ??= {};
    for (const [status, n] of Object.entries(statuses)) byOperation[op][status] = (byOperation[op][status] ?? 0) + n;
  }
}
const validated = sum('validated');
const failed = sum('failed');
const files = new Set(lines.map((l) => l.file)).size;
if (flag === '--by-operation') {
  for (const op of Object.keys(byOperation).sort()) {
    console.log(`  ${op}: ${Object.entries(byOperation[op]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  }
}
console.log(`openapi: ${validated + failed} responses checked against docs/openapi.yaml in ${files} test files: `
  + `${validated} described, ${failed} not; ${sum('requestsChecked')} accepted requests checked; `
  + `${sum('webhooks')} webhook deliveries checked (${sum('webhookFailures')} not described); `
  + `${sum('knownDifferences')} known differences tolerated (tests/e2e/lib/openapi.mjs KNOWN_DIFFERENCES); `
  + `${Object.keys(byOperation).length} operations seen`);
if (failed > 0 || sum('webhookFailures') > 0 || validated === 0) process.exit(1);
