// node's test runner must end when a test file that reported a lot is ended by
// --test-force-exit. Without tests/stdout_blocking.mjs (loaded into every test
// file's process by the Makefile's NODE_TEST) the file's last report is cut at
// its forced exit and Node 20's runner spins on it for ever (nodejs/node#62693).
// The runner's own output goes to a file, as `make test` gives it one: a pipe
// would lose its last lines at the runner's own forced exit (the preload does
// not reach the runner itself).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { stopProcess, track, withDeadline } from './lib/cleanup.mjs';

const PRELOAD = fileURLToPath(new URL('../stdout_blocking.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./cases/big_report.mjs', import.meta.url));

test('a file that reports 4 MB and is force-exited: its runner ends with the whole report', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'payd-runner-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, 'runner.log');
  const fd = openSync(log, 'w');
  // A runner of its own: without NODE_TEST_CONTEXT, which would make it report to this one.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const runner = track(spawn(process.execPath, ['--import', PRELOAD, '--test', '--test-force-exit', FIXTURE],
    { stdio: ['ignore', fd, fd], env }));
  closeSync(fd);
  t.after(() => stopProcess(runner, { signal: 'SIGKILL', name: 'the runner' }));
  const ended = new Promise((resolve) => runner.once('exit', (code, signal) => resolve(code ?? signal)));
  const code = await withDeadline(ended, 60000, 'the runner did not end (it spins on a cut report)');
  assert.equal(code, 0);
  const out = readFileSync(log, 'utf8');
  assert.match(out, /^# pass 1$/m);
  assert.ok(out.includes('x'.repeat(4 * 1024 * 1024)), 'the whole report');
});
