#!/usr/bin/env node
// Runs one test suite with a time limit, so that nothing can hang `make test`:
//   node scripts/watchdog.mjs SECONDS NAME -- COMMAND [ARGS...]
// The command runs in a process group of its own. When it outlives SECONDS,
// the watchdog prints what was still running in that group (the test files
// node's runner had open, payd, anvil, PostgreSQL...) with how long each had
// run, stops the whole group (SIGTERM, then SIGKILL after a grace period) and
// exits 124, naming the suite. Otherwise it exits as the command did. SIGINT
// and SIGTERM to the watchdog go to the whole group too.
import { execFileSync, spawn } from 'node:child_process';
import { constants } from 'node:os';

const [seconds, name, dashes, command, ...args] = process.argv.slice(2);
if (!seconds || !name || dashes !== '--' || !command) {
  console.error('usage: watchdog.mjs SECONDS NAME -- COMMAND [ARGS...]');
  process.exit(2);
}
const limitMs = Number(seconds) * 1000;
const GRACE_MS = 10000;

const child = spawn(command, args, { stdio: 'inherit', detached: true });
const group = child.pid;

// Every process of the group with its age and command line, oldest first.
function processesOfGroup() {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,pgid=,etimes=,args=', '-e'], { encoding: 'utf8' });
    return out.split('\n').map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
      .filter((m) => m && Number(m[2]) === group)
      .map((m) => ({ pid: Number(m[1]), seconds: Number(m[3]), args: m[4] }))
      .sort((a, b) => b.seconds - a.seconds);
  } catch {
    return [];
  }
}

const signalGroup = (signal) => {
  try {
    process.kill(-group, signal);
  } catch {
    // the group is gone already
  }
};
// `signal` to the group, then SIGKILL to what outlives the grace.
const stopGroup = (signal) => {
  signalGroup(signal);
  setTimeout(() => signalGroup('SIGKILL'), GRACE_MS).unref(); // sleep-ok: the grace before SIGKILL
};

let timedOut = false;
// A deadline, not a wait: the suite's own polling decides when it is done.
const deadline = setTimeout(() => {
  timedOut = true;
  const running = processesOfGroup();
  const files = running.filter((p) => /\.test\.mjs|tests\/harness\/run\.mjs|fuzz_|payd_unit_tests/.test(p.args));
  console.error(`\nwatchdog: ${name} did not finish in ${seconds} s; stopping it.`);
  console.error('watchdog: still running:');
  for (const p of files.length ? files : running) console.error(`  ${String(p.seconds).padStart(5)} s  ${p.args}`);
  if (files.length) {
    console.error('watchdog: and the processes they started:');
    for (const p of running.filter((r) => !files.includes(r))) console.error(`  ${String(p.seconds).padStart(5)} s  ${p.args}`);
  }
  stopGroup('SIGTERM');
}, limitMs);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stopGroup(signal));
}

child.on('exit', (code, signal) => {
  clearTimeout(deadline);
  // What the suite left behind (a daemon it started and lost) goes with it.
  signalGroup('SIGKILL');
  if (timedOut) {
    console.error(`watchdog: ${name} failed: time limit of ${seconds} s`);
    process.exit(124);
  }
  process.exit(code ?? 128 + constants.signals[signal]);
});
