#!/usr/bin/env node
// `make test`: every suite of every build, as a graph of stages run side by
// side where the two cores allow it, each stage one `make` target of the
// Makefile (so any stage can be run alone; each has its watchdog there).
//
// The release build comes first; then the release suites run one after the
// other at normal priority while the fuzz and ASan builds use what CPU they
// leave (nice 19: a test suite waiting on a chain or a browser leaves a core
// half idle). A stage starts once the stages it needs have passed; one whose
// need failed is skipped, the others go on, and the run fails at the end.
//
// Each stage's output goes to build/test-logs/<stage>.log and is printed whole
// when the stage ends, so that suites running side by side never interleave;
// an `==` line says when each stage started and how it ended, and the run ends
// with a table of the stages' times.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';

const LOG_DIR = process.env.TEST_LOG_DIR ?? 'build/test-logs';

// name: the stage; make: its targets; after: the stages it needs; following: the
// stages it only waits for, whatever their outcome (builds one after the other);
// low: run at nice 19 (builds that fill the cores the suites leave idle).
const STAGES = [
  { name: 'checks', make: ['format-check', 'check-sleeps', 'openapi-lint'] },
  { name: 'build', make: ['build'] },
  { name: 'plugin deps', make: ['deps-plugins'], low: true },
  // The ASan build first: its suites are the longest chain after it.
  { name: 'build-asan', make: ['build-asan'], after: ['build'], low: true },
  { name: 'build-fuzz', make: ['build-fuzz'], after: ['build'], following: ['build-asan'], low: true },
  { name: 'build-tsan', make: ['build-tsan'], after: ['build'], following: ['build-fuzz'], low: true },
  { name: 'unit', make: ['unit'], after: ['build'] },
  { name: 'e2e', make: ['e2e'], after: ['unit'] },
  { name: 'e2e-postgres', make: ['e2e-postgres'], after: ['e2e'] },
  // The pages on SQLite only: the e2e suite already drives every dashboard and
  // page route on PostgreSQL, and a browser adds scripts, axe and screenshots,
  // none of which depend on the store (`make browser-postgres` runs them there).
  { name: 'browser', make: ['browser'], after: ['e2e-postgres'] },
  { name: 'plugins', make: ['test-plugins'], after: ['browser', 'plugin deps'] },
  { name: 'harness', make: ['harness'], after: ['plugins'] },
  // Each target fuzzes for a fixed time, whatever CPU it gets: at nice 19 it takes
  // what the ASan suites leave instead of slowing them.
  { name: 'fuzz', make: ['test-fuzz'], after: ['build-fuzz', 'harness'], low: true },
  { name: 'tsan', make: ['tsan'], after: ['build-tsan'] },
  // The two ASan suites side by side: the end-to-end one, the run's last, waits
  // on chains and payds for much of its time, which the unit tests fill.
  { name: 'unit-asan', make: ['unit-asan'], after: ['build-asan'] },
  { name: 'e2e-asan', make: ['e2e-asan'], after: ['build-asan', 'e2e-postgres'] },
];

const started = Date.now();
const clock = (ms) => new Date(ms).toISOString().slice(11, 19);
const span = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

mkdirSync(LOG_DIR, { recursive: true });
const state = new Map(STAGES.map((s) => [s.name, { status: 'waiting' }]));

function run(stage) {
  const st = state.get(stage.name);
  st.status = 'running';
  st.start = Date.now();
  st.log = `${LOG_DIR}/${stage.name.replaceAll(' ', '-')}.log`;
  console.log(`== ${stage.name}: started at ${clock(st.start)} UTC (+${span(st.start - started)})` +
    `${stage.low ? ', low priority' : ''}: make ${stage.make.join(' ')}`);
  // The log file itself is the stage's stdout and stderr, not a pipe: writes to a
  // file are never left queued, and node's test runner loses the last of its
  // output to a pipe when --test-force-exit ends it (tests/stdout_blocking.mjs).
  const out = openSync(st.log, 'w');
  const args = ['--no-print-directory', ...stage.make];
  const [command, argv] = stage.low ? ['nice', ['-n', '19', 'make', ...args]] : ['make', args];
  // A process group of its own, so that an interrupted run stops the whole stage.
  const child = spawn(command, argv, { stdio: ['ignore', out, out], detached: true });
  closeSync(out);
  groups.add(child.pid);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      groups.delete(child.pid);
      st.end = Date.now();
      st.status = code === 0 ? 'passed' : 'FAILED';
      process.stdout.write(readFileSync(st.log, 'utf8'));
      console.log(`== ${stage.name}: ${st.status.toLowerCase()} in ${span(st.end - st.start)}` +
        `${code === 0 ? '' : ` (${signal ?? `exit ${code}`}; log: ${st.log})`}`);
      resolve();
    });
  });
}

