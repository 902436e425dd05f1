// A test file for runner_stdout.test.mjs (not one of the suite's: no .test. in
// its name): it reports 4 MB, as a failure quoting payd's answers can, and keeps
// its event loop alive, so that only --test-force-exit ends it.
import { test } from 'node:test';

test('reports a lot', (t) => {
  t.diagnostic('x'.repeat(4 * 1024 * 1024));
  setInterval(() => {}, 1000); // sleep-ok: keeps the process alive for --test-force-exit to end
});
