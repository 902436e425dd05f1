// What the threads of a live process are doing, for a test that found it
// hung: gdb's backtraces where gdb can attach, otherwise each thread's state
// and kernel wait channel from /proc. Never throws; the process is left running.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// One line per distinct stack, innermost frames first, with how many threads share it.
export function threadStacks(pid, { frames = 8, timeoutMs = 30000 } = {}) {
  const gdb = spawnSync('gdb', ['-p', String(pid), '-batch', '-nx', '-ex', 'set pagination off',
    '-ex', `thread apply all bt ${frames}`], { encoding: 'utf8', timeout: timeoutMs });
  const stacks = gdb.status === 0 ? summarise(gdb.stdout) : [];
  return stacks.length ? stacks.join('\n') : `(no backtraces: ${gdb.error?.message ?? gdb.stderr?.trim().split('\n').at(-1) ?? 'gdb failed'})\n${procStates(pid)}`;
}

// gdb prints "Thread 3 (Thread 0x... (LWP 123) "name"):" then "#0 0x... in f (...) at file:line".
function summarise(text) {
  const counts = new Map();
  for (const block of text.split(/\n(?=Thread \d+ )/).filter((b) => b.startsWith('Thread '))) {
    const name = /"([^"]*)"\)?:/.exec(block)?.[1] ?? '?';
    const calls = [...block.matchAll(/^#\d+\s+(?:0x[0-9a-f]+ in )?([^\s(]+)/gm)].map((m) => m[1]);
    const key = `${name}: ${calls.join(' < ')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}x ${key}`);
}

function procStates(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => {
      const read = (f) => { try { return readFileSync(`/proc/${pid}/task/${tid}/${f}`, 'utf8').trim(); } catch { return '?'; } };
      const state = /State:\s+(.*)/.exec(read('status'))?.[1] ?? '?';
      return `thread ${tid} ${read('comm')}: ${state}, waiting in ${read('wchan')}`;
    }).join('\n');
  } catch (e) {
    return `(no /proc entry: ${e.message})`;
  }
}

// The processes of a process group, as [{pid, comm}] (from /proc: no procps needed).
export function processGroup(pgid) {
  const out = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const [, , pgrp] = stat.slice(close + 2).split(' ');
      if (Number(pgrp) === pgid) out.push({ pid: Number(pid), comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch { /* gone meanwhile */ }
  }
  return out;
}
