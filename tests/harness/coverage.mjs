#!/usr/bin/env node
// Picks the fixed seeds `make test` runs: the fewest seeds (greedy set cover
// over seeds 1..N) whose plans together draw every feature of the generator
// at least once. Rerun when the generator changes, and paste the seeds into
// the Makefile (HARNESS_SEEDS; with --store postgres, HARNESS_PG_SEEDS, among
// the plans that draw both a leader's kill and a lock session's end):
//
//   node tests/harness/coverage.mjs [--upto 2000] [--count 16] [--store postgres]
import { generate } from './generate.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const store = process.argv.includes('postgres') ? 'postgres' : 'sqlite';
const second = (chain) => (chain !== 31337 ? ' on the second chain' : '');

export function features(plan) {
  const f = new Set();
  if (plan.clockBehind) f.add('clock behind');
  if (plan.chains.length > 1) f.add('two chains');
  if (plan.tenants.length > 1) f.add(`${plan.tenants.length} tenants`);
  const payouts = plan.integrations.map((x) => x.payout);
  if (new Set(payouts).size < payouts.length) {
    const tenantsOn = (a) => new Set(plan.integrations.filter((x) => x.payout === a).map((x) => x.tenant)).size;
    f.add(payouts.some((a) => tenantsOn(a) > 1) ? 'tenants sharing a payout address' : 'integrations of a tenant sharing a payout address');
  }
  if (plan.receiverFailRate) f.add('receiver fails');
  for (const s of plan.steps) {
    if (s.op === 'intent') {
      f.add(`intent ${s.token} by ${s.by}${s.chain !== 31337 ? ' on the second chain' : ''}`);
      if (s.hint) f.add(`hint ${s.hint.proven ? 'proven' : 'unproven'}`);
    } else if (s.op === 'pay') {
      f.add(`pay ${s.kind}${s.kind === 'zero' ? ` ${s.how}` : ''}`);
    } else if (s.op === 'reorg') {
      f.add(`reorg ${s.depth >= 7 ? 'deep' : s.depth >= 4 ? 'mid' : 'shallow'}${s.chain !== 31337 ? ' on the second chain' : ''}`);
    } else if (s.op === 'flip') {
      f.add(s.back ? 'flip-back' : 'flip');
    } else if (s.op === 'fault') {
      f.add(`fault ${s.name}${s.name === 'rateLimit' ? ` ${s.params.kind}` : s.name === 'drop' ? ` ${s.params.when}` : ''}`);
    } else if (s.op === 'jump') {
      f.add(`jump ${s.kind}`);
    } else if (s.op === 'kill' && s.leaderOf) {
      f.add(`kill the leader${second(s.leaderOf)}`);
    } else if (s.op === 'terminate') {
      f.add(`terminate the lock session${second(s.chain)}`);
    } else {
      f.add(s.op);
    }
  }
  return f;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const upto = arg('upto', 2000);
  const count = arg('count', 16);
  const bothFaults = (f) => store === 'sqlite' || ([...f].some((x) => x.startsWith('kill the leader')) && [...f].some((x) => x.startsWith('terminate')));
  const plans = Array.from({ length: upto }, (_, i) => ({ seed: i + 1, f: features(generate(i + 1, { store })) })).filter((p) => bothFaults(p.f));
  const all = new Set(plans.flatMap((p) => [...p.f]));
  const missing = new Set(all);
  const chosen = [];
  while (chosen.length < count) {
    // Most features still missing; ties go to the lower seed.
    const best = plans.filter((p) => !chosen.includes(p.seed))
      .map((p) => ({ ...p, gain: [...p.f].filter((x) => missing.has(x)).length }))
      .sort((a, b) => b.gain - a.gain || a.seed - b.seed)[0];
    chosen.push(best.seed);
    for (const x of best.f) missing.delete(x);
    if (!missing.size) {
      console.log(`every feature drawn by ${chosen.length} seeds`);
      for (const x of all) missing.add(x); // covered: cover again, for variety
    }
  }
  console.log(`features: ${all.size}`);
  console.log(`seeds: ${chosen.sort((a, b) => a - b).join(',')}`);
}