// The failed tests of a stage's log: node's TAP `not ok` lines with their
// diagnostics (a suite failed only by its subtests is named, not repeated), and
// GoogleTest's FAILED lines with the assertion messages before them.
function whatFailed(log) {
  const lines = log.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const tap = line.match(/^(\s*)not ok \d+ - /);
    if (tap) {
      out.push(line);
      if (lines[i + 1]?.trim() !== '---') continue;
      const block = [];
      for (let j = i + 1; j < lines.length && !lines[j].startsWith(`${tap[1]}  ...`); j++)
        block.push(lines[j]);
      if (!block.some((l) => l.includes("failureType: 'subtestsFailed'")))
        out.push(...block.slice(0, 40), ...(block.length > 40 ? [`${tap[1]}  (… ${block.length - 40} more lines)`] : []));
    } else if (/^\[  FAILED  \] \S+ \(\d+ ms\)$/.test(line)) {
      out.push(line);
    } else if (/^.+:\d+: Failure$/.test(line)) {
      out.push(...lines.slice(i, i + 8));
    }
  }
  return out;
}

// Starts every stage whose needs have passed; marks skipped those whose need failed.
const FINAL = new Set(['passed', 'FAILED', 'skipped']);
const inFlight = new Set();
const groups = new Set();
function schedule() {
  let changed = true;
  while (changed) {
    changed = false;
    for (const stage of STAGES) {
      const st = state.get(stage.name);
      if (st.status !== 'waiting') continue;
      const needs = (stage.after ?? []).map((n) => state.get(n).status);
      const ended = (stage.following ?? []).every((n) => FINAL.has(state.get(n).status));
      if (needs.some((s) => s === 'FAILED' || s === 'skipped')) {
        st.status = 'skipped';
        console.log(`== ${stage.name}: skipped (it needs ${stage.after.join(', ')})`);
        changed = true;
      } else if (ended && needs.every((s) => s === 'passed')) {
        const p = run(stage).then(() => {
          inFlight.delete(p);
          schedule();
        });
        inFlight.add(p);
      }
    }
  }
}

// A line a minute while stages run long, so a quiet stretch is never taken for a hang.
const heartbeat = setInterval(() => {
  const running = STAGES.filter((s) => state.get(s.name).status === 'running')
    .map((s) => `${s.name} ${span(Date.now() - state.get(s.name).start)}`);
  if (running.length) console.log(`.. +${span(Date.now() - started)} running: ${running.join(', ')}`);
}, 60000);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const group of groups) {
      try {
        process.kill(-group, 'SIGTERM');  // each suite's watchdog passes it on to its own group
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

schedule();
while (inFlight.size) await Promise.race(inFlight);
clearInterval(heartbeat);

console.log(`\n== stage times (make test started at ${clock(started)} UTC)`);
console.log(`${'stage'.padEnd(14)} ${'start'.padStart(6)} ${'time'.padStart(6)}  result`);
for (const stage of STAGES) {
  const st = state.get(stage.name);
  const start = st.start ? `+${span(st.start - started)}` : '';
  const time = st.end ? span(st.end - st.start) : '';
  console.log(`${stage.name.padEnd(14)} ${start.padStart(6)} ${time.padStart(6)}  ${st.status}`);
}
const failed = STAGES.filter((s) => state.get(s.name).status !== 'passed').map((s) => s.name);
// What failed, again at the very end: a CI that keeps only the head and the tail of
// a long output still shows which test failed and why.
for (const stage of STAGES.filter((s) => state.get(s.name).status === 'FAILED')) {
  const lines = whatFailed(readFileSync(state.get(stage.name).log, 'utf8'));
  console.log(`\n== what failed in ${stage.name}${lines.length ? '' : ': no test named (see its log)'}`);
  for (const line of lines) console.log(line);
}
console.log(`${'total'.padEnd(14)} ${''.padStart(6)} ${span(Date.now() - started).padStart(6)}  ` +
  `${failed.length ? `FAILED: ${failed.join(', ')}` : 'all passed'}`);
process.exit(failed.length ? 1 : 0);
