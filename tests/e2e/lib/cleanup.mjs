// Stopping what a test file started, whatever happened before (issue 34: a
// payd that crashed at SIGTERM made its file's after() throw before anvil was
// stopped, and the live anvil kept the file, and the whole run, waiting forever).
//
// - stopAll(...steps): every cleanup step, in order, each guarded; the first
//   error (or all of them) is thrown only after the last step ran.
// - stopProcess(proc, ...): a signal and a deadline; a process still alive then
//   is SIGKILLed and the stop fails saying so. Nothing waits forever for a child.
// - withDeadline(promise, ...): the same bound for a stop that is not a child
//   process of ours (a browser closed through playwright, say).
// - track(proc), atExit(fn): the safety net. Every long-lived child the test
//   libraries spawn (payd, anvil, Medusa, nginx, the sqlite3 and psql shells)
//   is registered; whatever is still alive when this process exits (the file's
//   end, process.exit, --test-force-exit, an uncaught error) or is told to stop
//   (SIGTERM from node's test runner, SIGINT, SIGHUP) is SIGKILLed, so no
//   anvil or payd outlives its test file. atExit(fn) adds a synchronous step
//   of its own (stopping a PostgreSQL server that pg_ctl started, say).

// Runs each step (a function; a falsy one is skipped) in order, awaiting it,
// even when an earlier one failed; then throws the error if one failed, an
// AggregateError naming each if several did.
export async function stopAll(...steps) {
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
  if (errors.length > 1) {
    throw new AggregateError(errors, `${errors.length} cleanup steps failed:\n${errors.map((e) => `- ${e?.message ?? e}`).join('\n')}`);
  }
}

// `promise`'s value, or an Error(`${what} within ${ms / 1000} s`) once `ms`
// have passed (after `onTimeout()`, which may kill what did not end).
export async function withDeadline(promise, ms, what, onTimeout = () => {}) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, ms, TIMED_OUT); }); // sleep-ok: a deadline, not a wait
  try {
    const value = await Promise.race([promise, late]);
    if (value !== TIMED_OUT) return value;
  } finally {
    clearTimeout(timer);
  }
  await onTimeout();
  throw new Error(`${what} within ${ms / 1000} s`);
}
const TIMED_OUT = Symbol('timed out');

export const exited = (proc) => proc.exitCode !== null || proc.signalCode !== null;

// Sends `signal` to `proc` (to its process group with `group`, for a child
// spawned detached; none with `signal: null`, for one told to end another
// way) and resolves with its exit code, or the signal's name, once it has
// ended: on 'close' when its output is piped (every line read), else 'exit'.
// One still alive after `withinMs` is SIGKILLed, and the stop fails naming it
// (after `onHung(pid)`, which may say what its threads were doing).
export async function stopProcess(proc, { signal = 'SIGTERM', withinMs = 20000, name = 'the process', group = false, onHung } = {}) {
  if (!proc || exited(proc)) return proc?.exitCode ?? proc?.signalCode;
  const piped = proc.stdout || proc.stderr;
  const ended = new Promise((resolve) => proc.once(piped ? 'close' : 'exit', (code, sig) => resolve(code ?? sig)));
  if (signal) signalProcess(proc, signal, group);
  let hung = '';
  let endedAnyway = false;
  try {
    return await withDeadline(ended, withinMs, `${name} (pid ${proc.pid}) did not end${signal ? ` after ${signal}` : ''}`, async () => {
      endedAnyway = exited(proc);
      if (endedAnyway) return;
      if (onHung) hung = await onHung(proc.pid);
      signalProcess(proc, 'SIGKILL', group);
    });
  } catch (e) {
    if (endedAnyway) {
      // It ended, but something it started still holds its output pipes: that goes too.
      if (group) signalProcess(proc, 'SIGKILL', true);
      proc.stdout?.destroy();
      proc.stderr?.destroy();
      return proc.exitCode ?? proc.signalCode;
    }
    throw new Error(`${e.message}: killed with SIGKILL${hung ? `\n${hung}` : ''}`);
  }
}

function signalProcess(proc, signal, group) {
  try {
    if (group) process.kill(-proc.pid, signal);
    else proc.kill(signal);
  } catch { /* already gone */ }
}

// The safety net: children still alive when this process ends.
const live = new Map(); // ChildProcess -> { group }

// Registers a child spawned by a test library; it is SIGKILLed should this
// process end while it runs. `group`: it was spawned detached, and its whole
// process group goes (nginx's workers, say). Returns `proc`.
export function track(proc, { group = false } = {}) {
  installOnce();
  live.set(proc, { group });
  proc.once('exit', () => {
    live.delete(proc);
    // What a group's leader leaves behind when it ends goes with it.
    if (group) signalProcess(proc, 'SIGKILL', true);
  });
  return proc;
}

// Registers `fn`, synchronous, to run should this process end before the
// returned function is called (when the test has stopped the thing itself).
const exitSteps = new Set();
export function atExit(fn) {
  installOnce();
  const step = () => fn();
  exitSteps.add(step);
  return () => exitSteps.delete(step);
}

// Synchronous: it runs in the 'exit' event, where nothing asynchronous does.
// A child that has ended (node reaped it) is skipped: its pid may be another's now.
export function killTracked() {
  for (const [proc, { group }] of live) {
    if (group || !exited(proc)) signalProcess(proc, 'SIGKILL', group);
  }
  live.clear();
  for (const step of exitSteps) {
    try {
      step();
    } catch (e) {
      process.stderr.write(`a cleanup step at exit failed: ${e.message}\n`);
    }
  }
  exitSteps.clear();
}

let installed = false;
function installOnce() {
  if (installed) return;
  installed = true;
  process.on('exit', killTracked);
  // Without a handler, node dies of these signals without an 'exit' event.
  for (const [signal, number] of [['SIGTERM', 15], ['SIGINT', 2], ['SIGHUP', 1]]) {
    process.on(signal, () => {
      process.stderr.write(`${signal}: stopping ${live.size} child process(es) of this test file\n`);
      killTracked();
      process.exit(128 + number);
    });
  }
}
