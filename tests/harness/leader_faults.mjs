// The PostgreSQL mode's plan (generate.mjs): the seed's plan, every step
// kept, with faults of chain leadership among two processes drawn from the
// seed's own substream ('leaders'), so the rest of the plan is the SQLite
// mode's. A kill is the SIGKILL of the process that leads a chain (the
// plan's own kills included), restarted by a later `start`; a `terminate`
// ends the PostgreSQL session holding a chain's watch lock
// (pg_terminate_backend), the process itself staying up.
import { NEAR_KINDS } from './generate.mjs';
import { Prng } from './prng.mjs';

const KILL_CHANCE = 0.06;
const TERMINATE_CHANCE = 0.1;

export function withLeaderFaults(plan) {
  const p = new Prng(plan.seed, 'leaders');
  const wait = () => (p.chance(0.35) ? { polls: p.int(1, 2) } : { ms: p.int(0, 60) });
  const steps = [];
  let planDown = false; // the plan's own kill, until its start
  let restartAt = null; // where a drawn kill's restart goes
  // The hand-typed round prices, fees and round sums (generate.mjs) came after
  // these faults were first drawn: passed by, uncounted, so that each seed
  // keeps its faults.
  let i = -1;
  for (const step of plan.steps) {
    if (step.op === 'pay' && NEAR_KINDS.has(step.kind)) {
      steps.push(step);
      continue;
    }
    i++;
    // One process down at a time: a drawn kill's process is back before the plan's kill.
    if (restartAt !== null && (i >= restartAt || step.op === 'kill')) {
      steps.push({ op: 'start', wait: wait() });
      restartAt = null;
    }
    if (restartAt === null && !planDown && step.op !== 'kill' && p.chance(KILL_CHANCE)) {
      steps.push({ op: 'kill', leaderOf: p.pick(plan.chains), delayMs: p.int(0, 80), wait: wait() });
      restartAt = i + p.int(2, 6);
    }
    if (p.chance(TERMINATE_CHANCE)) steps.push({ op: 'terminate', chain: p.pick(plan.chains), wait: wait() });
    if (step.op === 'kill') {
      steps.push({ ...step, leaderOf: p.pick(plan.chains) });
      planDown = true;
    } else {
      if (step.op === 'start') planDown = false;
      steps.push(step);
    }
  }
  return { ...plan, store: 'postgres', steps };
}
