// Stopping what a describe block started, each step whatever the one before
// did: a payd that fails its clean stop must not leave its anvil running.
// (The same contract as stopAll in lib/cleanup.mjs, which main is adding; a
// merge may point the imports there and drop this file.)

// Runs each step (a function; a falsy one is skipped) in order, awaiting it,
// even when an earlier one failed; then throws the first error, or an
// AggregateError when several failed.
export async function stopSteps(...steps) {
  const errors = [];
  for (const step of steps) {
    if (!step) continue;
    try {
      await step();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, errors.map((e) => e?.message ?? String(e)).join('\n'));
}

// A payd's end: its clean stop (which fails on a crash at SIGTERM), then its
// files and database, whatever the stop found.
export const closePayd = (payd) => payd && stopSteps(() => payd.stopCleanly(), () => payd.cleanup());
