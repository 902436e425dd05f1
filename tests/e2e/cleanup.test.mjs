// lib/cleanup.mjs, what every test file relies on to end (issue 34): each
// cleanup step runs whatever failed before it, a stop has a deadline, and a
// child still running when its test process ends (by process.exit, an
// uncaught error, SIGTERM from the test runner) is killed with it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll, stopProcess, track } from './lib/cleanup.mjs';

const CLEANUP = fileURLToPath(new URL('./lib/cleanup.mjs', import.meta.url));
// A child that lives until it is killed, whatever SIGTERM says.
const STUBBORN = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('up');";

// Gone, or a zombie its new parent has not reaped yet: it runs no more.
const gone = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
};

// A node process that tracks a stubborn child of its own, says its pid, then
// does `then` (JavaScript). Resolves with the child's pid and how it ended.
function parentThat(then) {
  const script = `
    import { spawn } from 'node:child_process';
    import { track } from ${JSON.stringify(CLEANUP)};
    const child = track(spawn(process.execPath, ['-e', ${JSON.stringify(STUBBORN)}], { stdio: ['ignore', 'pipe', 'ignore'] }));
    child.stdout.once('data', () => { console.log(child.pid); ${then} });`;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  track(parent);
  let out = '';
  let err = '';
  parent.stdout.on('data', (d) => (out += d));
  parent.stderr.on('data', (d) => (err += d));
  return {
    parent,
    pid: () => eventually(() => Number(out.trim().split('\n')[0]) || null, { what: "the child's pid", context: () => err }),
    ended: new Promise((resolve) => parent.once('close', (code, signal) => resolve({ code, signal, err }))),
  };
}

describe('cleanup helpers', () => {
  test('stopAll runs every step in order whatever failed, then throws the first error, or all of them', async () => {
    const ran = [];
    const fail = (what) => () => { ran.push(what); throw new Error(`${what} failed`); };
    await assert.rejects(stopAll(fail('payd'), null, () => ran.push('chain')), /^Error: payd failed$/);
    assert.deepEqual(ran, ['payd', 'chain']);
    const both = await stopAll(fail('a'), async () => { ran.push('b'); }, fail('c')).catch((e) => e);
    assert.ok(both instanceof AggregateError);
    assert.deepEqual(both.errors.map((e) => e.message), ['a failed', 'c failed']);
    assert.match(both.message, /2 cleanup steps failed:\n- a failed\n- c failed/);
    assert.deepEqual(ran, ['payd', 'chain', 'a', 'b', 'c']);
  });

  test('a process that ignores SIGTERM is killed at the deadline, and the stop fails naming it', async () => {
    const child = track(spawn(process.execPath, ['-e', STUBBORN], { stdio: ['ignore', 'pipe', 'ignore'] }));
    await new Promise((r) => child.stdout.once('data', r));
    const started = Date.now();
    await assert.rejects(stopProcess(child, { withinMs: 1000, name: 'the stubborn one' }),
      /the stubborn one \(pid \d+\) did not end after SIGTERM within 1 s: killed with SIGKILL/);
    assert.ok(Date.now() - started < 5000);
    await eventually(() => gone(child.pid), { what: 'the child killed' });
    assert.equal(await stopProcess(child), 'SIGKILL', 'a second stop of an ended process returns at once');
  });

  for (const [how, then, expect] of [
    ['process.exit()', 'process.exit(3);', { code: 3 }],
    ['an uncaught error', "throw new Error('a test library threw');", { code: 1 }],
    ['SIGTERM (the test runner cancelling the file)', "process.kill(process.pid, 'SIGTERM');", { code: 143 }],
  ]) {
    test(`a tracked child is killed when its test process ends by ${how}`, async () => {
      const run = parentThat(then);
      const pid = await run.pid();
      const ended = await run.ended;
      assert.equal(ended.code, expect.code, ended.err);
      await eventually(() => gone(pid), { what: `the child ${pid} killed with its parent` });
    });
  }
});
