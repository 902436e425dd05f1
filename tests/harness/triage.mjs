#!/usr/bin/env node
// Sorts the findings of a soak (`run.mjs --seeds ... --out DIR`) by what
// they look like, with a few seeds each, so that a run against a payd with
// known bugs says how much is left once those are set aside:
//
//   node tests/harness/triage.mjs DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// [class, label, pattern]; the first match wins. A finding in a scenario
// where payd got stuck below the head is put under that cause.
const SIGNATURES = [
  ['doubled', 'zero-value transfer recorded as a payment', /zero-value transfer .* recorded/],
  ['wrong', 'an unproven sender hint moved money', /from its unproven sender hint/],
  ['wrong', 'a zero-value transfer made it PENDING/FAILED UNDERPAID by sender hint', /UNDERPAID received 0;/],
  ['missed', 'transfer back in the same block, blocked by its REORGED row', /no live payment \(payd has: REORGED in the same block/],
  ['missed', 'only a REORGED row in a block no longer canonical', /no live payment \(payd has: REORGED in block/],
  ['missed', 'never recorded at all', /no live payment$/],
  ['missed', 'not CONFIRMED after settling', /after settling/],
  ['missed', 'unmatched payment missing for a tenant', /has no payment$/],
  ['doubled', 'live payment not on the final chain', /is not on the final chain/],
  ['doubled', 'live payment in a block no longer canonical', /live payment .* in block .* but/],
  ['doubled', 'several live payments for one transfer', /live payments \(/],
  ['wrong', 'PAID_LATE while a transfer in time is unmatched', /PAID_LATE while/],
  ['wrong', 'hinted transfer taken while the intent no longer waited', /neither its exact amount/],
  ['wrong', 'short while its exact transfer is unmatched (not re-matched after its cover was reorganised away)', /while its exact transfer/],
  ['wrong', 'short while its trusted sender\'s transfer is unmatched', /from its trusted sender is unmatched/],
  ['wrong', 'younger hinted intent took the transfer', /while the older/],
  ['wrong', 'amountReceived differs from its payments', /amountReceived/],
  ['wrong', 'status or exception', /expected/],
  ['trail', 'PENDING undone without PAYMENT_REVERSED', /ends CREATED, the last event is PAYMENT_PENDING/],
  ['trail', 'last event disagrees', /the last event/],
  ['trail', 'no PAYMENT_UNMATCHED', /PAYMENT_UNMATCHED/],
  ['crashes', 'peak memory over the limit', /peak memory/],
  ['crashes', 'exited or sanitizer report', /./],
  ['lost', 'confirmed then lost', /./],
  ['spurious', 'REORGED though its block never left the chain', /./],
  ['webhooks', 'webhook missing or inconsistent', /./],
];

const dir = process.argv[2];
if (!dir) {
  console.error('usage: triage.mjs DIR (from run.mjs --out DIR)');
  process.exit(2);
}
const outcomes = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
const buckets = new Map();
const add = (key, seed) => {
  const b = buckets.get(key) ?? { findings: 0, seeds: new Set() };
  b.findings++;
  b.seeds.add(seed);
  buckets.set(key, b);
};
for (const o of outcomes) {
  const stuck = o.counts.stuck ? o.result.notes[0] : null;
  const cause = stuck ? `payd stuck: ${/failed with "([^"]+)"/.exec(stuck)?.[1] ?? 'no progress'}` : null;
  for (const [cls, list] of Object.entries(o.result)) {
    if (cls === 'notes' || !Array.isArray(list)) continue;
    for (const finding of list) {
      if (cls === 'harness') {
        add('harness | harness error', o.seed);
        continue;
      }
      const sig = SIGNATURES.find(([c, , re]) => c === cls && re.test(finding));
      const label = sig ? sig[1] : 'other';
      add(`${cls} | ${cause && cls !== 'crashes' && !/zero-value|unproven/.test(label) ? `(in a stuck scenario) ${cause}` : label}`, o.seed);
    }
  }
}
console.log(`${outcomes.length} scenarios\n\n| class | looks like | findings | scenarios | seeds |\n|---|---|---|---|---|`);
for (const [key, b] of [...buckets].sort((a, b) => a[0].localeCompare(b[0]) || b[1].findings - a[1].findings)) {
  const [cls, label] = key.split(' | ');
  const seeds = [...b.seeds].sort((x, y) => x - y);
  console.log(`| ${cls} | ${label} | ${b.findings} | ${seeds.length} | ${seeds.slice(0, 8).join(' ')} |`);
}
