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
  ['missed', 'transfer back in the same block, blocked by its REORGED row', /no live payment \(payd has: REORGED in the same block/],
  ['missed', 'only a REORGED row in a block no longer canonical', /no live payment \(payd has: REORGED in block/],
  ['missed', 'never recorded at all', /no live payment$/],
  ['missed', 'not CONFIRMED after settling', /after settling/],
  ['missed', 'unmatched payment missing for a tenant', /has no payment$/],
  ['doubled', 'live payment not on the final chain', /is not on the final chain/],
  ['doubled', 'live payment in a block no longer canonical', /live payment .* in block .* but/],
  ['doubled', 'several live payments for one transfer', /live payments \(/],
  ['recorded', 'payment fields unlike its transfer', /./],
  ['wrong', 'matched where the rules leave it unmatched', /the rules to nobody/],
  ['wrong', 'unmatched where the rules match it', /payd gives it to nobody/],
  ['wrong', 'given to another intent', /payd gives it to/],
  ['wrong', 'amountReceived differs', /amountReceived/],
  ['wrong', 'status or exception', /expected/],
  ['reserved', 'an exact amount given twice', /is also/],
  ['reserved', 'not the fewest units', /fewest/],
  ['events', 'PENDING undone without PAYMENT_REVERSED', /leaves it PENDING, it ends CREATED/],
  ['events', 'no move of the lifecycle', /no move of the lifecycle/],
  ['events', 'the last event is not the final status', /the last event leaves it/],
  ['events', 'not the exact sequence of an undisturbed intent', /; expected/],
  ['events', 'PAYMENT_UNMATCHED missing or repeated', /PAYMENT_UNMATCHED/],
  ['refused', 'intent creation refused', /./],
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
      add(`${cls} | ${cause && cls !== 'crashes' && !/zero-value/.test(label) ? `(in a stuck scenario) ${cause}` : label}`, o.seed);
    }
  }
}
console.log(`${outcomes.length} scenarios\n\n| class | looks like | findings | scenarios | seeds |\n|---|---|---|---|---|`);
for (const [key, b] of [...buckets].sort((a, b) => a[0].localeCompare(b[0]) || b[1].findings - a[1].findings)) {
  const [cls, label] = key.split(' | ');
  const seeds = [...b.seeds].sort((x, y) => x - y);
  console.log(`| ${cls} | ${label} | ${b.findings} | ${seeds.length} | ${seeds.slice(0, 8).join(' ')} |`);
}
